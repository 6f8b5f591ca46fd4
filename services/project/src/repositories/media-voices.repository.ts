// media-render's voice library as the project service sees it (gRPC): whether a company may use a
// voice. Its refusals (a plan lock: FEATURE_NOT_AVAILABLE; another company's own voice: NOT_FOUND)
// travel back as AppErrors with their code, message and catalogue message unchanged.
import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { MediaServiceClient, MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import type { VoiceLibrary } from '../services/projects/deps.js';

export class MediaVoicesRepository implements VoiceLibrary {
  private readonly client: PromiseClient<typeof MediaServiceService>;

  constructor(mediaAddress: string, options: { deadlineMs: number }) {
    this.client = createGrpcClient(MediaServiceClient as never, MediaServiceService, mediaAddress, options);
  }

  async requireAllowed(userId: string, companyId: string, voiceId: string): Promise<void> {
    await this.client.checkVoice({ userId, companyId, voiceId }, { userId });
  }

  close(): void {
    this.client.close();
  }
}
