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
    return this.client.estimateNarration({ userId, projectId, language }, { userId });
  }

  close(): void {
    this.client.close();
  }
}
