// A route action's report of a gateway refusal, as the gateway sent it, and the error a screen
// shows for it (the same ApiError a call from the browser would have thrown).
import { TimeoutError, toError, type ApiError, type ApiErrorBody } from './api';

/** The gateway's status and error body; status null: no answer in time. */
export interface ActionFailure {
  status: number | null;
  body: Partial<ApiErrorBody> | undefined;
}

export function failureError(failure: ActionFailure): ApiError | TimeoutError {
  return failure.status === null ? new TimeoutError() : toError(failure.status, failure.body);
}
