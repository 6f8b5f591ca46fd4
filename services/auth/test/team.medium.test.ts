// A company's team against the real PostgreSQL (schema auth, its migrations) and the local mail
// outbox (the .eml files nodemailer writes, read back with mailparser): invitations within the
// plan's seats, the single-use link and every way it cannot be used, roles, removal, leaving and
// the ownership transfer, each with its member.* event in the outbox; and support tickets (stored,
// emailed to the operator and confirmed to the person in their language); the emails to members a
// comment mentions.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { TEAM_MESSAGES } from '@trainwright/catalogue';
import { AppError, createLogger } from '@trainwright/platform';
import { CompanyMembersChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { createAuthCore, migrateAuth, type AuthCore } from '../src/main.js';
import { loadAuthConfig } from '../src/config.js';
import { applyPlan } from '../src/services/accounts/apply-plan.js';
import { getAccount } from '../src/services/accounts/get-account.js';
import { register } from '../src/services/accounts/register.js';
import { acceptInvitation } from '../src/services/members/accept-invitation.js';
import { changeMemberRole } from '../src/services/members/change-member-role.js';
import { getInvitation } from '../src/services/members/get-invitation.js';
import { inviteMember } from '../src/services/members/invite-member.js';
import { listMembers } from '../src/services/members/list-members.js';
import { removeMember } from '../src/services/members/remove-member.js';
import { resendInvitation } from '../src/services/members/resend-invitation.js';
import { revokeInvitation } from '../src/services/members/revoke-invitation.js';
import { transferOwnership } from '../src/services/members/transfer-ownership.js';
import { listTickets, submitTicket } from '../src/services/support/submit-ticket.js';
import { updateProfile } from '../src/services/accounts/update-profile.js';
import { MentionRepository } from '../src/repositories/mention.repository.js';
import { notifyMentions } from '../src/services/mentions/notify-mentions.js';

const WEB = 'http://localhost:3999';
let infra: TestInfra;
let core: AuthCore;
let outboxDir: string;

beforeAll(async () => {
  infra = await createTestInfra('auth_team');
  outboxDir = mkdtempSync(join(tmpdir(), 'tw-outbox-'));
  const { privateKey } = generateKeyPairSync('ed25519');
  const config = loadAuthConfig({
    DATABASE_URL: infra.databaseUrl,
    NATS_URL: infra.natsUrl,
    NAMESPACE: infra.namespace,
    AUTH_JWT_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    PUBLIC_WEB_URL: WEB,
    MAIL_OUTBOX_DIR: outboxDir,
  });
  await migrateAuth(config);
  core = await createAuthCore(config, createLogger('test', 'silent'));
});

afterAll(async () => {
  await core?.bus.destroy();
  await core?.close();
  await infra?.cleanup();
  rmSync(outboxDir, { recursive: true, force: true });
});

let n = 0;
async function signUp(name: string, tier?: 'business' | 'enterprise') {
  const email = `${name.toLowerCase()}${++n}.${Date.now()}@example.com`;
  const s = await register(core.deps, { name, company: `${name} Training`, email, password: 'password1', selectedTier: 'professional' });
  if (tier) await applyPlan(core.deps, randomUUID(), { userId: s.userId, tier, addOns: [], creditCents: 0, version: n });
  const account = await getAccount(core.deps, s.userId);
  return { id: s.userId, email, companyId: account.currentCompanyId! };
}

/** What fails with an AppError: its code and catalogue message id. */
async function refusal(work: Promise<unknown>): Promise<[string, string | undefined]> {
  const error = await work.then(() => undefined, (e: unknown) => e);
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return [error.code, error.messageRef?.id];
}

const tokenOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

async function memberEvents(companyId: string) {
  const rows = await core.db.selectFrom('outbox').select(['subject', 'payload']).where('subject', 'like', 'member.%').orderBy('created_at').orderBy('id').execute();
  return rows
    .map((r) => ({ subject: r.subject, ...CompanyMembersChanged.decode(r.payload) }))
    .filter((e) => e.companyId === companyId)
    .map((e) => [e.subject, e.userId, e.previousRole, e.role]);
}

describe('invitations', () => {
  it('should email a single-use link in the chosen language, with a text and an HTML part, and hold a seat', async () => {
    const owner = await signUp('Olivia', 'business');
    const before = readdirSync(outboxDir).length;
    const link = await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: '  New.Person@Example.com ', role: 'editor', language: 'es' });
    expect(link.inviteUrl).toMatch(new RegExp(`^${WEB}/invitations/[A-Za-z0-9_-]{43}$`));
    expect(link.invitation).toMatchObject({ email: 'new.person@example.com', role: 'editor', invitedByName: 'Olivia' });
    expect(link.invitation.expiresAt.getTime() - link.invitation.createdAt.getTime()).toBe(7 * 86_400_000);
    // Only the token's hash is kept.
    const stored = await core.db.selectFrom('invitations').select('token_hash').where('id', '=', link.invitation.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.token_hash).not.toContain(tokenOf(link.inviteUrl));

    const files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort();
    expect(files.length).toBe(before + 1);
    const mail = await simpleParser(readFileSync(join(outboxDir, files.at(-1)!)));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('new.person@example.com');
    expect(mail.subject).toBe('Olivia te ha invitado a Olivia Training en Trainwright');
    expect(mail.text).toContain(link.inviteUrl);
    expect(mail.text).toContain('como editor');
    expect(mail.html).toContain(`href="${link.inviteUrl}"`);
    expect(mail.html).toContain('Aceptar la invitación');

    const team = await listMembers(core.team, owner.id, owner.companyId);
    expect(team.members.map((m) => [m.name, m.role])).toEqual([['Olivia', 'owner']]);
    expect(team.invitations.map((i) => i.email)).toEqual(['new.person@example.com']);
    expect({ used: team.seatsUsed, limit: team.seatLimit }).toEqual({ used: 2, limit: 3 });
  });

  it("should refuse an invitation past the plan's seats, by an Editor, to a member, twice to one address, and with a bad email or role", async () => {
    const trial = await signUp('Tess');
    // The trial's one seat is its owner's.
    expect(await refusal(inviteMember(core.team, trial.id, { companyId: trial.companyId, email: 'a@example.com', role: 'viewer' }))).toEqual(['PLAN_LIMIT_REACHED', 'team.seatsFull']);

    const owner = await signUp('Oscar', 'business');
    const editor = await signUp('Ed');
    await acceptInvitation(core.team, editor.id, tokenOf((await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: editor.email, role: 'editor' })).inviteUrl));
    expect(await refusal(inviteMember(core.team, editor.id, { companyId: owner.companyId, email: 'b@example.com', role: 'viewer' }))).toEqual(['FORBIDDEN', undefined]);
    expect(await refusal(inviteMember(core.team, owner.id, { companyId: owner.companyId, email: editor.email.toUpperCase(), role: 'viewer' }))).toEqual(['CONFLICT', 'team.alreadyMember']);
    await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'c@example.com', role: 'viewer' });
    expect(await refusal(inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'c@example.com', role: 'viewer' }))).toEqual(['CONFLICT', 'team.alreadyInvited']);
    // Owner, Editor and the pending invitation take Business's three seats.
    expect(await refusal(inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'd@example.com', role: 'viewer' }))).toEqual(['PLAN_LIMIT_REACHED', 'team.seatsFull']);
    expect(await refusal(inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'not an email', role: 'viewer' }))).toEqual(['VALIDATION_FAILED', undefined]);
    expect(await refusal(inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'e@example.com', role: 'owner' }))).toEqual(['VALIDATION_FAILED', 'team.roleInvalid']);
    // A stranger naming the company: it does not exist for them.
    const stranger = await signUp('Stan', 'business');
    expect(await refusal(inviteMember(core.team, stranger.id, { companyId: owner.companyId, email: 'f@example.com', role: 'viewer' }))).toEqual(['NOT_FOUND', undefined]);
    expect(await refusal(listMembers(core.team, stranger.id, owner.companyId))).toEqual(['NOT_FOUND', undefined]);
    // An Editor sees the members, not the invitations.
    const seen = await listMembers(core.team, editor.id, owner.companyId);
    expect(seen.members.map((m) => m.role)).toEqual(['owner', 'editor']);
    expect(seen.invitations).toEqual([]);
  });

  it('should let two concurrent invitations take the last seat only once', async () => {
    const owner = await signUp('Cora', 'business');
    await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'first@example.com', role: 'viewer' });
    const both = await Promise.allSettled([
      inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'second@example.com', role: 'viewer' }),
      inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'third@example.com', role: 'viewer' }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await listMembers(core.team, owner.id, owner.companyId)).seatsUsed).toBe(3);
  });

  it('should accept once, for the invited address only, and refuse a used, revoked, replaced, expired or unknown link', async () => {
    const owner = await signUp('Uma', 'enterprise');
    const invitee = await signUp('Ines');
    const other = await signUp('Otto');
    const link = await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: invitee.email, role: 'commenter' });
    const token = tokenOf(link.inviteUrl);
    expect(await getInvitation(core.team, token)).toMatchObject({ companyName: 'Uma Training', role: 'commenter', email: invitee.email, invitedByName: 'Uma' });
    expect(await refusal(acceptInvitation(core.team, other.id, token))).toEqual(['FORBIDDEN', 'team.invitationForSomeoneElse']);
    expect(await acceptInvitation(core.team, invitee.id, token)).toEqual({ companyId: owner.companyId, companyName: 'Uma Training', role: 'commenter' });
    // They work in the company they joined.
    expect((await getAccount(core.deps, invitee.id)).currentCompanyId).toBe(owner.companyId);
    expect(await refusal(acceptInvitation(core.team, invitee.id, token))).toEqual(['CONFLICT', 'team.invitationUsed']);
    expect(await refusal(getInvitation(core.team, token))).toEqual(['CONFLICT', 'team.invitationUsed']);

    const revoked = await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: other.email, role: 'viewer' });
    await revokeInvitation(core.team, owner.id, { companyId: owner.companyId, invitationId: revoked.invitation.id });
    expect(await refusal(acceptInvitation(core.team, other.id, tokenOf(revoked.inviteUrl)))).toEqual(['CONFLICT', 'team.invitationRevoked']);
    expect(await refusal(revokeInvitation(core.team, owner.id, { companyId: owner.companyId, invitationId: revoked.invitation.id }))).toEqual(['NOT_FOUND', 'team.invitationGone']);

    // Resending replaces the link: the old one names nothing any more.
    const first = await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: other.email, role: 'viewer' });
    const second = await resendInvitation(core.team, owner.id, { companyId: owner.companyId, invitationId: first.invitation.id });
    expect(second.inviteUrl).not.toBe(first.inviteUrl);
    expect(await refusal(acceptInvitation(core.team, other.id, tokenOf(first.inviteUrl)))).toEqual(['NOT_FOUND', 'team.invitationNotFound']);

    // Expired: seven days and a moment later.
    const later = { ...core.team, clock: () => new Date(Date.now() + 7 * 86_400_000 + 1000) };
    expect(await refusal(acceptInvitation(later, other.id, tokenOf(second.inviteUrl)))).toEqual(['CONFLICT', 'team.invitationExpired']);
    expect(await acceptInvitation(core.team, other.id, tokenOf(second.inviteUrl))).toMatchObject({ role: 'viewer' });

    for (const bad of ['', 'x', 'A'.repeat(43), "'; drop table invitations; --", '../../etc/passwd'.padEnd(43, 'a')]) {
      expect(await refusal(acceptInvitation(core.team, other.id, bad))).toEqual(['NOT_FOUND', 'team.invitationNotFound']);
    }
    expect(await memberEvents(owner.companyId)).toEqual([
      ['member.joined', invitee.id, '', 'commenter'],
      ['member.joined', other.id, '', 'viewer'],
    ]);
  });

  it('should let exactly one of two concurrent acceptances of one link join', async () => {
    const owner = await signUp('Paz', 'business');
    const invitee = await signUp('Quinn');
    const token = tokenOf((await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: invitee.email, role: 'viewer' })).inviteUrl);
    const results = await Promise.allSettled([acceptInvitation(core.team, invitee.id, token), acceptInvitation(core.team, invitee.id, token)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await listMembers(core.team, owner.id, owner.companyId)).members).toHaveLength(2);
  });
});

