// Accounts and calls for API tests: register through the gateway, call with the bearer token,
// and wait for what the pipeline does asynchronously.
import { grantPlan } from '@trainwright/billing';
import type { Role, TierId } from '@trainwright/catalogue';
import { authEvents } from '@trainwright/auth';
import { uniqueEmail, type Harness } from './harness.js';

/** A short two-scene narrated script (the render and video tests). */
export const NARRATED_SCRIPT = [
  '[SCENE: Forklift basics]',
  'NARRATOR: A forklift is checked before every shift. The operator walks around the truck and looks at the forks.',
  '[SCENE: Load limits]',
  'NARRATOR: The load plate shows the maximum weight. Never lift more than the plate allows.',
].join('\n');

export interface Account {
  id: string;
  companyId: string;
  email: string;
  auth: Record<string, string>;
}

export async function register(h: Harness, name = 'Pat Trainer', tier?: TierId): Promise<Account> {
  const email = uniqueEmail(name.split(' ')[0]!.toLowerCase());
  const res = await h.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: JSON.stringify({ name, company: `${name} Co`, email, password: 'password1' }),
    headers: { 'content-type': 'application/json' },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  const account = { id: body.user.id, companyId: body.user.currentCompanyId, email, auth: { authorization: `Bearer ${body.token}` } };
  if (tier) await setTier(h, account, tier);
  return account;
}

/** Grants a plan the way support does (billing's operator grant), once auth serves it. */
export async function setTier(h: Harness, who: Pick<Account, 'id' | 'email' | 'auth'>, tier: TierId): Promise<void> {
  await grantPlan(h.billing.core.deps, { email: who.email, userId: who.id, tier });
  await eventually(async () => (await h.request({ url: '/api/auth/me', headers: who.auth })).json().subscription?.tier === tier);
}

/**
 * Puts `member` in the company with `role` as auth's store holds it, and announces it as an
 * accepted invitation does (member.joined: services drop what they kept), for tests of what a role
 * may do; the invitation flow itself is team.test.ts's (it needs a plan with seats).
 */
export async function addMember(h: Harness, companyId: string, member: Pick<Account, 'id'>, role: Role): Promise<void> {
  await h.auth.core.db.insertInto('memberships').values({ company_id: companyId, user_id: member.id, role }).execute();
  const event = authEvents.memberChanged('member.joined', { companyId, userId: member.id, role, previousRole: '' });
  await h.bus.publish(event.subject, event.payload);
}

export function call(h: Harness, method: string, url: string, who: Account, body?: unknown) {
  return h.request({
    method,
    url,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: body === undefined ? who.auth : { ...who.auth, 'content-type': 'application/json' },
  });
}

export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Pays for a project's narrated video the way the Payment Required dialog does (confirm, then the
 * local test checkout's Pay) and waits until the video has rendered.
 */
export async function payForVideo(h: Harness, who: Account, projectId: string, format: 'mp4' | 'mov' = 'mp4'): Promise<void> {
  const confirmed = await call(h, 'POST', '/api/billing/confirm', who, { project_id: projectId, billing_type: 'video_generation', estimated_duration_minutes: 1, format });
  if (confirmed.statusCode !== 200) throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  const sessionId = confirmed.json().session_id as string;
  const paid = await call(h, 'POST', `/api/billing/checkout/${sessionId}/pay`, who);
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.statusCode} ${paid.body}`);
  await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${projectId}`, who)).json();
    if (p.video_status === 'failed') throw new Error(`the paid video failed: ${JSON.stringify(p.error)}`);
    return p.video_status === 'ready';
  }, 90_000);
}

/** An open `GET /api/events` stream of `who`: what it received so far, its content type, and `close()`. */
export async function openEventStream(h: Harness, who: Account): Promise<{ text: () => string; contentType: string | null; close: () => Promise<void> }> {
  const controller = new AbortController();
  const response = await fetch(`${h.baseUrl}/api/events`, { headers: who.auth, signal: controller.signal });
  const reader = response.body!.getReader();
  let received = '';
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
  })().catch(() => undefined);
  // Written once the stream is registered with the hub (the same tick).
  await eventually(async () => received.includes(': connected'));
  return {
    text: () => received,
    contentType: response.headers.get('content-type'),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}
