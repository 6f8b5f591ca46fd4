// Live progress of a build, published straight on the bus (a missed step is healed by the next;
// readiness and failure go through the outbox). The id dedupes a redelivered step.
import type { EventBus } from '@trainwright/platform';
import { packageEvent } from '../services/events.js';
import type { ProgressEvents } from '../services/ports.js';
import type { PackageRecord } from '../services/types.js';

export class ProgressEventsRepository implements ProgressEvents {
  constructor(private readonly bus: EventBus) {}

  async progress(p: PackageRecord): Promise<void> {
    const event = packageEvent('scorm.progress', p);
    await this.bus.publish(event.subject, event.payload, `${p.id}-progress-${p.progress}`);
  }
}
