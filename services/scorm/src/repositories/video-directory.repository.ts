// media-render over gRPC: where a project's current narrated video and captions are kept.
import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { MediaServiceClient, MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import type { VideoDirectory } from '../services/ports.js';

export class VideoDirectoryRepository implements VideoDirectory {
  private readonly media: PromiseClient<typeof MediaServiceService>;

  constructor(mediaAddress: string, options: { deadlineMs: number }) {
    this.media = createGrpcClient(MediaServiceClient as never, MediaServiceService, mediaAddress, options);
  }

  async videoFiles(userId: string, projectId: string, language = '') {
    const files = await this.media.getVideoFiles({ userId, projectId, language }, { userId });
    return { mp4: files.mp4StorageKey ? { storageKey: files.mp4StorageKey, size: Number(files.mp4Size) } : null, vttStorageKey: files.vttStorageKey };
  }

  close(): void {
    this.media.close();
  }
}
