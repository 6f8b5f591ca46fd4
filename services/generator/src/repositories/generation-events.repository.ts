// Generation facts on the bus (PipelineProgress on generation.progress/completed/failed). The
// project service applies them to the project's status; the gateway streams them to browsers.
import { GENERATION_FAILURES, catalogueMessage } from '@trainwright/catalogue';
import { contentToMessage, PipelinePublisher, type EventBus } from '@trainwright/platform';
import { GeneratedContent as GeneratedContentMessage } from '@trainwright/proto/trainwright/content/v1/content';
import { GenerationError } from '../domain/types.js';
import type { GenerationEventChannel, GenerationEvents } from '../services/generations/deps.js';

/** NATS refuses messages over its max_payload (1 MB by default); stay clear of it. */
const MAX_EVENT_BYTES = 900_000;

export class GenerationEventsRepository implements GenerationEventChannel {
  constructor(private readonly bus: EventBus) {}

  /** Progress goes to `onProgress` (the job's own) first, then onto the bus. */
  forRun(run: { id: string; contentVersion: number }, onProgress: (stage: string, percent: number) => Promise<void>): GenerationEvents {
    const publisher = new PipelinePublisher(this.bus, 'generation', run, onProgress);
    return {
      progress: (projectId, stage, percent) => publisher.progress(projectId, stage, percent),
      completed: async (projectId, content, assessment) => {
        const generatedContent = contentToMessage(content);
        if (GeneratedContentMessage.encode(generatedContent).finish().byteLength > MAX_EVENT_BYTES) {
          throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'contentTooLarge'));
        }
        await publisher.completed(projectId, {
          // The project service hands the project on to rendering when it applies this.
          status: 'generating_content',
          stage: 'generating_content',
          generatedContent,
          qualityScore: assessment.overall_score,
          engagementPrediction: assessment.engagement_prediction,
        });
      },
      // With the failure's catalogue message, when it is one (error_message).
      failed: (projectId, failure) => publisher.failed(projectId, failure),
    };
  }
}
