// What the comment operations work with: the comment store (the repository implements it), the
// project store and memberships the access check reads (the project operations' own), who may be
// mentioned, the clock and what runs after a write.
import type { CommentAnchorKind } from '@trainwright/catalogue';
import type { MembershipReadOptions, OutboxEvent } from '@trainwright/platform';
import type { ProjectDeps } from '../projects/deps.js';

export interface CommentAnchor {
  kind: CommentAnchorKind;
  /** slide: 1-based position. */
  slide: number | null;
  /** video: seconds from the start. */
  seconds: number | null;
}

export interface CommentRow {
  id: string;
  projectId: string;
  /** Null for a thread's first comment. */
  threadId: string | null;
  authorId: string;
  authorName: string;
  body: string;
  mentions: string[];
  anchor: CommentAnchor;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  createdAt: Date;
}

export interface NewComment {
  projectId: string;
  threadId: string | null;
  authorId: string;
  authorName: string;
  body: string;
  mentions: string[];
  anchor: CommentAnchor;
}

export type AddOutcome = { kind: 'added'; comment: CommentRow } | { kind: 'no_thread' } | { kind: 'too_many_threads' } | { kind: 'too_many_replies' };

export interface CommentStore {
  /** The project's comments, oldest first. */
  list(projectId: string): Promise<CommentRow[]>;
  find(projectId: string, commentId: string): Promise<CommentRow | undefined>;
  /**
   * Adds the comment with its events, within the limits (threads per project, replies per thread:
   * counted with the project's comments locked); a reply's thread must be a first comment of the
   * project.
   */
  add(input: NewComment, limits: { threads: number; replies: number }, events: (comment: CommentRow) => OutboxEvent[]): Promise<AddOutcome>;
  /** Resolves (or reopens: by null) a thread's first comment; undefined when there is none. */
  resolve(projectId: string, threadId: string, resolvedBy: string | null, at: Date, events: OutboxEvent[]): Promise<CommentRow | undefined>;
  /** Deletes the comment (a first comment takes its replies); false when it was gone. */
  delete(projectId: string, commentId: string, events: OutboxEvent[]): Promise<boolean>;
}

/** Whether a user belongs to a company (the platform's AuthMemberships.find). */
export interface MemberLookup {
  find(userId: string, companyId: string, options?: MembershipReadOptions): Promise<unknown | null>;
}

export interface CommentDeps extends Pick<ProjectDeps, 'projects' | 'memberships' | 'clock' | 'afterWrite'> {
  comments: CommentStore;
  members: MemberLookup;
}
