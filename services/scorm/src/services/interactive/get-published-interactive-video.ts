import type { InteractiveDeps } from './deps.js';
import { publishedView } from './published.js';
import type { PublishedInteractiveVideo } from './types.js';

/**
 * Public: the published version behind a share token, with the branch targets learners may go on to
 * and, when the version's analytics are on, where the player reports (its sender credential).
 */
export async function getPublishedInteractiveVideo(deps: Pick<InteractiveDeps, 'store' | 'senders' | 'projects'>, token: string): Promise<PublishedInteractiveVideo> {
  const { video, version } = await publishedView(deps, token);
  const targets = [
    ...new Set(
      version.metadata.branching_scenarios.flatMap((s) => s.branches.filter((b) => b.target_type === 'project' && b.target_project_id).map((b) => b.target_project_id!)),
    ),
  ];
  return {
    title: version.title,
    version: version.version,
    metadata: version.metadata,
    hasCaptions: version.captionsKey !== null,
    branchTargets: targets.length ? await deps.store.publishedTokens(video.companyId, targets) : {},
    tracking: version.metadata.analytics_enabled
      ? {
          ...(await deps.senders.tracking({ companyId: video.companyId, source: 'interactive', sourceId: video.id, projectId: video.projectId })),
          language: (await deps.projects.source(video.projectId)).project.language,
        }
      : null,
  };
}
