// A comment added with mentions (project.comment_changed 'added'): each mentioned member, still in
// the company and not its author, whose profile has project updates on, gets an email in their
// language linking to the project's comments. Once per event: a redelivery after the emails went
// sends none (one that failed midway sends them all again, so a member may get one twice).
import type { MentionDeps } from './deps.js';
import { mentionEmail } from './mention-email.js';

export interface AddedComment {
  eventId: string;
  projectId: string;
  companyId: string;
  mentions: string[];
  authorId: string;
  authorName: string;
  excerpt: string;
  projectTitle: string;
}

/** The addresses written to. */
export async function notifyMentions(deps: MentionDeps, comment: AddedComment): Promise<string[]> {
  const others = [...new Set(comment.mentions)].filter((id) => id !== comment.authorId);
  if (others.length === 0) return [];
  const sent: string[] = [];
  await deps.mentions.oncePerEvent(comment.eventId, async () => {
    const recipients = (await deps.mentions.membersAmong(others, comment.companyId)).filter((r) => r.wantsProjectUpdates);
    const url = `${deps.webUrl.replace(/\/+$/, '')}/projects?comments=${encodeURIComponent(comment.projectId)}`;
    for (const r of recipients) {
      await deps.mailer.send(mentionEmail({ to: r.email, name: r.name, language: r.language, authorName: comment.authorName, projectTitle: comment.projectTitle, excerpt: comment.excerpt, url }));
      sent.push(r.email);
    }
  });
  return sent;
}
