// media-render as billing sees it (gRPC): the length of a project's narration, which prices its
// narrated video. NOT_FOUND (a project the caller may not read) travels back as an AppError.
import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { MediaServiceClient, MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import type { MediaDirectory, NarrationEstimate } from '../services/billing/deps.js';

export class MediaDirectoryRepository implements MediaDirectory {
  private readonly client: PromiseClient<typeof MediaServiceService>;

  constructor(mediaAddress: string, options: { deadlineMs: number }) {
    this.client = createGrpcClient(MediaServiceClient as never, MediaServiceService, mediaAddress, options);
  }

  async estimateNarration(userId: string, projectId: string, language: string): Promise<NarrationEstimate> {
    const e = await this.client.estimateNarration({ userId, projectId, language }, { userId });
    return {
      slidesCount: e.slidesCount,
      secondsPerSlide: [...e.secondsPerSlide],
      totalSeconds: e.totalSeconds,
      hasNarration: e.hasNarration,
      voiceEnabled: e.voiceEnabled,
      visualFormat: e.visualFormat,
      ownerTier: e.ownerTier,
      companyId: e.companyId,
      contentVersion: e.contentVersion,
    };
  }

  close(): void {
    this.client.close();
  }
}
