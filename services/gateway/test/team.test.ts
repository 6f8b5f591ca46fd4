// A company's team through the gateway: the Owner invites, the invitee previews the link without
// signing in and accepts it signed in, works with exactly the rights of the role, loses them at once
// when downgraded or removed (an open event stream included), and the Owner transfers the company.
import { randomUUID } from 'node:crypto';
import { PackageChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { call, eventually, openEventStream, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 120_000);

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function invite(owner: Account, email: string, role: string) {
  const res = await call(h, 'POST', `/api/companies/${owner.companyId}/invitations`, owner, { email, role });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; invite_url: string; email: string; role: string; expires_at: string };
}

/** A package's progress in the company, as the scorm service announces one (only the live feed hears it). */
async function companyEvent(companyId: string): Promise<string> {
  const packageId = randomUUID();
  await h.bus.publish('scorm.progress', PackageChanged.encode({ packageId, projectId: randomUUID(), companyId, status: 'building', progress: 10, error: '', occurredAt: new Date().toISOString() }).finish());
  return packageId;
}

describe('invitations through the gateway', () => {
  it('should invite, preview without signing in, accept, and give the role its rights', async () => {
    const owner = await register(h, 'Ophelia Owner', 'business');
    const member = await register(h, 'Mel Member');
    const sent = await invite(owner, member.email, 'viewer');
    expect(sent).toMatchObject({ email: member.email, role: 'viewer' });
    // The pending invitation holds a seat everywhere users are counted (the dashboard's card).
    const companies = (await call(h, 'GET', '/api/companies', owner)).json().companies as Array<{ id: string; current_users: number; max_users: number }>;
    expect(companies.find((c) => c.id === owner.companyId)).toMatchObject({ current_users: 2, max_users: 3 });
    const token = tokenOf(sent.invite_url);

    const preview = await h.request({ url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ company_name: 'Ophelia Owner Co', role: 'viewer', email: member.email, invited_by_name: 'Ophelia Owner' });
    expect((await h.request({ method: 'POST', url: `/api/invitations/${token}/accept` })).statusCode).toBe(401);

    const accepted = await call(h, 'POST', `/api/invitations/${token}/accept`, member);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ company_id: owner.companyId, company_name: 'Ophelia Owner Co', role: 'viewer' });
    expect((await call(h, 'POST', `/api/invitations/${token}/accept`, member)).json()).toMatchObject({ code: 'CONFLICT', message_id: 'team.invitationUsed' });

    const team = (await call(h, 'GET', `/api/companies/${owner.companyId}/members`, owner)).json();
    expect(team.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual([['Ophelia Owner', 'owner'], ['Mel Member', 'viewer']]);
    expect(team.seats).toEqual({ used: 2, limit: 3 });

    // A Viewer reads the company's projects and creates none; made an Editor, at once they may.
    const project = await call(h, 'POST', '/api/projects', owner, { title: 'Ladders', project_type: 'slides_to_script', slides_content: '# Ladders\n\n## Feet\n- Check them\n', input_method: 'text' });
    expect(project.statusCode).toBe(201);
    expect((await call(h, 'GET', `/api/projects/${project.json().id}`, member)).statusCode).toBe(200);
    const newProject = { title: 'Mine', project_type: 'slides_to_script', slides_content: '# Mine\n\n## One\n- A point\n', input_method: 'text', company_id: owner.companyId };
    expect((await call(h, 'POST', '/api/projects', member, newProject)).statusCode).toBe(403);
    expect((await call(h, 'POST', `/api/companies/${owner.companyId}/invitations`, member, { email: 'x@example.com', role: 'viewer' })).statusCode).toBe(403);
    const promoted = await call(h, 'PATCH', `/api/companies/${owner.companyId}/members/${member.id}`, owner, { role: 'editor' });
    expect(promoted.json()).toMatchObject({ user_id: member.id, role: 'editor' });
    expect((await call(h, 'POST', '/api/projects', member, newProject)).statusCode).toBe(201);

    // Removed: the company's projects do not exist for them any more.
    expect((await call(h, 'DELETE', `/api/companies/${owner.companyId}/members/${member.id}`, owner)).statusCode).toBe(204);
    expect((await call(h, 'GET', `/api/projects/${project.json().id}`, member)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/companies/${owner.companyId}/members`, member)).statusCode).toBe(404);
  }, 60_000);

  it('should refuse bad invitations with clear answers', async () => {
    const trial = await register(h, 'Tia Trial');
    const refused = await call(h, 'POST', `/api/companies/${trial.companyId}/invitations`, trial, { email: 'a@example.com', role: 'viewer' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'PLAN_LIMIT_REACHED', message_id: 'team.seatsFull', params: [1, 'free-trial'] });
    const owner = await register(h, 'Bea Business', 'business');
    const bad = async (body: unknown, status: number) => expect((await call(h, 'POST', `/api/companies/${owner.companyId}/invitations`, owner, body)).statusCode).toBe(status);
    await bad({ email: 'not-an-email', role: 'viewer' }, 400);
    await bad({ email: 'a@example.com', role: 'owner' }, 400);
    await bad({ email: 'a@example.com', role: 'viewer', extra: 1 }, 400);
    await bad({ email: 'a'.repeat(300), role: 'viewer' }, 400);
    await bad({ email: 'a@example.com', role: 'viewer', language: 'de' }, 400);
    expect((await h.request({ url: '/api/invitations/not-a-token' })).statusCode).toBe(404);
    expect((await h.request({ url: `/api/invitations/${'a'.repeat(150)}` })).statusCode).toBe(400);
    // The Owner stays; a stranger's company does not exist for them.
    expect((await call(h, 'DELETE', `/api/companies/${owner.companyId}/members/${owner.id}`, owner)).json()).toMatchObject({ code: 'CONFLICT', message_id: 'team.ownerStays' });
    const stranger = await register(h, 'Sly Stranger', 'business');
    expect((await call(h, 'GET', `/api/companies/${owner.companyId}/members`, stranger)).statusCode).toBe(404);
    expect((await call(h, 'POST', `/api/companies/${owner.companyId}/invitations`, stranger, { email: 'b@example.com', role: 'viewer' })).statusCode).toBe(404);
    expect((await call(h, 'PATCH', `/api/companies/not-a-uuid/members/${owner.id}`, owner, { role: 'viewer' })).statusCode).toBe(404);
  });

  it("should close a removed member's live stream to the company's events within 2 s", async () => {
    const owner = await register(h, 'Lia Live', 'business');
    const member = await register(h, 'Rex Removed');
    const token = tokenOf((await invite(owner, member.email, 'viewer')).invite_url);
    expect((await call(h, 'POST', `/api/invitations/${token}/accept`, member)).statusCode).toBe(200);
    const ownerStream = await openEventStream(h, owner);
    const memberStream = await openEventStream(h, member);
    // The member's stream hears the company while they belong to it (the join reached the hub).
    await eventually(async () => {
      const id = await companyEvent(owner.companyId);
      return eventually(async () => ownerStream.text().includes(id)).then(() => memberStream.text().includes(id));
    }, 5000);

    const removedAt = Date.now();
    expect((await call(h, 'DELETE', `/api/companies/${owner.companyId}/members/${member.id}`, owner)).statusCode).toBe(204);
    // From some moment on, an event of the company reaches the Owner and not the removed member.
    const narrowedAt = await eventually(async () => {
      const id = await companyEvent(owner.companyId);
      await eventually(async () => ownerStream.text().includes(id));
      return memberStream.text().includes(id) ? undefined : Date.now();
    }, 5000);
    expect(narrowedAt - removedAt).toBeLessThan(2000);
    const after = await companyEvent(owner.companyId);
    await eventually(async () => ownerStream.text().includes(after));
    expect(memberStream.text()).not.toContain(after);
    await ownerStream.close();
    await memberStream.close();
  }, 30_000);

  it('should transfer the company to a member', async () => {
    const owner = await register(h, 'Tom Transfer', 'business');
    const heir = await register(h, 'Hal Heir', 'enterprise');
    const token = tokenOf((await invite(owner, heir.email, 'editor')).invite_url);
    expect((await call(h, 'POST', `/api/invitations/${token}/accept`, heir)).statusCode).toBe(200);
    const moved = await call(h, 'POST', `/api/companies/${owner.companyId}/transfer-ownership`, owner, { user_id: heir.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().members.map((m: { user_id: string; role: string }) => [m.user_id, m.role])).toEqual([[heir.id, 'owner'], [owner.id, 'editor']]);
    // The company's plan is its Owner's now: Enterprise's ten seats.
    expect(moved.json().seats).toEqual({ used: 2, limit: 10 });
    expect((await call(h, 'POST', `/api/companies/${owner.companyId}/invitations`, owner, { email: 'c@example.com', role: 'viewer' })).statusCode).toBe(403);
    expect((await call(h, 'POST', `/api/companies/${owner.companyId}/invitations`, heir, { email: 'c@example.com', role: 'viewer' })).statusCode).toBe(201);
  });
});


describe('support tickets through the gateway', () => {
  it('should take a ticket, list it to its author alone, and refuse bad ones', async () => {
    const me = await register(h, 'Sue Support');
    const sent = await call(h, 'POST', '/api/support/tickets', me, { category: 'question', subject: 'Seats', message: 'How many people can I invite?', language: 'es' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ category: 'question', subject: 'Seats', reference: expect.stringMatching(/^T-[0-9A-F]{8}$/) });
    expect((await call(h, 'GET', '/api/support/tickets', me)).json().tickets.map((t: { id: string }) => t.id)).toEqual([sent.json().id]);
    const other = await register(h, 'Ola Other');
    expect((await call(h, 'GET', '/api/support/tickets', other)).json().tickets).toEqual([]);
    for (const [body, id] of [
      [{ category: 'question', subject: ' ', message: 'x' }, 'support.subjectRequired'],
      [{ category: 'question', subject: 'x', message: 'y'.repeat(5001) }, 'support.tooLong'],
    ] as const) {
      const res = await call(h, 'POST', '/api/support/tickets', me, body);
      expect({ status: res.statusCode, id: res.json().message_id }).toEqual({ status: 400, id });
    }
    expect((await call(h, 'POST', '/api/support/tickets', me, { category: 'rant', subject: 'x', message: 'y' })).statusCode).toBe(400);
    expect((await h.request({ method: 'POST', url: '/api/support/tickets', payload: '{}', headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
  });
});
