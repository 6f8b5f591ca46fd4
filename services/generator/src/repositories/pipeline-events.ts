// The job's facts on the event bus (PipelineProgress on generation.progress/completed/failed).
// The project service applies them to the project's status; the gateway streams them to browsers.
import { PipelinePublisher, type EventBus } from '@trainwright/platform';
import type { QualityAssessment } from '../domain/types.js';
import { GenerationError } from '../domain/types.js';
import type { StoredContent } from '../services/content.js';
import type { GenerationEvents } from '../services/generation.service.js';

/** NATS refuses messages over its max_payload (1 MB by default); stay clear of it. */
const MAX_EVENT_BYTES = 900_000;

export class BusGenerationEvents implements GenerationEvents {
  private readonly publisher: PipelinePublisher;

  constructor(bus: EventBus, runId: string) {
    this.publisher = new PipelinePublisher(bus, 'generation', runId);
  }

  progress(projectId: string, stage: 'analyzing' | 'generating_content', percent: number): Promise<void> {
    return this.publisher.progress(projectId, stage, percent);
  }

  async completed(projectId: string, content: StoredContent, assessment: QualityAssessment): Promise<void> {
    const json = JSON.stringify(content);
    if (Buffer.byteLength(json) > MAX_EVENT_BYTES) {
      throw new GenerationError('The generated content is too large to store. Please split the source material into smaller documents.');
    }
    await this.publisher.completed(projectId, {
      // The project service hands the project on to rendering when it applies this.
      status: 'generating_content',
      stage: 'generating_content',
      generatedContentJson: json,
      qualityScore: assessment.overall_score,
      engagementPrediction: assessment.engagement_prediction,
    });
  }

  failed(projectId: string, message: string): Promise<void> {
    return this.publisher.failed(projectId, message);
  }
}
