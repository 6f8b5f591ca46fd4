// Why a piece of work failed, as its row and its events keep it: the English text (logs, old
// clients, anything that shows text) and, when the text is a catalogue message, its id and
// params, so the web shows it in the user's language by id (as an error body's message_id).
import { isCatalogueMessage, type CatalogueMessage } from '@trainwright/catalogue';
import type { MessageRef as ProtoMessageRef } from '@trainwright/proto/trainwright/messages/v1/messages';
import { AppError, messageRefOf, type MessageRef } from './errors.js';
import { JobError } from './jobs.js';

export interface Failure {
  text: string;
  /** The catalogue message `text` is; null for a text of its own (a provider's words, a detail). */
  message: MessageRef | null;
}

/** A failure of a catalogue message, or of a text of its own. */
export function failure(message: string | CatalogueMessage): Failure {
  return isCatalogueMessage(message) ? { text: message.text, message: { id: message.id, params: message.params } } : { text: message, message: null };
}

/**
 * What a failed job tells its user: an expected failure's own message (a JobError, or a client
 * error a service answered: an AppError under 500), with its catalogue id; anything else (a fault,
 * logged by the caller) is `fallback`.
 */
export function failureOf(error: unknown, fallback: string | CatalogueMessage): Failure {
  if (error instanceof JobError) return { text: error.message, message: error.messageRef ?? null };
  if (error instanceof AppError && error.status < 500) return { text: error.message, message: error.messageRef ?? null };
  return failure(fallback);
}

/** Whether `error` is an expected failure failureOf shows as it is (not a fault to log). */
export function isExpectedFailure(error: unknown): boolean {
  return error instanceof JobError || (error instanceof AppError && error.status < 500);
}

/** A stored or carried message for an event or a gRPC answer (absent: none). */
export function messageToProto(message: MessageRef | null | undefined): ProtoMessageRef | undefined {
  if (!message) return undefined;
  return { id: message.id, params: message.params.map((p) => (typeof p === 'number' ? { number: p } : { text: p })) };
}

/** A message from an event or a gRPC answer (null: none). */
export function messageFromProto(message: ProtoMessageRef | undefined): MessageRef | null {
  if (!message?.id) return null;
  return { id: message.id, params: message.params.map((p) => p.number ?? p.text ?? '') };
}

/** A stored message (a jsonb column) read back: null for anything that is not one. */
export function storedMessage(value: unknown): MessageRef | null {
  return messageRefOf(value) ?? null;
}
