// The gateway calls of a route action: each with the browser's session (gateway.write), the
// renewed cookies gathered for the answer, and a refusal thrown as the ApiError a browser call
// would have thrown (so shared rules like chargeAsShown read it), carrying the gateway's answer
// for the screen (failureOf).
import { cookieHeaders, gateway, type LoaderArgs } from './gateway.server';
import { TimeoutError, toError, type ApiErrorBody } from './lib/api';
import type { ActionFailure } from './lib/action-failure';

type Refused = Error & { failure?: ActionFailure };

/** A write's method, its path (under /api) and its JSON body. */
export interface ActionWrite {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

export function actionCalls(args: LoaderArgs, { timeoutMs }: { timeoutMs: number }) {
  const setCookie: string[] = [];
  async function call<T>(write: ActionWrite): Promise<T> {
    const written = await gateway.write(args, write.method, `/api${write.path}`, write.body, { timeoutMs });
    setCookie.push(...written.setCookie);
    if (written.status !== null && written.status >= 200 && written.status < 300) return written.body as T;
    const body = written.body && typeof written.body === 'object' ? (written.body as Partial<ApiErrorBody>) : undefined;
    const error: Refused = written.status === null ? new TimeoutError() : toError(written.status, body);
    error.failure = { status: written.status, body };
    throw error;
  }
  /** The answer's headers: the session cookies any call renewed. */
  const headers = () => cookieHeaders(setCookie);
  return { call, headers };
}

/** The gateway's refusal an action's call threw; anything else is rethrown (the route's ErrorBoundary). */
export function failureOf(error: unknown): ActionFailure {
  const { failure } = error as Refused;
  if (!failure) throw error;
  return failure;
}
