// A project's comments through the gateway: a Commenter starts threads on a slide and a moment of
// the video and replies, a Viewer reads and cannot write, another company sees nothing, the author
// alone deletes, a thread is resolved and reopened, and members' open streams hear each change; a
// mentioned member gets an email (the local outbox).
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { addMember, call, eventually, openEventStream, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let owner: Account;
let commenter: Account;
let viewer: Account;
let projectId: string;

beforeAll(async () => {
  h = await sharedHarness();
  owner = await register(h, 'Orla Owner', 'business');
  commenter = await register(h, 'Cato Commenter');
  viewer = await register(h, 'Vera Viewer');
  await addMember(h, owner.companyId, commenter, 'commenter');
  await addMember(h, owner.companyId, viewer, 'viewer');
  const created = await call(h, 'POST', '/api/projects', owner, { title: 'Scaffolds', project_type: 'slides_to_script', slides_content: '# Scaffolds\n\n## Base\n- Level it\n\n## Rails\n- Fit them\n', input_method: 'text' });
  expect(created.statusCode).toBe(201);
  projectId = created.json().id;
  // The members' kept memberships have dropped the old answer (member.joined).
  await eventually(async () => (await call(h, 'GET', `/api/projects/${projectId}/comments`, viewer)).statusCode === 200, 10_000);
}, 120_000);

const comments = (who: Account) => call(h, 'GET', `/api/projects/${projectId}/comments`, who);
const post = (who: Account, body: unknown) => call(h, 'POST', `/api/projects/${projectId}/comments`, who, body);

describe('comments through the gateway', () => {
  it('should let a Commenter write and reply, a Viewer read, and keep HTML as text', async () => {
    const slide = await post(commenter, { body: 'Slide 2: add a photo of the rails. <b>please</b>', anchor: { kind: 'slide', slide: 2 }, mentions: [owner.id] });
    expect(slide.statusCode).toBe(201);
    expect(slide.json()).toMatchObject({ author_id: commenter.id, author_name: 'Cato Commenter', anchor: { kind: 'slide', slide: 2, seconds: null }, mentions: [owner.id], thread_id: null });
    // The mentioned Owner is emailed (auth hears project.comment_changed), in the language of their profile.
    const mailed = await eventually(async () => {
      const dir = join(h.storageDir, 'mail-outbox');
      const emails = await Promise.all(readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => simpleParser(readFileSync(join(dir, f)))));
      return emails.find((e) => e.subject === 'Cato Commenter mentioned you on "Scaffolds"' && e.text?.includes(`/projects?comments=${projectId}`));
    }, 10_000);
    expect(mailed.to && 'text' in mailed.to ? mailed.to.text : '').toBe(owner.email);
    expect(mailed.html).toContain('Slide 2: add a photo of the rails. &lt;b&gt;please&lt;/b&gt;');
    const moment = await post(owner, { body: 'Slower here.', anchor: { kind: 'video', seconds: 42.5 } });
    expect(moment.json().anchor).toEqual({ kind: 'video', slide: null, seconds: 42.5 });
    expect((await post(owner, { body: 'On it.', thread_id: slide.json().id })).statusCode).toBe(201);

    const read = await comments(viewer);
    expect(read.statusCode).toBe(200);
    const threads = read.json().threads as Array<{ comment: { body: string }; replies: Array<{ body: string }> }>;
    expect(threads.map((t) => [t.comment.body, t.replies.map((r) => r.body)])).toEqual([
      ['Slide 2: add a photo of the rails. <b>please</b>', ['On it.']],
      ['Slower here.', []],
    ]);
    const refused = await post(viewer, { body: 'Me too' });
    expect(refused.statusCode).toBe(403);
  });

  it('should refuse bad comments with clear answers and hide the project from another company', async () => {
    const bad = async (body: unknown, status: number, messageId?: string) => {
      const res = await post(commenter, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      if (messageId) expect(res.json().message_id).toBe(messageId);
    };
    await bad({ body: '   ' }, 400, 'comments.bodyRequired');
    await bad({ body: 'x'.repeat(5001) }, 400, 'comments.bodyTooLong');
    await bad({ body: 'x'.repeat(20_000) }, 400);
    await bad({ body: 'Hi', anchor: { kind: 'slide', slide: 0 } }, 400);
    await bad({ body: 'Hi', anchor: { kind: 'page' } }, 400);
    await bad({ body: 'Hi', anchor: { kind: 'video', seconds: -3 } }, 400);
    await bad({ body: 'Hi', mentions: [randomUUID()] }, 400, 'comments.mentionNotMember');
    await bad({ body: 'Hi', thread_id: randomUUID() }, 404, 'comments.threadNotFound');
    await bad({ body: 'Hi', extra: true }, 400);
    const stranger = await register(h, 'Stan Stranger', 'business');
    expect((await comments(stranger)).statusCode).toBe(404);
    expect((await call(h, 'POST', `/api/projects/${projectId}/comments`, stranger, { body: 'Hello' })).statusCode).toBe(404);
  });

  it('should resolve and reopen a thread, let only the author delete, and tell open streams', async () => {
    const stream = await openEventStream(h, viewer);
    const received = () => stream.text();

    const thread = (await post(commenter, { body: 'Check the title.' })).json();
    await eventually(async () => received().includes(`"comment_id":"${thread.id}"`) && received().includes('"change":"added"'));
    const resolved = await call(h, 'PATCH', `/api/projects/${projectId}/comments/${thread.id}`, commenter, { resolved: true });
    expect(resolved.json()).toMatchObject({ resolved_by: commenter.id });
    expect(resolved.json().resolved_at).toEqual(expect.any(String));
    await eventually(async () => received().includes('"change":"resolved"'));
    expect((await call(h, 'PATCH', `/api/projects/${projectId}/comments/${thread.id}`, viewer, { resolved: false })).statusCode).toBe(403);
    expect((await call(h, 'PATCH', `/api/projects/${projectId}/comments/${thread.id}`, owner, { resolved: false })).json().resolved_at).toBeNull();

    expect((await call(h, 'DELETE', `/api/projects/${projectId}/comments/${thread.id}`, owner)).json()).toMatchObject({ code: 'FORBIDDEN', message_id: 'comments.notYours' });
    expect((await call(h, 'DELETE', `/api/projects/${projectId}/comments/${thread.id}`, commenter)).statusCode).toBe(204);
    expect((await call(h, 'DELETE', `/api/projects/${projectId}/comments/${thread.id}`, commenter)).statusCode).toBe(404);
    await eventually(async () => received().includes('"change":"deleted"'));
    await stream.close();
  });
});
