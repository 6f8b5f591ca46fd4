// The view downloads, the preview and the narration estimate read of a project: media-render's
// own, kept from the project service's events (subscriptions/project-views.subscription.ts), so
// they ask no other service once it is kept.
import { AppError, isUuid } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { ProjectDirectory, ProjectView, ProjectViews } from './ports.js';

/** The view of a project as the project service answers it (a view miss). */
export function viewOfProject(project: Project): ProjectView {
  return {
    projectId: project.id,
    companyId: project.companyId,
    title: project.title,
    status: project.status,
    visualFormat: project.visualFormat,
    hasContent: project.hasContent,
    contentVersion: project.contentVersion,
  };
}

/**
 * The project's view. On a miss the project service answers once (with the caller's rights:
 * NOT_FOUND for another company's project) and its answer is kept; events keep it from then on.
 * NOT_FOUND with `notFoundMessage` for an id that is no project's, or a deleted one.
 */
export async function readProjectView(
  deps: { views: Pick<ProjectViews, 'find' | 'keepRead'>; projects: Pick<ProjectDirectory, 'project'> },
  userId: string,
  projectId: string,
  notFoundMessage: string,
): Promise<ProjectView> {
  if (!isUuid(projectId)) throw AppError.notFound(notFoundMessage);
  const kept = await deps.views.find(projectId);
  if (kept === 'deleted') throw AppError.notFound(notFoundMessage);
  if (kept) return kept;
  const view = viewOfProject(await deps.projects.project(userId, projectId));
  await deps.views.keepRead(view);
  return view;
}