describe('members', () => {
  async function teamOf(roles: Array<'editor' | 'commenter' | 'viewer'>) {
    const owner = await signUp('Rhea', 'enterprise');
    const members = [];
    for (const role of roles) {
      const member = await signUp(role);
      await acceptInvitation(core.team, member.id, tokenOf((await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: member.email, role })).inviteUrl));
      members.push(member);
    }
    return { owner, members };
  }

  it("should change a member's role, never the Owner's, and only by the Owner", async () => {
    const { owner, members: [editor, viewer] } = await teamOf(['editor', 'viewer']);
    expect(await changeMemberRole(core.team, owner.id, { companyId: owner.companyId, memberId: viewer!.id, role: 'commenter' })).toMatchObject({ userId: viewer!.id, role: 'commenter' });
    expect(await refusal(changeMemberRole(core.team, owner.id, { companyId: owner.companyId, memberId: owner.id, role: 'editor' }))).toEqual(['CONFLICT', 'team.ownerStays']);
    expect(await refusal(changeMemberRole(core.team, editor!.id, { companyId: owner.companyId, memberId: viewer!.id, role: 'editor' }))).toEqual(['FORBIDDEN', undefined]);
    expect(await refusal(changeMemberRole(core.team, owner.id, { companyId: owner.companyId, memberId: randomUUID(), role: 'editor' }))).toEqual(['NOT_FOUND', 'team.memberNotFound']);
    expect(await refusal(changeMemberRole(core.team, owner.id, { companyId: owner.companyId, memberId: viewer!.id, role: 'admin' }))).toEqual(['VALIDATION_FAILED', 'team.roleInvalid']);
    expect((await memberEvents(owner.companyId)).at(-1)).toEqual(['member.role_changed', viewer!.id, 'viewer', 'commenter']);
  });

  it('should remove a member (their current company moves to their own), let a member leave, and never remove the Owner', async () => {
    const { owner, members: [editor, viewer] } = await teamOf(['editor', 'viewer']);
    expect((await getAccount(core.deps, viewer!.id)).currentCompanyId).toBe(owner.companyId);
    await removeMember(core.team, owner.id, { companyId: owner.companyId, memberId: viewer!.id });
    expect((await getAccount(core.deps, viewer!.id)).currentCompanyId).toBe(viewer!.companyId);
    expect(await refusal(listMembers(core.team, viewer!.id, owner.companyId))).toEqual(['NOT_FOUND', undefined]);
    // The Editor leaves on their own.
    await removeMember(core.team, editor!.id, { companyId: owner.companyId, memberId: editor!.id });
    expect(await refusal(removeMember(core.team, owner.id, { companyId: owner.companyId, memberId: owner.id }))).toEqual(['CONFLICT', 'team.ownerStays']);
    expect((await listMembers(core.team, owner.id, owner.companyId)).members.map((m) => m.role)).toEqual(['owner']);
    expect((await memberEvents(owner.companyId)).slice(-2)).toEqual([
      ['member.removed', viewer!.id, 'viewer', ''],
      ['member.removed', editor!.id, 'editor', ''],
    ]);
  });

  it('should transfer the ownership to a member, keeping exactly one Owner, whose plan the company now has', async () => {
    const { owner, members: [editor] } = await teamOf(['editor']);
    expect(await refusal(transferOwnership(core.team, editor!.id, { companyId: owner.companyId, memberId: editor!.id }))).toEqual(['FORBIDDEN', undefined]);
    const stranger = await signUp('Sam');
    expect(await refusal(transferOwnership(core.team, owner.id, { companyId: owner.companyId, memberId: stranger.id }))).toEqual(['NOT_FOUND', 'team.transferToMember']);
    const team = await transferOwnership(core.team, owner.id, { companyId: owner.companyId, memberId: editor!.id });
    expect(team.members.map((m) => [m.userId, m.role])).toEqual([[editor!.id, 'owner'], [owner.id, 'editor']]);
    const company = await core.db.selectFrom('companies').select('owner_user_id').where('id', '=', owner.companyId).executeTakeFirstOrThrow();
    expect(company.owner_user_id).toBe(editor!.id);
    // The new owner is on Professional's trial: the company's seats are theirs now.
    expect(team.seatLimit).toBe(1);
    // The former Owner can no longer manage the team.
    expect(await refusal(inviteMember(core.team, owner.id, { companyId: owner.companyId, email: 'g@example.com', role: 'viewer' }))).toEqual(['FORBIDDEN', undefined]);
    // One transaction's two events (in no set order).
    expect((await memberEvents(owner.companyId)).slice(-2).sort()).toEqual(
      [
        ['member.role_changed', editor!.id, 'editor', 'owner'],
        ['member.role_changed', owner.id, 'owner', 'editor'],
      ].sort(),
    );
    expect(TEAM_MESSAGES.ownerStays).toMatch(/one Owner/);
  });
});

