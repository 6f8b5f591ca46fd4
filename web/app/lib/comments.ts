// A project's comment threads (docs/teams.md): the shapes, the writes of the comments route's
// action (one intent each) and how an anchor reads. Pure: the panel and its tests read it.
import { COMMENT_LIMITS, type CommentAnchorKind, type Role } from '@trainwright/catalogue';
import type { TFunction } from 'i18next';
import { formatMoment } from './format';
import { mayAct } from './roles';

export { formatMoment };

export interface CommentAnchor {
  kind: CommentAnchorKind;
  slide: number | null;
  seconds: number | null;
}

export interface ProjectComment {
  id: string;
  project_id: string;
  thread_id: string | null;
  author_id: string;
  author_name: string;
  body: string;
  mentions: string[];
  anchor: CommentAnchor;
  resolved_at: string | null;
  resolved_by: string | null;
  created_at: string;
}

export interface CommentThread {
  comment: ProjectComment;
  replies: ProjectComment[];
}

/** The live event project.comment_changed (GET /api/events). */
export interface CommentEvent {
  project_id: string;
  comment_id: string;
  thread_id: string | null;
  change: 'added' | 'resolved' | 'reopened' | 'deleted';
}

export type CommentRequest =
  | { intent: 'add'; projectId: string; body: string; anchor: { kind: CommentAnchorKind; slide?: number; seconds?: number }; threadId?: string; mentions: string[] }
  | { intent: 'resolve'; projectId: string; commentId: string; resolved: boolean }
  | { intent: 'delete'; projectId: string; commentId: string };

export function commentsPath(projectId: string, commentId?: string): string {
  const base = `/projects/${encodeURIComponent(projectId)}/comments`;
  return commentId ? `${base}/${encodeURIComponent(commentId)}` : base;
}

/** A change as the gateway takes it (the action sends it). */
export function commentWrite(request: CommentRequest): { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: object } {
  switch (request.intent) {
    case 'add':
      return {
        method: 'POST',
        path: commentsPath(request.projectId),
        body: { body: request.body, ...(request.threadId ? { thread_id: request.threadId } : { anchor: request.anchor }), ...(request.mentions.length ? { mentions: request.mentions } : {}) },
      };
    case 'resolve':
      return { method: 'PATCH', path: commentsPath(request.projectId, request.commentId), body: { resolved: request.resolved } };
    case 'delete':
      return { method: 'DELETE', path: commentsPath(request.projectId, request.commentId) };
  }
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 100;

export function isCommentRequest(value: unknown): value is CommentRequest {
  const r = value as Partial<Record<string, unknown>> | null;
  if (!r || !isText(r.projectId)) return false;
  if (r.intent === 'add') {
    const anchor = r.anchor as Partial<CommentAnchor> | undefined;
    return typeof r.body === 'string' && r.body.length <= COMMENT_LIMITS.body * 2 && !!anchor && typeof anchor.kind === 'string' && Array.isArray(r.mentions) && r.mentions.every(isText) && (r.threadId === undefined || isText(r.threadId));
  }
  if (r.intent === 'resolve') return isText(r.commentId) && typeof r.resolved === 'boolean';
  return r.intent === 'delete' && isText(r.commentId);
}

/** Who may write, reply and resolve (Commenters and up); every member reads. */
export function canComment(role: Role | null | undefined): boolean {
  return mayAct(role, 'project.comment');
}

/** '1:05' or '65' (seconds) to seconds; null for anything else. */
export function parseMoment(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length === 0 || parts.length > 3 || parts.some((p) => !/^\d{1,5}$/.test(p))) return null;
  const seconds = parts.reduce((total, p) => total * 60 + Number(p), 0);
  return seconds <= COMMENT_LIMITS.seconds ? seconds : null;
}

/** Where a thread sits: 'Whole project', 'Slide 2', 'Video at 1:05'. */
export function anchorLabel(anchor: CommentAnchor, t: TFunction): string {
  if (anchor.kind === 'slide' && anchor.slide) return t('comments.onSlide', { slide: anchor.slide });
  if (anchor.kind === 'video' && anchor.seconds !== null) return t('comments.atMoment', { moment: formatMoment(anchor.seconds) });
  return t('comments.onProject');
}

export function parseCommentEvent(data: unknown): CommentEvent | null {
  const d = data as Partial<CommentEvent> | null;
  if (!d || typeof d.project_id !== 'string' || typeof d.comment_id !== 'string') return null;
  return { project_id: d.project_id, comment_id: d.comment_id, thread_id: typeof d.thread_id === 'string' ? d.thread_id : null, change: (d.change ?? 'added') as CommentEvent['change'] };
}
