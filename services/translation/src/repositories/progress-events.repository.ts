// Live progress of a translation, published straight on the bus (a missed step is healed by the
// next; completions and failures go through the outbox). The id dedupes a redelivered step.
import type { EventBus } from '@trainwright/platform';
import { translationEvent } from '../services/events.js';
import type { ProgressEvents } from '../services/translations/deps.js';
import type { TranslationRecord } from '../services/types.js';

export class ProgressEventsRepository implements ProgressEvents {
  constructor(private readonly bus: EventBus) {}

  async progress(t: TranslationRecord): Promise<void> {
    const event = translationEvent('translation.progress', t);
    await this.bus.publish(event.subject, event.payload, `${t.id}-${t.runId}-progress-${t.progress}`);
  }
}
