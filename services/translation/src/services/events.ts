// The translation service's facts (TranslationChanged), encoded for the outbox or the bus.
import { messageToProto, occurredNow, type OutboxEvent } from '@trainwright/platform';
import { TranslationChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { TranslationRecord } from './types.js';

export type TranslationSubject = 'translation.progress' | 'translation.completed' | 'translation.failed' | 'translation.deleted';

export function translationEvent(subject: TranslationSubject, t: TranslationRecord): OutboxEvent {
  return {
    subject,
    payload: TranslationChanged.encode({
      projectId: t.projectId,
      companyId: t.companyId,
      language: t.language,
      translationId: t.id,
      status: subject === 'translation.deleted' ? 'deleted' : t.status,
      progress: t.progress,
      version: t.version,
      engine: t.engine,
      error: t.error,
      errorMessage: messageToProto(t.errorMessage),
      occurredAt: occurredNow(),
    }).finish(),
  };
}
