// The SQL of a project's comments. Adding one counts threads (or a thread's replies) with the
// project row locked, so two comments racing for the last place cannot both take it.
import type { Kysely, Selectable } from 'kysely';
import type { CommentAnchorKind } from '@trainwright/catalogue';
import { enqueueEvents, type OutboxEvent } from '@trainwright/platform';
import type { AddOutcome, CommentRow, CommentStore, NewComment } from '../services/comments/deps.js';
import type { CommentsTable, ProjectDatabase } from './database.js';

function toComment(r: Selectable<CommentsTable>): CommentRow {
  return {
    id: r.id,
    projectId: r.project_id,
    threadId: r.thread_id,
    authorId: r.author_id,
    authorName: r.author_name,
    body: r.body,
    mentions: r.mentions,
    anchor: { kind: r.anchor_kind as CommentAnchorKind, slide: r.anchor_slide, seconds: r.anchor_seconds },
    resolvedAt: r.resolved_at,
    resolvedBy: r.resolved_by,
    createdAt: r.created_at,
  };
}

export class CommentRepository implements CommentStore {
  constructor(private readonly db: Kysely<ProjectDatabase>) {}

  async list(projectId: string): Promise<CommentRow[]> {
    const rows = await this.db.selectFrom('comments').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
    return rows.map(toComment);
  }

  async find(projectId: string, commentId: string): Promise<CommentRow | undefined> {
    const row = await this.db.selectFrom('comments').selectAll().where('project_id', '=', projectId).where('id', '=', commentId).executeTakeFirst();
    return row && toComment(row);
  }

  async add(input: NewComment, limits: { threads: number; replies: number }, events: (comment: CommentRow) => OutboxEvent[]): Promise<AddOutcome> {
    return this.db.transaction().execute(async (trx) => {
      await trx.selectFrom('projects').select('id').where('id', '=', input.projectId).forUpdate().executeTakeFirstOrThrow();
      if (input.threadId) {
        const thread = await trx.selectFrom('comments').select('id').where('id', '=', input.threadId).where('project_id', '=', input.projectId).where('thread_id', 'is', null).executeTakeFirst();
        if (!thread) return { kind: 'no_thread' };
        const replies = await trx.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('thread_id', '=', input.threadId).executeTakeFirstOrThrow();
        if (Number(replies.n) >= limits.replies) return { kind: 'too_many_replies' };
      } else {
        const threads = await trx.selectFrom('comments').select((eb) => eb.fn.countAll<number>().as('n')).where('project_id', '=', input.projectId).where('thread_id', 'is', null).executeTakeFirstOrThrow();
        if (Number(threads.n) >= limits.threads) return { kind: 'too_many_threads' };
      }
      const row = await trx
        .insertInto('comments')
        .values({
          project_id: input.projectId,
          thread_id: input.threadId,
          author_id: input.authorId,
          author_name: input.authorName,
          body: input.body,
          mentions: input.mentions,
          anchor_kind: input.anchor.kind,
          anchor_slide: input.anchor.slide,
          anchor_seconds: input.anchor.seconds,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const comment = toComment(row);
      await enqueueEvents(trx, events(comment));
      return { kind: 'added', comment };
    });
  }

  async resolve(projectId: string, threadId: string, resolvedBy: string | null, at: Date, events: OutboxEvent[]): Promise<CommentRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('comments')
        .set({ resolved_at: resolvedBy ? at : null, resolved_by: resolvedBy })
        .where('id', '=', threadId)
        .where('project_id', '=', projectId)
        .where('thread_id', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await enqueueEvents(trx, events);
      return toComment(row);
    });
  }

  async delete(projectId: string, commentId: string, events: OutboxEvent[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('comments').where('id', '=', commentId).where('project_id', '=', projectId).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) return false;
      await enqueueEvents(trx, events);
      return true;
    });
  }
}
