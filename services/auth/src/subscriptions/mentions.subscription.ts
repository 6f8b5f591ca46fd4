// project.comment_changed 'added' with mentions: the mentioned members get an email (services/mentions).
import type { Subscription } from '@trainwright/platform';
import { CommentChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { MentionDeps } from '../services/mentions/deps.js';
import { notifyMentions } from '../services/mentions/notify-mentions.js';

export function mentionsSubscription(deps: MentionDeps): Subscription {
  return {
    name: 'auth-mention-emails',
    subject: 'project.comment_changed',
    handle: async (event) => {
      const e = CommentChanged.decode(event.data);
      if (e.change !== 'added' || e.mentions.length === 0) return;
      await notifyMentions(deps, { eventId: event.id, projectId: e.projectId, companyId: e.companyId, mentions: e.mentions, authorId: e.authorId, authorName: e.authorName, excerpt: e.excerpt, projectTitle: e.projectTitle });
    },
  };
}
