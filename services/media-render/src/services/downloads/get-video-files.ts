import { CONTENT_LANGUAGES, TIERS } from '@trainwright/catalogue';
import { Access, AppError } from '@trainwright/platform';
import type { ProjectView, RenderedFile } from '../ports.js';
import { readProjectView } from '../project-views.js';
import type { DownloadDeps } from './deps.js';
import { DOWNLOAD_MESSAGES } from './messages.js';

/**
 * A project's current narrated video and its captions, for a package the scorm service builds:
 * tenancy as a download, never counted (the package counts its own downloads). Each part is
 * absent when there is none (a slides project, a video not paid for or not rendered yet, a plan
 * without video). `language`: a translation's, as downloads.
 */
export async function getVideoFiles(
  deps: Pick<DownloadDeps, 'views' | 'projects' | 'memberships' | 'files'>,
  userId: string,
  projectId: string,
  language = '',
): Promise<{ project: ProjectView; mp4?: RenderedFile; vtt?: RenderedFile }> {
  if (language && !CONTENT_LANGUAGES.includes(language)) throw AppError.validation('language', DOWNLOAD_MESSAGES.unknownLanguage(language.slice(0, 20)));
  const project = await readProjectView(deps, userId, projectId, DOWNLOAD_MESSAGES.notFound);
  const owner = await new Access(deps.memberships).require({ userId, companyId: project.companyId, action: 'project.read', notFoundMessage: DOWNLOAD_MESSAGES.notFound });
  if (!TIERS[owner.ownerTier].capabilities.videoGeneration) return { project };
  const mp4 = await deps.files.currentFile(projectId, 'mp4', language);
  if (!mp4) return { project };
  return { project, mp4, vtt: await deps.files.currentFile(projectId, 'vtt', language) };
}
