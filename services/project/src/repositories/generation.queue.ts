// The `generate` queue the generator service drains. The job carries the project id only.
import { createQueue, type QueueContext } from '@trainwright/platform';
import type { Queue } from 'bullmq';
import type { GenerationQueue, RenderQueue } from '../services/project.service.js';

export const GENERATE_QUEUE = 'generate';
export const RENDER_QUEUE = 'render';

export class BullGenerationQueue implements GenerationQueue {
  private readonly queue: Queue<{ projectId: string }>;

  constructor(ctx: QueueContext) {
    this.queue = createQueue<{ projectId: string }>(ctx, GENERATE_QUEUE);
  }

  async enqueue(projectId: string, contentVersion: string): Promise<void> {
    // A deterministic job id: enqueueing the same content twice runs it once.
    // Three attempts a second, two and four seconds apart: a model that timed out gets another
    // chance without keeping the user waiting long for a clear failure.
    await this.queue.add(
      'generate',
      { projectId },
      { jobId: `${projectId}-generate-${contentVersion}`, attempts: 3, backoff: { type: 'exponential', delay: 1000 } },
    );
  }

  async waiting(): Promise<number> {
    return this.queue.getWaitingCount();
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}

/** The `render` queue media-render's workers drain; one job per project and render key. */
export class BullRenderQueue implements RenderQueue {
  private readonly queue: Queue<{ projectId: string; renderKey: string }>;

  constructor(ctx: QueueContext) {
    this.queue = createQueue<{ projectId: string; renderKey: string }>(ctx, RENDER_QUEUE);
  }

  async enqueue(projectId: string, renderKey: string): Promise<void> {
    // Keyed by what it renders: the same content and settings are rendered once.
    await this.queue.add('render', { projectId, renderKey }, { jobId: `${projectId}-render-${renderKey}`, attempts: 3, backoff: { type: 'exponential', delay: 2000 } });
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
