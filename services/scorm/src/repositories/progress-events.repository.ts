// Live progress of a build or of an interactive video's preparation, published straight on the bus
// (a missed step is healed by the next; readiness and failure go through the outbox). The id
// dedupes a redelivered step.
import type { EventBus } from '@trainwright/platform';
import { interactiveVideoEvent, packageEvent } from '../services/events.js';
import type { InteractiveVideoRecord } from '../services/interactive/types.js';
import type { InteractiveProgressEvents } from '../services/interactive/deps.js';
import type { ProgressEvents } from '../services/packages/deps.js';
import type { PackageRecord } from '../services/types.js';

export class ProgressEventsRepository implements ProgressEvents {
  constructor(private readonly bus: EventBus) {}

  async progress(p: PackageRecord): Promise<void> {
    const event = packageEvent('scorm.progress', p);
    await this.bus.publish(event.subject, event.payload, `${p.id}-progress-${p.progress}`);
  }

  /** The interactive video operations' port (InteractiveProgressEvents). */
  readonly interactive: InteractiveProgressEvents = {
    progress: async (v: InteractiveVideoRecord) => {
      const event = interactiveVideoEvent('interactive_video.progress', v);
      await this.bus.publish(event.subject, event.payload, `${v.id}-v${v.currentVersion}-progress-${v.progress}`);
    },
  };
}
