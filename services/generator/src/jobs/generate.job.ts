// The `generate` queue's worker: one job per project generation. The project service enqueues
// {projectId} with a deterministic job id; attempts and backoff are set there. A permanent
// failure ends the job at once (UnrecoverableError); a transient one is retried by BullMQ.
import { UnrecoverableError, type Job, type Worker } from 'bullmq';
import { createWorker, type EventBus, type QueueContext } from '@trainwright/platform';
import { GenerationError } from '../domain/types.js';
import { BusGenerationEvents } from '../repositories/pipeline-events.js';
import type { GenerationEvents, GenerationService, JobTimings } from '../services/generation.service.js';

export const GENERATE_QUEUE = 'generate';

export interface GenerateJobData {
  projectId: string;
}

export function startGenerateWorker(
  ctx: QueueContext,
  build: (events: GenerationEvents) => GenerationService,
  bus: EventBus,
  concurrency: number,
): Worker<GenerateJobData, JobTimings> {
  return createWorker<GenerateJobData, JobTimings>(
    ctx,
    GENERATE_QUEUE,
    async (job: Job<GenerateJobData>) => {
      const attempt = job.attemptsMade + 1;
      const events = new BusGenerationEvents(bus, `${job.id}:${attempt}`);
      const progressToJob: GenerationEvents = {
        progress: async (projectId, stage, percent) => {
          await job.updateProgress({ stage, percent });
          await events.progress(projectId, stage, percent);
        },
        completed: (projectId, content, assessment) => events.completed(projectId, content, assessment),
        failed: (projectId, message) => events.failed(projectId, message),
      };
      try {
        return await build(progressToJob).run(job.data.projectId, { attempt, maxAttempts: job.opts.attempts ?? 1 });
      } catch (error) {
        if (error instanceof GenerationError && !error.retryable) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    { concurrency },
  );
}
