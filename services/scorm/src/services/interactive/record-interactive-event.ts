import { INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import type { InteractiveDeps } from './deps.js';
import { publishedView } from './published.js';
import { INTERACTIVE_EVENT_LIMITS, INTERACTIVE_EVENT_TYPES, NUL_MESSAGE, type InteractiveEventInput } from './types.js';

/** Public: one learner event of the published version (kept when its analytics are on). */
export async function recordInteractiveEvent(deps: Pick<InteractiveDeps, 'store'>, token: string, event: InteractiveEventInput): Promise<void> {
  if (!isUuid(event.sessionId)) throw AppError.validation('session_id', 'session_id must be a uuid.');
  if (!(INTERACTIVE_EVENT_TYPES as readonly string[]).includes(event.type)) throw AppError.validation('type', `type is one of ${INTERACTIVE_EVENT_TYPES.join(', ')}.`);
  if (event.elementId.length > INTERACTIVE_EVENT_LIMITS.elementIdMax) throw AppError.validation('element_id', `element_id may hold at most ${INTERACTIVE_EVENT_LIMITS.elementIdMax} characters.`);
  if (event.value.length > INTERACTIVE_EVENT_LIMITS.valueMax) throw AppError.validation('value', `value may hold at most ${INTERACTIVE_EVENT_LIMITS.valueMax} characters.`);
  if (event.elementId.includes('\u0000') || event.value.includes('\u0000')) throw AppError.validation(event.value.includes('\u0000') ? 'value' : 'element_id', NUL_MESSAGE);
  const { video, version } = await publishedView(deps, token);
  const end = Math.max(version.metadata.video_duration, version.videoSeconds) + INTERACTIVE_VIDEO_TIME_TOLERANCE_SECONDS;
  if (!Number.isFinite(event.mediaTime) || event.mediaTime < 0 || event.mediaTime > end) throw AppError.validation('media_time', `media_time must be between 0 and ${Math.floor(end)} seconds.`);
  if (!version.metadata.analytics_enabled && !version.generateAnalytics) return;
  await deps.store.recordEvent(video.id, version.version, event);
}
