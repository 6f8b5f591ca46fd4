// The gateway calls of a route action: each with the browser's session (gateway.write), the
// renewed cookies gathered for the answer, and a refusal thrown as the ApiError a browser call
// would have thrown (so shared rules like chargeAsShown read it), carrying the gateway's answer
// for the screen (failureOf).
import { data } from '@remix-run/node';
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

/** The answer of an action of one write: what `done` made of the gateway's answer, or its refusal. */
export type WriteAnswer<Intent extends string, Done extends object> = ({ intent: Intent; ok: true } & Done) | { intent: Intent; ok: false; failure: ActionFailure };

/**
 * A route action whose every intent is one gateway write: the JSON body checked by `isRequest`
 * (anything else: 400 INVALID_INTENT, answered as `invalidIntent`'s refusal), `write(request)`
 * called with the session, and the answer `{ intent, ok: true, ...done(result, request) }` or the
 * gateway's refusal, with the renewed cookies (routes/glossary.tsx, templates.tsx, _index.tsx).
 */
export async function oneWriteAction<Request extends { intent: string }, Result, Done extends object>(
  args: LoaderArgs,
  spec: {
    isRequest: (value: unknown) => value is Request;
    write: (request: Request) => ActionWrite;
    done: (result: Result, request: Request) => Done;
    invalidIntent: Request['intent'];
    timeoutMs?: number;
  },
) {
  const request: unknown = await args.request.json().catch(() => null);
  if (!spec.isRequest(request)) {
    const refused: WriteAnswer<Request['intent'], Done> = { intent: spec.invalidIntent, ok: false, failure: { status: 400, body: { code: 'INVALID_INTENT', message: 'Unknown intent' } } };
    return data(refused, { status: 400 });
  }
  const calls = actionCalls(args, { timeoutMs: spec.timeoutMs ?? 15_000 });
  let answer: WriteAnswer<Request['intent'], Done>;
  try {
    const result = await calls.call<Result>(spec.write(request));
    answer = { intent: request.intent, ok: true, ...spec.done(result, request) };
  } catch (err) {
    answer = { intent: request.intent, ok: false, failure: failureOf(err) };
  }
  return data(answer, { headers: calls.headers() });
}
