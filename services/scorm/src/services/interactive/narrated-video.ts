import type { InteractiveDeps } from './deps.js';

/** The project's current narrated video: its storage key and real length (null: none rendered yet). */
export async function narratedVideo(
  deps: Pick<InteractiveDeps, 'videos' | 'media'>,
  userId: string,
  projectId: string,
): Promise<{ storageKey: string; seconds: number; captionsKey: string } | null> {
  const files = await deps.videos.videoFiles(userId, projectId);
  if (!files.mp4) return null;
  return { storageKey: files.mp4.storageKey, seconds: await deps.media.durationOf(files.mp4.storageKey), captionsKey: files.vttStorageKey };
}