describe('support tickets', () => {
  const newestTo = async (to: string) => {
    const files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml')).sort();
    for (const file of files.reverse()) {
      const mail = await simpleParser(readFileSync(join(outboxDir, file)));
      if (mail.to && 'text' in mail.to && mail.to.text === to) return mail;
    }
    throw new Error(`no email to ${to}`);
  };

  it("should store a ticket, email it to the operator (reply-to the person) and confirm it in the person's language", async () => {
    const me = await signUp('Sofia');
    const ticket = await submitTicket(core.support, me.id, { category: 'problem', subject: '  The <b>export</b> fails  ', message: 'It stops at 50%.\nEvery time.', language: 'fr' });
    expect(ticket).toMatchObject({ category: 'problem', subject: 'The <b>export</b> fails', message: 'It stops at 50%.\nEvery time.' });
    const operator = await newestTo('support@trainwright.local');
    expect(operator.subject).toBe(`[T-${ticket.id.slice(0, 8).toUpperCase()}] The <b>export</b> fails`);
    expect(operator.replyTo && 'text' in operator.replyTo ? operator.replyTo.text : '').toBe(me.email);
    expect(operator.text).toContain('It stops at 50%.');
    expect(operator.html).toContain('The &lt;b&gt;export&lt;/b&gt; fails');
    const confirmation = await newestTo(me.email);
    expect(confirmation.subject).toMatch(/^Nous avons bien reçu votre demande \(T-[0-9A-F]{8}\)$/);
    expect(confirmation.text).toContain('Bonjour Sofia');
    expect((await listTickets(core.support, me.id)).map((t) => t.id)).toEqual([ticket.id]);
    // Another person's list is theirs alone.
    expect(await listTickets(core.support, (await signUp('Other')).id)).toEqual([]);
  });

  it('should refuse a ticket without subject or message, too long, of no known kind, or past the day\'s limit', async () => {
    const me = await signUp('Rex');
    const send = (over: Partial<{ category: string; subject: string; message: string }>) => submitTicket(core.support, me.id, { category: 'question', subject: 'Hi', message: 'A question', ...over });
    expect(await refusal(send({ subject: '  ' }))).toEqual(['VALIDATION_FAILED', 'support.subjectRequired']);
    expect(await refusal(send({ message: '' }))).toEqual(['VALIDATION_FAILED', 'support.messageRequired']);
    expect(await refusal(send({ subject: 'x'.repeat(201) }))).toEqual(['VALIDATION_FAILED', 'support.tooLong']);
    expect(await refusal(send({ message: 'x'.repeat(5001) }))).toEqual(['VALIDATION_FAILED', 'support.tooLong']);
    expect(await refusal(send({ subject: 'Line\nbreak' }))).toEqual(['VALIDATION_FAILED', undefined]);
    expect(await refusal(send({ category: 'complaint' }))).toEqual(['VALIDATION_FAILED', 'support.categoryInvalid']);
    const rows = Array.from({ length: 20 }, (_, i) => ({ user_id: me.id, category: 'question', subject: `s${i}`, message: 'm' }));
    await core.db.insertInto('support_tickets').values(rows).execute();
    expect(await refusal(send({}))).toEqual(['RATE_LIMITED', 'support.tooMany']);
  });
});

