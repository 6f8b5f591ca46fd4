// One error type for expected failures. Its code decides the HTTP status (gateway) and the gRPC
// status (service handlers); the message is safe to show to a user.
import { Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { isCatalogueMessage, type CatalogueMessage, type MessageParam } from '@trainwright/catalogue';

export const ERROR_CODES = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  /** Pay-per-use: the narrated video renders once it is paid for (the Payment Required dialog). */
  PAYMENT_REQUIRED: 402,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  PLAN_LIMIT_REACHED: 403,
  FEATURE_NOT_AVAILABLE: 403,
  /** The free trial is over: nothing new is generated or rendered until the account upgrades. */
  TRIAL_ENDED: 403,
  NOT_FOUND: 404,
  COMPANY_NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** If-Match or If-None-Match did not hold (the learning record store's documents). */
  PRECONDITION_FAILED: 412,
  /** A request body that stopped arriving (an upload past its idle or overall time limit). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  TIMEOUT: 504,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** The specification's generic catalogue texts (part 1 section 8). */
export const MESSAGES = {
  generic: 'An error occurred. Please try again.',
  network: 'Network error. Please check your connection.',
  unauthenticated: 'Authentication failed. Please log in again.',
  forbidden: "You don't have permission to perform this action.",
  notFound: 'The requested resource was not found.',
  badInput: 'Please check your input and try again.',
  server: 'Server error. Please try again later.',
} as const;

const GRPC_BY_HTTP: Record<number, GrpcStatus> = {
  400: GrpcStatus.INVALID_ARGUMENT,
  401: GrpcStatus.UNAUTHENTICATED,
  402: GrpcStatus.FAILED_PRECONDITION,
  403: GrpcStatus.PERMISSION_DENIED,
  404: GrpcStatus.NOT_FOUND,
  408: GrpcStatus.DEADLINE_EXCEEDED,
  409: GrpcStatus.ALREADY_EXISTS,
  412: GrpcStatus.FAILED_PRECONDITION,
  413: GrpcStatus.RESOURCE_EXHAUSTED,
  415: GrpcStatus.INVALID_ARGUMENT,
  429: GrpcStatus.RESOURCE_EXHAUSTED,
  500: GrpcStatus.INTERNAL,
  503: GrpcStatus.UNAVAILABLE,
  504: GrpcStatus.DEADLINE_EXCEEDED,
};

const META_CODE = 'x-error-code';
const META_DETAIL = 'x-error-detail';
const META_MESSAGE = 'x-error-message';

/** What identifies a catalogue message on the wire: a client translates it by id. */
export interface MessageRef {
  id: string;
  params: MessageParam[];
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: unknown;
  /** Set when the message is one of the catalogue's (`catalogueMessage(TABLE, key, ...args)`). */
  readonly messageRef: MessageRef | undefined;

  constructor(code: ErrorCode, message: string | CatalogueMessage, detail?: unknown, messageRef?: MessageRef) {
    super(isCatalogueMessage(message) ? message.text : message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code];
    this.detail = detail;
    this.messageRef = isCatalogueMessage(message) ? { id: message.id, params: message.params } : messageRef;
  }

  static validation(field: string, message: string | CatalogueMessage): AppError {
    return new AppError('VALIDATION_FAILED', message, { field });
  }

  static notFound(message: string | CatalogueMessage = MESSAGES.notFound): AppError {
    return new AppError('NOT_FOUND', message);
  }

  static forbidden(message: string | CatalogueMessage = MESSAGES.forbidden): AppError {
    return new AppError('FORBIDDEN', message);
  }

  /** Turns anything thrown into an AppError; unknown faults become INTERNAL with a safe message. */
  static parse(error: unknown): AppError {
    if (error instanceof AppError) return error;
    if (isServiceError(error)) return AppError.fromGrpc(error);
    return new AppError('INTERNAL', MESSAGES.server);
  }

  get grpcStatus(): GrpcStatus {
    return GRPC_BY_HTTP[this.status] ?? GrpcStatus.UNKNOWN;
  }

  /** The error as a gRPC status with our code and detail in trailing metadata. */
  toGrpc(): Partial<ServiceError> {
    const metadata = new Metadata();
    metadata.set(META_CODE, this.code);
    if (this.detail !== undefined) metadata.set(META_DETAIL, JSON.stringify(this.detail));
    if (this.messageRef) metadata.set(META_MESSAGE, JSON.stringify(this.messageRef));
    return { code: this.grpcStatus, details: this.message, metadata };
  }

  static fromGrpc(error: ServiceError): AppError {
    const code = error.metadata?.get(META_CODE)[0];
    if (typeof code === 'string' && code in ERROR_CODES) {
      const rawDetail = error.metadata.get(META_DETAIL)[0];
      const detail = typeof rawDetail === 'string' ? safeJson(rawDetail) : undefined;
      const rawMessage = error.metadata.get(META_MESSAGE)[0];
      return new AppError(code as ErrorCode, error.details, detail, typeof rawMessage === 'string' ? messageRefOf(safeJson(rawMessage)) : undefined);
    }
    switch (error.code) {
      case GrpcStatus.UNAVAILABLE:
        return new AppError('UNAVAILABLE', MESSAGES.server);
      case GrpcStatus.DEADLINE_EXCEEDED:
        return new AppError('TIMEOUT', MESSAGES.server);
      case GrpcStatus.NOT_FOUND:
        return new AppError('NOT_FOUND', MESSAGES.notFound);
      case GrpcStatus.PERMISSION_DENIED:
        return new AppError('FORBIDDEN', MESSAGES.forbidden);
      case GrpcStatus.UNAUTHENTICATED:
        return new AppError('UNAUTHENTICATED', MESSAGES.unauthenticated);
      default:
        return new AppError('INTERNAL', MESSAGES.server);
    }
  }

  /** The one error body: `message_id` and `params` when the message is a catalogue message. */
  toJSON(): { code: ErrorCode; message: string; detail?: unknown; message_id?: string; params?: MessageParam[] } {
    return {
      code: this.code,
      message: this.message,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.messageRef ? { message_id: this.messageRef.id, params: this.messageRef.params } : {}),
    };
  }
}

/** A message id and params read back (trailing metadata, a jsonb column), checked: undefined for anything that is not one. */
export function messageRefOf(value: unknown): MessageRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { id, params } = value as Partial<MessageRef>;
  if (typeof id !== 'string' || !id || !Array.isArray(params)) return undefined;
  return { id, params: params.filter((p): p is MessageParam => typeof p === 'string' || typeof p === 'number') };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isServiceError(error: unknown): error is ServiceError {
  return typeof error === 'object' && error !== null && 'code' in error && 'metadata' in error && 'details' in error;
}
