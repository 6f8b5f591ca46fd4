// Render facts: render.progress and render.failed on the bus, render.completed as an outbox event
// written with the set made current (RenderedFiles.makeCurrent); each with the content version the
// job renders.
import { PipelinePublisher, type EventBus } from '@trainwright/platform';
import type { RenderEventChannel, RenderEvents } from '../services/renders/deps.js';

export class RenderEventsRepository implements RenderEventChannel {
  constructor(private readonly bus: EventBus) {}

  /** Progress goes to `onProgress` (the job's own) first, then onto the bus. */
  forRun(run: { id: string; contentVersion: number }, onProgress: (stage: string, percent: number) => Promise<void>): RenderEvents {
    const publisher = new PipelinePublisher(this.bus, 'render', run, onProgress);
    return {
      progress: (projectId, stage, percent) => publisher.progress(projectId, stage, percent),
      completion: (projectId) => publisher.completion(projectId, { status: 'completed', stage: 'completed' }),
      // With the failure's catalogue message, when it is one (error_message).
      failed: (projectId, failure) => publisher.failed(projectId, failure),
    };
  }
}
