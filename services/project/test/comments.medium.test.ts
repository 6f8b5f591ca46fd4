// A project's comments against the real PostgreSQL (schema project, its migrations): threads on the
// project, a slide or a moment of the video, replies, mentions of members only, resolve and reopen,
// a comment deleted by its author (a thread's first comment takes its replies, and the project's
// deletion takes all), every role's rights, the limits, and project.comment_changed in the outbox.
import { randomUUID } from 'node:crypto';
import { COMMENT_LIMITS } from '@trainwright/catalogue';
import { AppError, createDatabase } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { CommentChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { Kysely } from 'kysely';
import { PROJECT_SCHEMA, migrateProject } from '../src/main.js';
import { CommentRepository } from '../src/repositories/comment.repository.js';
import type { ProjectDatabase } from '../src/repositories/database.js';
import { ProjectRepository } from '../src/repositories/project.repository.js';
import { addComment } from '../src/services/comments/add-comment.js';
import { deleteComment } from '../src/services/comments/delete-comment.js';
import type { CommentDeps } from '../src/services/comments/deps.js';
import { listComments } from '../src/services/comments/list-comments.js';
import { resolveThread } from '../src/services/comments/resolve-thread.js';
import { FakeMemberships, FakePipelineJobs, FakeVoiceLibrary } from './fakes/project-deps.fake.js';
import { newProject, storeProject } from './fixtures/new-project.fixture.js';

let infra: TestInfra;
let db: Kysely<ProjectDatabase>;
let deps: CommentDeps;
const company = randomUUID();
const [owner, editor, commenter, viewer, stranger] = [randomUUID(), randomUUID(), randomUUID(), randomUUID(), randomUUID()];

beforeAll(async () => {
  infra = await createTestInfra('project_comments');
  await migrateProject({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<ProjectDatabase>({ url: infra.databaseUrl, schema: PROJECT_SCHEMA });
  const repository = new ProjectRepository(db);
  const memberships = new FakeMemberships();
  memberships.join(owner, { companyId: company, role: 'owner', ownerUserId: owner });
  memberships.join(editor, { companyId: company, role: 'editor', ownerUserId: owner });
  memberships.join(commenter, { companyId: company, role: 'commenter', ownerUserId: owner });
  memberships.join(viewer, { companyId: company, role: 'viewer', ownerUserId: owner });
  memberships.join(stranger, { companyId: randomUUID(), role: 'owner', ownerUserId: stranger });
  const base = { projects: repository, memberships, voices: new FakeVoiceLibrary(), templates: repository, jobs: new FakePipelineJobs(), clock: () => new Date(), afterWrite: () => undefined, urlAllowOrigins: [] };
  deps = { ...base, comments: new CommentRepository(db), members: memberships };
}, 30_000);

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

const project = async () => ({ id: await storeProject(deps.projects, newProject(company, owner)) });
const say = (userId: string, projectId: string, body: string, more: Partial<Parameters<typeof addComment>[2]> = {}) =>
  addComment(deps, userId, { projectId, body, threadId: '', anchor: { kind: 'project', slide: 0, seconds: 0 }, mentions: [], authorName: 'Someone', ...more });

async function refusal(work: Promise<unknown>): Promise<[string, string | undefined]> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return [error.code, error.messageRef?.id];
}

describe('comment threads', () => {
  it('should keep threads on the project, a slide and a moment of the video, with replies in order', async () => {
    const { id } = await project();
    const general = await say(commenter, id, '  Looks good overall.  ', { authorName: 'Cora Commenter' });
    const onSlide = await say(editor, id, 'Slide 2 needs a picture.', { anchor: { kind: 'slide', slide: 2, seconds: 0 }, mentions: [owner] });
    const atMoment = await say(owner, id, 'The narration is fast here.', { anchor: { kind: 'video', slide: 0, seconds: 12.3456 } });
    await say(owner, id, 'Agreed, I will add one.', { threadId: onSlide.id });
    await say(commenter, id, 'Thanks!', { threadId: onSlide.id });
    const threads = await listComments(deps, viewer, id);
    expect(threads.map((t) => [t.comment.body, t.comment.anchor, t.replies.map((r) => r.body)])).toEqual([
      ['Looks good overall.', { kind: 'project', slide: null, seconds: null }, []],
      ['Slide 2 needs a picture.', { kind: 'slide', slide: 2, seconds: null }, ['Agreed, I will add one.', 'Thanks!']],
      ['The narration is fast here.', { kind: 'video', slide: null, seconds: 12.346 }, []],
    ]);
    expect(general).toMatchObject({ authorId: commenter, authorName: 'Cora Commenter', threadId: null });
    expect(threads[1]!.comment.mentions).toEqual([owner]);
    // Each change is said once, with the project's company.
    const events = await db.selectFrom('outbox').select('payload').where('subject', '=', 'project.comment_changed').execute();
    const mine = events.map((e) => CommentChanged.decode(e.payload)).filter((e) => e.projectId === id);
    expect(mine.map((e) => [e.change, e.companyId])).toEqual(Array(5).fill(['added', company]));
  });

  it('should let any member read, Commenters and up write, and nobody outside the company see anything', async () => {
    const { id } = await project();
    await say(commenter, id, 'A comment.');
    expect(await refusal(say(viewer, id, 'Can I?'))).toEqual(['FORBIDDEN', undefined]);
    expect(await refusal(say(stranger, id, 'Hello?'))).toEqual(['NOT_FOUND', undefined]);
    expect(await refusal(listComments(deps, stranger, id))).toEqual(['NOT_FOUND', undefined]);
    expect(await refusal(listComments(deps, viewer, 'not-a-uuid'))).toEqual(['NOT_FOUND', undefined]);
    expect((await listComments(deps, viewer, id)).map((t) => t.comment.body)).toEqual(['A comment.']);
  });

  it('should refuse an empty or too long comment, a bad anchor, a non-member mentioned and a reply to nothing', async () => {
    const { id } = await project();
    expect(await refusal(say(editor, id, '   '))).toEqual(['VALIDATION_FAILED', 'comments.bodyRequired']);
    expect(await refusal(say(editor, id, 'x'.repeat(COMMENT_LIMITS.body + 1)))).toEqual(['VALIDATION_FAILED', 'comments.bodyTooLong']);
    for (const anchor of [{ kind: 'slide', slide: 0, seconds: 0 }, { kind: 'slide', slide: 1.5, seconds: 0 }, { kind: 'video', slide: 0, seconds: -1 }, { kind: 'video', slide: 0, seconds: Number.NaN }, { kind: 'page', slide: 0, seconds: 0 }]) {
      expect(await refusal(say(editor, id, 'Here.', { anchor }))).toEqual(['VALIDATION_FAILED', 'comments.anchorInvalid']);
    }
    expect(await refusal(say(editor, id, 'Hi @stranger', { mentions: [stranger] }))).toEqual(['VALIDATION_FAILED', 'comments.mentionNotMember']);
    expect(await refusal(say(editor, id, 'Hi', { mentions: ['not-a-uuid'] }))).toEqual(['VALIDATION_FAILED', 'comments.mentionNotMember']);
    expect(await refusal(say(editor, id, 'Many', { mentions: Array.from({ length: COMMENT_LIMITS.mentions + 1 }, () => randomUUID()) }))).toEqual(['VALIDATION_FAILED', 'comments.tooManyMentions']);
    expect(await refusal(say(editor, id, 'Reply', { threadId: randomUUID() }))).toEqual(['NOT_FOUND', 'comments.threadNotFound']);
    // A reply to a reply: replies hang off a thread's first comment only.
    const first = await say(editor, id, 'First');
    const reply = await say(owner, id, 'Reply', { threadId: first.id });
    expect(await refusal(say(editor, id, 'Nested', { threadId: reply.id }))).toEqual(['NOT_FOUND', 'comments.threadNotFound']);
    // Another project's thread is not this one's.
    const other = await project();
    expect(await refusal(say(editor, other.id, 'Cross', { threadId: first.id }))).toEqual(['NOT_FOUND', 'comments.threadNotFound']);
    // HTML is kept as text: the screen shows it as written.
    expect((await say(editor, id, '<img src=x onerror=alert(1)>')).body).toBe('<img src=x onerror=alert(1)>');
  });

  it('should resolve and reopen a thread (from any of its comments), by Commenters and up', async () => {
    const { id } = await project();
    const first = await say(editor, id, 'Fix the title.');
    const reply = await say(commenter, id, 'Done?', { threadId: first.id });
    expect(await resolveThread(deps, commenter, { projectId: id, commentId: reply.id, resolved: true })).toMatchObject({ id: first.id, resolvedBy: commenter });
    expect((await listComments(deps, viewer, id))[0]!.comment.resolvedAt).not.toBeNull();
    expect(await refusal(resolveThread(deps, viewer, { projectId: id, commentId: first.id, resolved: false }))).toEqual(['FORBIDDEN', undefined]);
    expect(await resolveThread(deps, owner, { projectId: id, commentId: first.id, resolved: false })).toMatchObject({ resolvedAt: null, resolvedBy: null });
    expect(await refusal(resolveThread(deps, owner, { projectId: id, commentId: randomUUID(), resolved: true }))).toEqual(['NOT_FOUND', 'comments.notFound']);
  });

  it("should delete only the author's own comment; a thread's first comment takes its replies; the project's deletion takes all", async () => {
    const { id } = await project();
    const first = await say(editor, id, 'Thread');
    const reply = await say(commenter, id, 'Reply', { threadId: first.id });
    expect(await refusal(deleteComment(deps, owner, { projectId: id, commentId: reply.id }))).toEqual(['FORBIDDEN', 'comments.notYours']);
    await deleteComment(deps, commenter, { projectId: id, commentId: reply.id });
    await say(owner, id, 'Another reply', { threadId: first.id });
    await deleteComment(deps, editor, { projectId: id, commentId: first.id });
    expect(await listComments(deps, owner, id)).toEqual([]);
    expect(await db.selectFrom('comments').select('id').where('project_id', '=', id).execute()).toEqual([]);

    await say(editor, id, 'Before deletion');
    await db.deleteFrom('projects').where('id', '=', id).execute();
    expect(await db.selectFrom('comments').select('id').where('project_id', '=', id).execute()).toEqual([]);
  });

  it('should let two comments race for the last thread of a project only once', async () => {
    const { id } = await project();
    const rows = Array.from({ length: COMMENT_LIMITS.threads - 1 }, (_, i) => ({ project_id: id, author_id: owner, author_name: 'O', body: `t${i}`, anchor_kind: 'project' }));
    await db.insertInto('comments').values(rows).execute();
    const both = await Promise.allSettled([say(editor, id, 'last one'), say(commenter, id, 'also last')]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await refusal(say(owner, id, 'one too many'))).toEqual(['PLAN_LIMIT_REACHED', 'comments.tooManyThreads']);
  });
});
