// The published interactive video a package carries: its pinned media and elements, and over a
// translated package's video, its texts translated and its times moved to that video.
import { SCORM_MESSAGES, catalogueMessage, validateInteractiveVideo, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import { BuildError } from '../build-error.js';
import { courseSlides } from '../course.js';
import { interactiveTexts, translatedInteractive, type VideoTimeline } from '../interactive/translate-interactive.js';
import type { ProjectSource } from '../types.js';
import type { AssembleRequest, PackageDeps } from './deps.js';

/** A published interactive video version: its elements and pinned media. */
export interface PublishedInteractive {
  metadata: InteractiveVideoMetadata;
  videoKey: string;
  captionsKey: string;
  /** Seconds of the pinned video, as measured when it was pinned. */
  videoSeconds: number;
}

/** The project's published interactive video version with its pinned media (null: none published). */
export async function publishedInteractive(deps: Pick<PackageDeps, 'interactive'>, projectId: string): Promise<PublishedInteractive | null> {
  const current = await deps.interactive.findByProject(projectId);
  const published = current?.video.publishedVersion;
  if (!current || !published) return null;
  const view = published === current.version.version ? current : await deps.interactive.findVersion(current.video.id, published);
  const version = view?.version;
  if (!version?.videoKey) return null;
  return { metadata: version.metadata, videoKey: version.videoKey, captionsKey: version.captionsKey ?? '', videoSeconds: version.videoSeconds };
}

/**
 * The published interactive video over a translated package's video: its texts translated by the
 * translation service (the company's glossary and memory, the configured engine), its times
 * moved from the pinned video to `video` slide by slide, checked by the catalogue's rules.
 */
export async function translatedInteractiveVideo(
  deps: Pick<PackageDeps, 'translations' | 'media'>,
  published: PublishedInteractive,
  source: ProjectSource,
  translated: ProjectSource,
  video: NonNullable<AssembleRequest['video']>,
): Promise<InteractiveVideoMetadata> {
  const texts = interactiveTexts(published.metadata);
  const answer = texts.length
    ? await deps.translations.translateTexts({ companyId: source.companyId, projectId: source.id, from: source.language, to: translated.language, texts })
    : { texts: [] };
  if ('untranslatable' in answer) throw new BuildError(catalogueMessage(SCORM_MESSAGES, 'interactiveNotTranslated', translated.language, answer.untranslatable), false);
  const timeline = async (project: ProjectSource, seconds: number, captionsKey: string): Promise<VideoTimeline> => ({
    seconds,
    captionsVtt: captionsKey ? await deps.media.text(captionsKey) : '',
    slides: courseSlides(project)?.length ?? 0,
  });
  // The pinned video's length was measured when it was pinned.
  const original = await timeline(source, published.videoSeconds || published.metadata.video_duration, published.captionsKey);
  const target = await timeline(translated, await deps.media.durationOf(video.mp4StorageKey), video.vttStorageKey);
  const metadata = translatedInteractive(published.metadata, new Map(texts.map((t, i) => [t, answer.texts[i]!])), original, target);
  const issue = validateInteractiveVideo(metadata);
  if (issue) throw new BuildError(catalogueMessage(SCORM_MESSAGES, 'interactiveNotRetimed', translated.language, issue.message), false);
  return metadata;
}
