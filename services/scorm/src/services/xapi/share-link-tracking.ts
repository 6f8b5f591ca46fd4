// Where a project's share page reports its readers (docs/analytics.md, "Senders"): the share link's
// own sender credential, for the project's activity, and the project's language. Only for a company
// whose plan has analytics: the share link is on every plan, the figures are read on those plans.
import { isUuid, AppError, type AuthMemberships } from '@trainwright/platform';
import type { ProjectDirectory } from '../ports.js';
import type { SenderCredentials, SenderTracking } from './sender-credentials.js';

export interface ShareLinkTrackingDeps {
  senders: Pick<SenderCredentials, 'tracking'>;
  projects: Pick<ProjectDirectory, 'source'>;
  /** What a company's plan grants, without a caller (platform AuthMemberships). */
  plans: Pick<AuthMemberships, 'companyCapabilities'>;
}

export type ShareLinkTracking = SenderTracking & { language: string };

const SHARE_LINK_ID = /^[0-9a-f]{64}$/;

/**
 * Public (the gateway asks after the project service resolved a live link): the tracking of the link
 * named by `shareLinkId`, the SHA-256 of its token, so the credential stays the same as long as the
 * link does; null when the company's plan has no analytics.
 */
export async function getShareLinkTracking(deps: ShareLinkTrackingDeps, input: { projectId: string; shareLinkId: string }): Promise<ShareLinkTracking | null> {
  if (!isUuid(input.projectId)) throw AppError.validation('project_id', 'project_id must be a project id');
  if (!SHARE_LINK_ID.test(input.shareLinkId)) throw AppError.validation('share_link_id', 'share_link_id must be the SHA-256 of the link, in hex');
  // The project's own company: the credential may only ever be that company's.
  const { project } = await deps.projects.source(input.projectId);
  if (!(await deps.plans.companyCapabilities(project.companyId)).includes('analytics')) return null;
  const sender = await deps.senders.tracking({ companyId: project.companyId, source: 'share_link', sourceId: input.shareLinkId, projectId: project.id });
  return { ...sender, language: project.language };
}
