// One error shape for every failure: {code, message, detail?}. Validation errors name the field;
// 5xx answers never carry internals (they are logged instead).
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_LIMITS } from '@trainwright/catalogue';
import { AppError, MESSAGES } from '@trainwright/platform';
import { AdmissionRefused } from './admission.js';

export const ERROR_MESSAGES = {
  badUrl: 'The address is not valid: check its encoding.',
  paramTooLong: `A part of the address is longer than ${REQUEST_LIMITS.paramLength} characters.`,
  malformedMultipart: 'The multipart/form-data body is malformed. Please send the form again.',
  headersTooLarge: 'The request headers are too large.',
} as const;

/** What busboy says of a multipart body that is not well formed (its errors carry no code). */
const BUSBOY_ERROR = /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form|file)|Malformed part header|.* terminated early due to unexpected end of multipart data)$/;

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  /** The failing field's schema (the validators are verbose): its bounds and `x-message` (schemas/common.ts Int32). */
  parentSchema?: { type?: unknown; minimum?: number; maximum?: number; 'x-message'?: string };
}

/** A bounded integer's own message, for any value it refuses (a fraction, a string, out of range). */
function integerMessage(field: string, schema: AjvIssue['parentSchema']): string | undefined {
  if (schema?.type !== 'integer' || schema.minimum === undefined || schema.maximum === undefined) return undefined;
  return schema['x-message'] ?? `${field} must be a whole number from ${schema.minimum} to ${schema.maximum}`;
}

function fieldOf(issue: AjvIssue): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.params?.missingProperty ?? issue.params?.additionalProperty;
  if (typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path || 'body';
}

export function describeValidation(issue: AjvIssue): { field: string; message: string } {
  const field = fieldOf(issue);
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return { field, message: `${field} is required` };
    case 'additionalProperties':
      return { field, message: `${field} is not an allowed field` };
    case 'minimum':
    case 'maximum':
    case 'multipleOf':
      return { field, message: integerMessage(field, issue.parentSchema) ?? issue.parentSchema?.['x-message'] ?? `${field} ${issue.message ?? 'is out of range'}` };
    case 'type':
      if (p.type === 'number' && issue.parentSchema?.['x-message']) return { field, message: issue.parentSchema['x-message'] };
      if (p.type === 'integer') {
        const message = integerMessage(field, issue.parentSchema);
        if (message) return { field, message };
      }
      return { field, message: `${field} must be ${p.type === 'array' || p.type === 'object' || p.type === 'integer' ? 'an' : 'a'} ${String(p.type)}` };
    case 'format':
      return { field, message: p.format === 'email' ? `${field} must be an email address` : `${field} must be a valid ${String(p.format)}` };
    case 'maxLength':
      return { field, message: `${field} must be at most ${String(p.limit)} characters` };
    case 'minLength':
      return { field, message: Number(p.limit) <= 1 ? `${field} is required` : `${field} must be at least ${String(p.limit)} characters` };
    default:
      return { field, message: `${field} ${issue.message ?? 'is invalid'}` };
  }
}

export function toAppError(error: FastifyError | AppError | Error): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError & { validation?: AjvIssue[] };
  if (Array.isArray(e.validation) && e.validation.length > 0) {
    const first = describeValidation(e.validation[0]!);
    return new AppError('VALIDATION_FAILED', first.message, { field: first.field, issues: e.validation.map(describeValidation) });
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('INVALID_JSON', MESSAGES.badInput);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.badInput);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.badInput);
    case 'FST_ERR_BAD_URL':
      return new AppError('VALIDATION_FAILED', ERROR_MESSAGES.badUrl);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('VALIDATION_FAILED', ERROR_MESSAGES.paramTooLong, { limit: REQUEST_LIMITS.paramLength });
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new AppError('VALIDATION_FAILED', ERROR_MESSAGES.malformedMultipart);
  }
  // busboy's own errors (plain Errors, no status) for a multipart body that is not well formed.
  if (e.statusCode === undefined && BUSBOY_ERROR.test(e.message ?? '')) return new AppError('VALIDATION_FAILED', ERROR_MESSAGES.malformedMultipart);
  const status = e.statusCode ?? 500;
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.badInput);
  if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.badInput);
  if (status === 404) return AppError.notFound();
  if (status >= 400 && status < 500) return new AppError('VALIDATION_FAILED', MESSAGES.badInput);
  return AppError.parse(error);
}

/** Errors raised outside any route (Fastify's router): the one shape, never Fastify's. */
export function frameworkErrorReply(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  void reply.status(appError.status).send(appError.toJSON());
}

/** A request Node's HTTP parser refuses (bad request line or headers): answered in the one shape, then closed. */
export function clientErrorReply(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'TIMEOUT', MESSAGES.network]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'VALIDATION_FAILED', ERROR_MESSAGES.headersTooLarge]
        : [400, 'VALIDATION_FAILED', MESSAGES.badInput];
  const body = JSON.stringify({ code, message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** Seconds a client is told to wait before retrying a 429 or a 503 that does not say otherwise. */
export const DEFAULT_RETRY_AFTER_SECONDS = 1;

/**
 * A service that did not answer within its gRPC deadline (TIMEOUT) is answered 503 UNAVAILABLE,
 * never 504: the gateway's admission limits keep requests from waiting behind a crowd, so a
 * deadline means a backend too busy or too slow right now, and the client may retry after
 * Retry-After (docs/api.md, "Errors").
 */
export function forClient(error: AppError): AppError {
  return error.code === 'TIMEOUT' ? new AppError('UNAVAILABLE', error.message) : error;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = forClient(toAppError(error));
    if (appError.status >= 500 && !(error instanceof AdmissionRefused)) request.log.error({ err: error }, 'request failed');
    // Every 429 and 503 says when to try again.
    if ((appError.status === 429 || appError.status === 503) && !reply.hasHeader('retry-after')) {
      const seconds = error instanceof AdmissionRefused ? error.retryAfterSeconds : DEFAULT_RETRY_AFTER_SECONDS;
      void reply.header('retry-after', String(seconds));
    }
    void reply.status(appError.status).send(appError.toJSON());
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.status(404).send(AppError.notFound().toJSON());
  });
}
