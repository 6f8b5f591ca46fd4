// The project service's facts, encoded as their proto messages for the outbox.
import { ProjectChanged, ProjectStatusChanged, ShareLinksRevoked } from '@trainwright/proto/trainwright/events/v1/events';
import { messageToProto, occurredNow, shareLinkId, type MessageRef, type OutboxEvent } from '@trainwright/platform';
import type { NewProject } from './projects/deps.js';

/** What downloads need of a project, as the write commits it (see ProjectChanged). */
export interface ProjectSnapshot {
  status: string;
  visualFormat: string;
  hasContent: boolean;
  contentVersion: number;
  /** Only when the write sets the title (a creation, an edit of the title). */
  title?: string;
  /** The branding's logo URL ('' without one): media-render fetches and keeps the logo once. */
  logoUrl: string;
}

/** As the `has_content` column: generated content, or the project's own slides or script. */
export function hasContent(p: { generatedContent: unknown; slidesContent: string; scriptContent: string }): boolean {
  return (p.generatedContent !== null && p.generatedContent !== undefined) || p.slidesContent.trim() !== '' || p.scriptContent.trim() !== '';
}

/** The snapshot of a stored row (a deletion describes the project as it was). */
export function snapshotOfRow(row: {
  status: string;
  visual_format: string;
  generated_content: unknown;
  slides_content: string;
  script_content: string;
  content_version: number;
  branding: { logo_url: string } | null;
}): ProjectSnapshot {
  return {
    status: row.status,
    visualFormat: row.visual_format,
    hasContent: hasContent({ generatedContent: row.generated_content, slidesContent: row.slides_content, scriptContent: row.script_content }),
    contentVersion: row.content_version,
    logoUrl: row.branding?.logo_url ?? '',
  };
}

/** The snapshot of a project about to be inserted (its first version). */
export function snapshotOfNew(project: NewProject): ProjectSnapshot {
  return {
    status: project.status ?? 'pending',
    visualFormat: project.visualFormat,
    hasContent: hasContent({ generatedContent: project.generatedContent ?? null, slidesContent: project.slidesContent, scriptContent: project.scriptContent }),
    contentVersion: 1,
    title: project.title,
    logoUrl: project.branding?.logo_url ?? '',
  };
}

export const projectEvents = {
  changed: (
    subject: 'project.created' | 'project.updated' | 'project.deleted',
    e: { projectId: string; companyId: string; ownerUserId: string; countsTowardLimit?: boolean } & ProjectSnapshot,
  ): OutboxEvent => ({
    subject,
    payload: ProjectChanged.encode({ ...e, countsTowardLimit: e.countsTowardLimit ?? true, occurredAt: occurredNow() }).finish(),
  }),
  /** The links of these tokens were revoked (their ids, never the tokens, leave the service). */
  shareLinksRevoked: (e: { projectId: string; companyId: string; tokens: string[] }): OutboxEvent => ({
    subject: 'share_link.revoked',
    payload: ShareLinksRevoked.encode({ projectId: e.projectId, companyId: e.companyId, linkIds: e.tokens.map(shareLinkId), occurredAt: occurredNow() }).finish(),
  }),
  /** `errorMessage`: the catalogue message `error` is, when it is one (a failure's). */
  statusChanged: (e: { projectId: string; companyId: string; status: string; progress: Record<string, number>; error: string; errorMessage?: MessageRef | null }): OutboxEvent => {
    const { errorMessage, ...rest } = e;
    return {
      subject: 'project.status_changed',
      payload: ProjectStatusChanged.encode({ ...rest, errorMessage: messageToProto(errorMessage), occurredAt: occurredNow() }).finish(),
    };
  },
};
