import { INTERACTIVE_VIDEO_LIMITS, INTERACTIVE_VIDEO_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, isUuid } from '@trainwright/platform';
import { courseSlides } from '../course.js';
import { loadProject, requireVideoAccess } from './access.js';
import type { InteractiveDeps } from './deps.js';
import { narratedVideo } from './narrated-video.js';
import { buildTemplate, templateDuration } from './template.js';
import type { InteractiveTemplate } from './types.js';

/**
 * A template: `durationOrId` is a duration in seconds (30-3600) or a project id; with a project
 * (there or in `projectId`) its elements come from the project's real content, without one it
 * is a single chapter at 0.
 */
export async function getInteractiveTemplate(
  deps: Pick<InteractiveDeps, 'projects' | 'memberships' | 'videos' | 'media'>,
  userId: string,
  durationOrId: string,
  projectId: string,
): Promise<InteractiveTemplate> {
  const asked = /^\d{1,5}(\.\d+)?$/.test(durationOrId) ? Number(durationOrId) : null;
  if (asked !== null && (asked < INTERACTIVE_VIDEO_LIMITS.durationMin || asked > INTERACTIVE_VIDEO_LIMITS.durationMax)) {
    throw AppError.validation('duration', catalogueMessage(INTERACTIVE_VIDEO_MESSAGES, 'duration'));
  }
  if (asked === null && !isUuid(durationOrId)) {
    throw AppError.validation('duration', `Give a duration in seconds (${INTERACTIVE_VIDEO_LIMITS.durationMin}-${INTERACTIVE_VIDEO_LIMITS.durationMax}) or a project id.`);
  }
  if (asked === null && projectId && projectId !== durationOrId) throw AppError.validation('project_id', 'project_id must name the project of the path.');
  const id = projectId || (asked === null ? durationOrId : '');

  if (!id) {
    // No project: the caller's current company decides the plan.
    const { currentCompanyId } = await deps.memberships.companiesOf(userId);
    await requireVideoAccess(deps, userId, currentCompanyId, 'project.read');
    const duration = templateDuration(null, asked);
    return { template: buildTemplate({ source: null, duration, videoSeconds: null, captionsVtt: '' }), videoDuration: duration, hasVideo: false };
  }

  const { project } = await loadProject(deps, userId, id, 'project.read');
  const video = await narratedVideo(deps, userId, id);
  const captionsVtt = video?.captionsKey ? await deps.media.text(video.captionsKey) : '';
  const company = project.website ? null : (await deps.memberships.companiesOf(userId)).companies.find((c) => c.companyId === project.companyId);
  const duration = templateDuration(video?.seconds ?? null, asked);
  const source = {
    title: project.title,
    slides: courseSlides(project) ?? [],
    questions: project.generatedContent?.questions ?? [],
    website: project.website || company?.website || '',
  };
  return { template: buildTemplate({ source, duration, videoSeconds: video?.seconds ?? null, captionsVtt }), videoDuration: duration, hasVideo: video !== null };
}
