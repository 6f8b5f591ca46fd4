// The pipeline's jobs, declared once by the platform: generation (the generator's workers drain
// the `generate` queue) and rendering (media-render's workers drain `render`), each with the owner's
// plan its creator read.
import { GENERATE_PROJECT_JOB, RENDER_PROJECT_JOB, type JobQueue, type OwnerPlan } from '@trainwright/platform';
import type { PipelineJobs } from '../services/projects/deps.js';

export class PipelineJobsRepository implements PipelineJobs {
  constructor(private readonly queues: { generate: JobQueue; render: JobQueue }) {}

  generate(projectId: string, contentVersion: number, plan: OwnerPlan): Promise<void> {
    return this.queues.generate.enqueue(GENERATE_PROJECT_JOB, { projectId, contentVersion: String(contentVersion), plan });
  }

  render(projectId: string, renderKey: string, contentVersion: number, plan: OwnerPlan): Promise<void> {
    return this.queues.render.enqueue(RENDER_PROJECT_JOB, { projectId, renderKey, contentVersion: String(contentVersion), plan });
  }
}
