// The job's facts on the event bus (PipelineProgress on generation.progress/completed/failed).
// The project service applies them to the project's status; the gateway streams them to browsers.
import type { EventBus } from '@trainwright/platform';
import { PipelineProgress } from '@trainwright/proto/trainwright/events/v1/events';
import type { QualityAssessment } from '../domain/types.js';
import { GenerationError } from '../domain/types.js';
import type { StoredContent } from '../services/content.js';
import type { GenerationEvents } from '../services/generation.service.js';

/** NATS refuses messages over its max_payload (1 MB by default); stay clear of it. */
const MAX_EVENT_BYTES = 900_000;
/** Progress steps smaller than this are not worth an event. */
const MIN_STEP = 5;

export class BusGenerationEvents implements GenerationEvents {
  private readonly last = new Map<string, { stage: string; percent: number }>();

  constructor(
    private readonly bus: EventBus,
    /** Distinguishes this run's events from a previous attempt's (JetStream dedupes by id). */
    private readonly runId: string,
  ) {}

  async progress(projectId: string, stage: 'analyzing' | 'generating_content', percent: number): Promise<void> {
    const value = Math.max(0, Math.min(100, Math.round(percent)));
    const previous = this.last.get(projectId);
    if (previous && previous.stage === stage && value !== 100 && value - previous.percent < MIN_STEP) return;
    if (previous && previous.stage === stage && value <= previous.percent) return;
    this.last.set(projectId, { stage, percent: value });
    await this.publish('generation.progress', `${projectId}:${this.runId}:${stage}:${value}`, {
      projectId,
      status: stage,
      stage,
      percent: value,
    });
  }

  async completed(projectId: string, content: StoredContent, assessment: QualityAssessment): Promise<void> {
    const json = JSON.stringify(content);
    if (Buffer.byteLength(json) > MAX_EVENT_BYTES) {
      throw new GenerationError('The generated content is too large to store. Please split the source material into smaller documents.');
    }
    await this.publish('generation.completed', `${projectId}:${this.runId}:completed`, {
      projectId,
      // Until the media-render service takes over after generation, generation completes the project.
      status: 'completed',
      stage: 'generating_content',
      percent: 100,
      generatedContentJson: json,
      qualityScore: assessment.overall_score,
      engagementPrediction: assessment.engagement_prediction,
    });
    this.last.delete(projectId);
  }

  async failed(projectId: string, message: string): Promise<void> {
    await this.publish('generation.failed', `${projectId}:${this.runId}:failed`, { projectId, status: 'failed', stage: '', percent: 0, error: message });
    this.last.delete(projectId);
  }

  private async publish(subject: string, id: string, event: Partial<PipelineProgress> & { projectId: string; status: string }): Promise<void> {
    const message = PipelineProgress.encode({
      stage: '',
      percent: 0,
      error: '',
      generatedContentJson: '',
      occurredAt: new Date().toISOString(),
      ...event,
    }).finish();
    await this.bus.publish(subject, message, id);
  }
}
