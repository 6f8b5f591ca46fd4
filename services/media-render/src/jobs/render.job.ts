// The `render` queue's worker: one job per project and render key (enqueued by the project
// service). A permanent failure ends the job at once; a transient one is retried by BullMQ; a
// worker that dies mid-job leaves a stalled job that another worker picks up again.
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { PipelinePublisher, createWorker, type EventBus, type QueueContext } from '@trainwright/platform';
import { RenderError } from '../domain/types.js';
import { RENDER_QUEUE, type RenderEvents, type RenderService } from '../services/render.service.js';

export interface RenderJobData {
  projectId: string;
  renderKey: string;
}

/** Render facts on the bus: render.progress / render.completed / render.failed. */
export function busRenderEvents(bus: EventBus, runId: string, onProgress?: (stage: string, percent: number) => Promise<void>): RenderEvents {
  const publisher = new PipelinePublisher(bus, 'render', runId);
  return {
    progress: async (projectId, stage, percent) => {
      await onProgress?.(stage, percent);
      await publisher.progress(projectId, stage, percent);
    },
    completed: (projectId) => publisher.completed(projectId, { status: 'completed', stage: 'completed' }),
    failed: (projectId, message) => publisher.failed(projectId, message),
  };
}

export function startRenderWorker(
  ctx: QueueContext,
  build: (events: RenderEvents) => RenderService,
  bus: EventBus,
  options: { concurrency: number; lockDurationMs?: number },
): Worker<RenderJobData> {
  return createWorker<RenderJobData>(
    ctx,
    RENDER_QUEUE,
    async (job: Job<RenderJobData>) => {
      const attempt = job.attemptsMade + 1;
      const events = busRenderEvents(bus, `${job.id}:${attempt}`, (stage, percent) => job.updateProgress({ stage, percent }));
      try {
        return await build(events).run(job.data.projectId, job.data.renderKey, { attempt, maxAttempts: job.opts.attempts ?? 1 });
      } catch (error) {
        if (error instanceof RenderError && !error.retryable) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    // A video may take minutes: the lock is renewed while the worker lives; a dead worker's job
    // is found stalled after the lock expires and is run again.
    { concurrency: options.concurrency, lockDuration: options.lockDurationMs ?? 30_000, stalledInterval: options.lockDurationMs ?? 30_000 },
  );
}
