// One error shape for every failure: {code, message, detail?}. Validation errors name the field;
// 5xx answers never carry internals (they are logged instead).
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from '@trainwright/platform';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
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
    case 'type':
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
      return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.badInput);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', MESSAGES.badInput);
  }
  const status = e.statusCode ?? 500;
  if (status === 429) return new AppError('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.');
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', MESSAGES.badInput);
  if (status === 404) return AppError.notFound();
  if (status >= 400 && status < 500) return new AppError('VALIDATION_FAILED', MESSAGES.badInput);
  return AppError.parse(error);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    void reply.status(appError.status).send(appError.toJSON());
  });
  app.setNotFoundHandler((_request, reply) => {
    void reply.status(404).send(AppError.notFound().toJSON());
  });
}