describe('mentions in comments', () => {
  it('should email the mentioned members who want project updates, in their language, once per comment', async () => {
    const owner = await signUp('Maud', 'business');
    const member = async (name: string) => {
      const person = await signUp(name);
      await acceptInvitation(core.team, person.id, tokenOf((await inviteMember(core.team, owner.id, { companyId: owner.companyId, email: person.email, role: 'commenter' })).inviteUrl));
      return person;
    };
    const [mia, vic] = [await member('Mia'), await member('Vic')];
    const stranger = await signUp('Stan');
    // Mia reads Spanish; Vic turned project updates off.
    expect((await updateProfile(core.deps, mia.id, { language: 'es' })).language).toBe('es');
    await updateProfile(core.deps, vic.id, { notifications: { projectUpdates: false, marketingEmails: false, systemAlerts: true } });
    expect(await refusal(updateProfile(core.deps, mia.id, { language: 'de' }))).toEqual(['VALIDATION_FAILED', undefined]);

    const deps = { mentions: new MentionRepository(core.db), mailer: core.team.mailer, webUrl: WEB };
    const projectId = randomUUID();
    const comment = {
      eventId: randomUUID(),
      projectId,
      companyId: owner.companyId,
      // The author, a member with updates off and someone outside the company get nothing.
      mentions: [mia.id, vic.id, owner.id, stranger.id, mia.id],
      authorId: owner.id,
      authorName: 'Maud <Owner>',
      excerpt: 'Please check slide 3 <b>before</b> Friday.',
      projectTitle: 'Forklift safety',
    };
    const before = readdirSync(outboxDir).length;
    expect(await notifyMentions(deps, comment)).toEqual([mia.email]);
    const files = readdirSync(outboxDir).sort();
    expect(files.length).toBe(before + 1);
    const mail = await simpleParser(readFileSync(join(outboxDir, files.at(-1)!)));
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(mia.email);
    expect(mail.subject).toBe('Maud <Owner> te ha mencionado en «Forklift safety»');
    expect(mail.text).toContain('> Please check slide 3 <b>before</b> Friday.');
    expect(mail.text).toContain(`${WEB}/projects?comments=${projectId}`);
    // What people typed is text in the HTML part.
    expect(mail.html).toContain('Please check slide 3 &lt;b&gt;before&lt;/b&gt; Friday.');
    expect(mail.html).toContain('Maud &lt;Owner&gt;');
    expect(mail.html).not.toContain('<b>before</b>');

    // A redelivery of the same event sends nothing; a comment mentioning only its author neither.
    expect(await notifyMentions(deps, comment)).toEqual([]);
    expect(await notifyMentions(deps, { ...comment, eventId: randomUUID(), mentions: [owner.id] })).toEqual([]);
    expect(readdirSync(outboxDir).length).toBe(before + 1);
  });
});
