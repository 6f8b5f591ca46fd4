// A failure as its row keeps it: the text in `error`, the catalogue message in `error_message`
// (jsonb, null for a text of its own); no failure clears both.
import type { Failure } from '@trainwright/platform';

export function failureColumns(failure: Failure | null): { error: string; error_message: string | null } {
  if (!failure) return { error: '', error_message: null };
  return { error: failure.text, error_message: failure.message ? JSON.stringify(failure.message) : null };
}
