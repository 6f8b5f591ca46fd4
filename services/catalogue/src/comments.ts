// Comments on a project (docs/teams.md): threads on the project, a slide or a moment of its video,
// their limits and messages (thrown by id, shown by the web in the user's language).
import { defineMessages } from './messages.js';

export const COMMENT_ANCHORS = ['project', 'slide', 'video'] as const;
export type CommentAnchorKind = (typeof COMMENT_ANCHORS)[number];

export const COMMENT_LIMITS = {
  /** Characters of one comment. */
  body: 5000,
  /** Members one comment mentions. */
  mentions: 10,
  /** A slide anchor's position (1-based); the deck's own length is not checked, slides move. */
  slide: 10_000,
  /** A video anchor's moment, in seconds (24 h). */
  seconds: 86_400,
  /** Threads a project keeps; past it, resolve and delete old ones. */
  threads: 500,
  /** Replies one thread keeps. */
  replies: 200,
} as const;

export const COMMENT_MESSAGES = defineMessages('comments', {
  bodyRequired: 'Write a comment first.',
  bodyTooLong: (max: number) => `A comment can be at most ${max.toLocaleString('en-US')} characters.`,
  anchorInvalid: 'Comment on the project, a slide (from 1) or a moment of its video (in seconds).',
  tooManyMentions: (max: number) => `A comment can mention at most ${max} members.`,
  mentionNotMember: 'Only members of the company can be mentioned.',
  threadNotFound: 'The comment you replied to no longer exists.',
  notFound: 'Comment not found',
  notYours: 'You can delete only your own comments.',
  tooManyThreads: (max: number) => `This project has ${max} comment threads. Delete resolved ones to start another.`,
  tooManyReplies: (max: number) => `This thread has ${max} replies. Start a new thread.`,
} as const);
