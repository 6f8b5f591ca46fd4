// Queues the attempts of deliveries (DELIVER_INTEGRATION_EVENT_JOB on the integration queue).
import { DELIVER_INTEGRATION_EVENT_JOB, type JobQueue } from '@trainwright/platform';
import type { DeliveryJobs } from '../services/deps.js';

export class DeliveryJobsRepository implements DeliveryJobs {
  constructor(private readonly queue: JobQueue) {}

  async schedule(deliveryId: string, attempt: number, delayMs: number, replay = false): Promise<void> {
    await this.queue.enqueue(DELIVER_INTEGRATION_EVENT_JOB, replay ? { deliveryId, attempt, replay } : { deliveryId, attempt }, { delayMs });
  }
}
