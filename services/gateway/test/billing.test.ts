// Billing through the gateway with the real billing service and the local test checkout: the
// trial -> checkout -> Pay -> webhook -> plan path, plan changes, add-ons, credits, the outcome of
// a checkout, the webhook's signature checks, and every bad input of the issue.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import Stripe from 'stripe';
import { call as callAs, eventually, register, setTier, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
const WEB = 'http://localhost:3000';
// The signing secret the local test checkout once had written in its source.
const OLD_DEFAULT_SECRET = 'whsec_local_trainwright';

beforeAll(async () => {
  h = await sharedHarness();
});

const call = (method: string, url: string, who: Account, body?: unknown, headers: Record<string, string> = {}) =>
  h.request({
    method,
    url,
    payload: body === undefined ? undefined : JSON.stringify(body),
    headers: { ...who.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
  });

const sessionOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split('/').pop()!;

/** The local test checkout as the browser drives it: the page's data, then Pay. */
async function pay(who: Account, checkoutUrl: string) {
  expect(checkoutUrl.startsWith(`${WEB}/checkout/`)).toBe(true);
  const id = sessionOf(checkoutUrl);
  expect((await callAs(h, 'GET', `/api/billing/checkout/${id}`, who)).statusCode).toBe(200);
  const paid = await callAs(h, 'POST', `/api/billing/checkout/${id}/pay`, who);
  expect(paid.statusCode).toBe(200);
  expect(paid.json().redirect_url).toBe(`${WEB}/billing-success?session_id=${id}`);
  return id;
}

async function tierOf(who: Account) {
  return (await callAs(h, 'GET', '/api/auth/me', who)).json().subscription.tier as string;
}

async function upgradeAndPay(who: Account, tier: string, interval = 'month') {
  const r = await call('POST', '/api/auth/upgrade', who, { tier, interval });
  expect(r.statusCode).toBe(200);
  const id = await pay(who, r.json().checkout_url);
  await eventually(async () => (await tierOf(who)) === tier);
  return id;
}

describe('billing: from the trial to a paid plan through the local test checkout', () => {
  it('should take a trial account through checkout, webhook and plan, and record the payment', async () => {
    const who = await register(h, 'Paula Payer');
    const r = await call('POST', '/api/auth/upgrade', who, { tier: 'professional', interval: 'month', origin_url: WEB });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.checkout_url).toMatch(new RegExp(`^${WEB}/checkout/`));
    expect(body.user.subscription.tier).toBe('free-trial');

    const id = sessionOf(body.checkout_url);
    const page = (await callAs(h, 'GET', `/api/billing/checkout/${id}`, who)).json();
    expect(page).toMatchObject({ mode: 'subscription', total_cents: 2900, currency: 'usd', status: 'open', email: who.email });
    expect(page.line_items).toEqual([expect.objectContaining({ ref: 'plan:professional:month', unit_amount_cents: 2900, quantity: 1, interval: 'month' })]);
    expect((await callAs(h, 'GET', `/api/billing/status/${id}`, who)).json().payment_status).toBe('unpaid');

    await pay(who, body.checkout_url);
    expect((await callAs(h, 'GET', `/api/billing/status/${id}`, who)).json()).toMatchObject({ payment_status: 'paid', purpose: 'subscription' });
    await eventually(async () => (await tierOf(who)) === 'professional');
    const subscription = (await callAs(h, 'GET', '/api/billing/subscription', who)).json();
    expect(subscription).toMatchObject({ tier: 'professional', effective_tier: 'professional', interval: 'month', status: 'active', provider: 'local', cancel_at_period_end: false });
    const payments = (await callAs(h, 'GET', '/api/billing/payments', who)).json().payments;
    // The description also as a code, which the web translates.
    expect(payments).toEqual([expect.objectContaining({ kind: 'subscription', description_code: 'subscription', credits: 0, amount_cents: 2900, status: 'succeeded', currency: 'usd' })]);
    // Paying twice has no second effect.
    await pay(who, body.checkout_url);
    expect((await callAs(h, 'GET', '/api/billing/payments', who)).json().payments).toHaveLength(1);
  });

  it('should charge twelve months less 20 % for a year', async () => {
    const who = await register(h, 'Annie Annual');
    const r = (await call('POST', '/api/auth/upgrade', who, { tier: 'business', interval: 'year' })).json();
    const page = (await callAs(h, 'GET', `/api/billing/checkout/${sessionOf(r.checkout_url)}`, who)).json();
    expect(page.total_cents).toBe(75840);
    expect(page.line_items[0].interval).toBe('year');
  });

  it('should give an expired trial its rights back the moment the payment succeeds', async () => {
    const who = await register(h, 'Late Payer');
    await h.auth.core.db.updateTable('subscriptions').set({ trial_started_at: new Date(Date.now() - 20 * 86_400_000) }).where('user_id', '=', who.id).execute();
    const script = { title: 'Forklift Safety', project_type: 'script_to_slides', script_content: '## Welcome\n- Why safety matters' };
    expect((await callAs(h, 'POST', '/api/projects', who, script)).statusCode).toBe(403);
    await upgradeAndPay(who, 'professional');
    expect((await callAs(h, 'POST', '/api/projects', who, script)).statusCode).toBe(201);
  });

  it('should return one checkout session for a double click', async () => {
    const who = await register(h, 'Double Clicker');
    const [a, b] = await Promise.all([
      call('POST', '/api/auth/upgrade', who, { tier: 'enterprise' }, { 'idempotency-key': 'click-1' }),
      call('POST', '/api/auth/upgrade', who, { tier: 'enterprise' }, { 'idempotency-key': 'click-1' }),
    ]);
    expect(a.json().session_id).toBe(b.json().session_id);
    // Without a key, the same plan asked again while its checkout is open gives the same session.
    const c = await call('POST', '/api/auth/upgrade', who, { tier: 'enterprise' });
    expect(c.json().session_id).toBe(a.json().session_id);
  });

  it('should refuse bad plans, intervals and a return address on another host', async () => {
    const who = await register(h, 'Bad Input');
    for (const body of [{ tier: 'platinum' }, { tier: 'free-trial' }, { tier: 'professional', interval: 'week' }, { tier: 'professional', origin_url: 'https://evil.example.com' }, { tier: 'professional', origin_url: 'not a url' }]) {
      const r = await call('POST', '/api/auth/upgrade', who, body);
      expect({ body, status: r.statusCode }).toEqual({ body, status: 400 });
      expect(r.json().message).toEqual(expect.any(String));
    }
    const evil = await call('POST', '/api/billing/credits', who, { credits: 2, origin_url: 'https://evil.example.com/billing' });
    expect(evil.statusCode).toBe(400);
  });

  it("should keep one account's checkout from another: status, page and Pay are 404, and a forged id grants nothing", async () => {
    const owner = await register(h, 'Owner Olga');
    const other = await register(h, 'Other Otto');
    const r = (await call('POST', '/api/auth/upgrade', owner, { tier: 'professional' })).json();
    const id = sessionOf(r.checkout_url);
    expect((await callAs(h, 'GET', `/api/billing/status/${id}`, other)).statusCode).toBe(404);
    expect((await callAs(h, 'GET', `/api/billing/checkout/${id}`, other)).statusCode).toBe(404);
    expect((await callAs(h, 'POST', `/api/billing/checkout/${id}/pay`, other)).statusCode).toBe(404);
    expect((await callAs(h, 'GET', '/api/billing/status/cs_local_forged', owner)).statusCode).toBe(404);
    expect(await tierOf(owner)).toBe('free-trial');
    expect(await tierOf(other)).toBe('free-trial');
  });

  it('should cancel a checkout without any effect', async () => {
    const who = await register(h, 'Cancel Carl');
    const r = (await call('POST', '/api/auth/upgrade', who, { tier: 'professional' })).json();
    const cancelled = await callAs(h, 'POST', `/api/billing/checkout/${sessionOf(r.checkout_url)}/cancel`, who);
    expect(cancelled.json().redirect_url).toBe(`${WEB}/billing-cancelled`);
    expect((await callAs(h, 'GET', `/api/billing/status/${sessionOf(r.checkout_url)}`, who)).json().payment_status).not.toBe('paid');
    expect(await tierOf(who)).toBe('free-trial');
  });
});

describe('billing: plan changes, add-ons and credits', () => {
  it('should upgrade a paid plan at once and schedule a downgrade that fits at the period end', async () => {
    const who = await register(h, 'Chang Changer');
    await upgradeAndPay(who, 'professional');
    // An upgrade of a paid plan is charged at once: without its preview's figures it charges nothing.
    const unconfirmed = await call('POST', '/api/auth/upgrade', who, { tier: 'business' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: 'CONFLICT', message: 'This plan change is charged now: review the amount and confirm it first.' });
    const preview = await call('POST', '/api/billing/change-plan/preview', who, { tier: 'business' });
    expect(preview.statusCode).toBe(200);
    const shown = preview.json();
    expect(shown).toMatchObject({ kind: 'upgrade', currency: 'usd', effective_at: null });
    // 79 - 29 dollars for (almost) the whole period.
    expect(shown.amount_cents).toBeGreaterThan(4990);
    expect(shown.amount_cents).toBeLessThanOrEqual(5000);
    const wrong = await call('POST', '/api/auth/upgrade', who, { tier: 'business', confirm_amount_cents: 1, proration_date: shown.proration_date });
    expect(wrong.statusCode).toBe(409);
    expect((await callAs(h, 'GET', '/api/billing/payments', who)).json().payments).toHaveLength(1);
    expect(await tierOf(who)).toBe('professional');
    const up = await call('POST', '/api/auth/upgrade', who, { tier: 'business', confirm_amount_cents: shown.amount_cents, proration_date: shown.proration_date });
    expect(up.statusCode).toBe(200);
    expect(up.json().checkout_url).toBeNull();
    await eventually(async () => (await tierOf(who)) === 'business');
    expect((await call('POST', '/api/billing/change-plan/preview', who, { tier: 'professional' })).json()).toMatchObject({ kind: 'downgrade', amount_cents: 0, proration_date: null });
    const down = await call('POST', '/api/auth/upgrade', who, { tier: 'professional' });
    expect(down.statusCode).toBe(200);
    expect(down.json().subscription).toMatchObject({ tier: 'business', scheduled_tier: 'professional' });
    expect(await tierOf(who)).toBe('business');
    // Choosing the current plan again takes the scheduled downgrade back; once more, it is the plan.
    const kept = await call('POST', '/api/auth/upgrade', who, { tier: 'business' });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().subscription.scheduled_tier).toBe('');
    expect((await call('POST', '/api/auth/upgrade', who, { tier: 'business' })).statusCode).toBe(409);
    // The upgrade was charged, prorated, as an invoice of its own, for the amount the preview showed.
    const payments = (await callAs(h, 'GET', '/api/billing/payments', who)).json().payments;
    expect(payments.length).toBe(2);
    expect(payments[0].amount_cents).toBe(shown.amount_cents);
  });

  it('should refuse a downgrade below current usage and say what is over', async () => {
    const who = await register(h, 'Busy Bea');
    await upgradeAndPay(who, 'business');
    expect((await call('POST', '/api/companies', who, { name: 'Second Co' })).statusCode).toBe(201);
    const down = await call('POST', '/api/auth/upgrade', who, { tier: 'professional' });
    expect(down.statusCode).toBe(400);
    expect(down.json().message).toMatch(/2 companies.*Professional plan allows 1/);
  });

  it('should sell an add-on only on a paid plan, grant its capability, and cancel it', async () => {
    const who = await register(h, 'Addie Addon');
    expect((await call('POST', '/api/billing/add-ons', who, { add_on: 'advanced_analytics' })).statusCode).toBe(400);
    await upgradeAndPay(who, 'professional');
    expect((await call('POST', '/api/billing/add-ons', who, { add_on: 'time_travel' })).statusCode).toBe(400);
    expect((await call('POST', '/api/billing/add-ons/preview', who, { add_on: 'time_travel' })).statusCode).toBe(400);
    // An add-on is charged at once (prorated): without its preview's figures it charges nothing.
    const unconfirmed = await call('POST', '/api/billing/add-ons', who, { add_on: 'advanced_analytics' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ code: 'CONFLICT', message: 'The Advanced Analytics add-on is charged now: review the amount and confirm it first.' });
    const preview = await call('POST', '/api/billing/add-ons/preview', who, { add_on: 'advanced_analytics' });
    expect(preview.statusCode).toBe(200);
    const shown = preview.json();
    expect(shown).toEqual({ amount_cents: expect.any(Number), currency: 'usd', proration_date: expect.any(Number) });
    // 13 dollars for (almost) the whole period.
    expect(shown.amount_cents).toBeGreaterThan(1290);
    expect(shown.amount_cents).toBeLessThanOrEqual(1300);
    const wrong = await call('POST', '/api/billing/add-ons', who, { add_on: 'advanced_analytics', confirm_amount_cents: shown.amount_cents + 1, proration_date: shown.proration_date });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toBe('The amount of the Advanced Analytics add-on has changed: review the new amount and confirm again.');
    expect((await callAs(h, 'GET', '/api/billing/payments', who)).json().payments).toHaveLength(1);
    expect((await callAs(h, 'GET', '/api/billing/subscription', who)).json().add_ons).toEqual([]);
    const bought = await call('POST', '/api/billing/add-ons', who, { add_on: 'advanced_analytics', confirm_amount_cents: shown.amount_cents, proration_date: shown.proration_date });
    expect(bought.statusCode).toBe(200);
    await eventually(async () => (await callAs(h, 'GET', '/api/auth/me', who)).json().capabilities.analytics === true);
    // The add-on was charged, prorated, for the amount the preview showed.
    await eventually(async () => (await callAs(h, 'GET', '/api/billing/payments', who)).json().payments.length === 2);
    expect((await callAs(h, 'GET', '/api/billing/payments', who)).json().payments[0]).toMatchObject({ amount_cents: shown.amount_cents, status: 'succeeded' });
    expect((await call('POST', '/api/billing/add-ons', who, { add_on: 'advanced_analytics', confirm_amount_cents: shown.amount_cents, proration_date: shown.proration_date })).statusCode).toBe(409);
    expect((await call('POST', '/api/billing/add-ons/preview', who, { add_on: 'advanced_analytics' })).statusCode).toBe(409);
    const cancelled = await call('DELETE', '/api/billing/add-ons/advanced_analytics', who);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().add_ons).toEqual([]);
    await eventually(async () => (await callAs(h, 'GET', '/api/auth/me', who)).json().capabilities.analytics === false);
  });

  it('should sell video credits at $2.50 each, shown as the trial status credits, within 1 to 100', async () => {
    const who = await register(h, 'Cred Ida');
    for (const credits of [0, 101, -3]) expect((await call('POST', '/api/billing/credits', who, { credits })).statusCode).toBe(400);
    const r = await call('POST', '/api/billing/credits', who, { credits: 4 });
    expect(r.statusCode).toBe(200);
    const page = (await callAs(h, 'GET', `/api/billing/checkout/${r.json().session_id}`, who)).json();
    expect(page).toMatchObject({ mode: 'payment', total_cents: 1000 });
    await pay(who, r.json().checkout_url);
    expect((await callAs(h, 'GET', '/api/billing/subscription', who)).json().credit_balance_cents).toBe(1000);
    await eventually(async () => (await callAs(h, 'GET', '/api/trial-status', who)).json().video_credits === 1000);
  });

  it('should cancel at the period end and take it back; Manage Billing opens the billing page locally', async () => {
    const who = await register(h, 'Quinn Quitter');
    await upgradeAndPay(who, 'professional');
    expect((await call('POST', '/api/billing/cancel', who, { cancel_at_period_end: true })).json().cancel_at_period_end).toBe(true);
    expect(await tierOf(who)).toBe('professional');
    expect((await call('POST', '/api/billing/cancel', who, { cancel_at_period_end: false })).json().cancel_at_period_end).toBe(false);
    expect((await call('POST', '/api/billing/portal', who, {})).json().url).toBe(`${WEB}/billing`);
  });

  it('should run the operator command as the README writes it, finding the services as npm start does', async () => {
    const who = await register(h, 'Opal Operator');
    // `npm run admin:billing -- set-tier ...` from the repository, beside a running stack: only the
    // stack's database and namespace in the environment (this harness's; npm start's are the
    // defaults), no service addresses.
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: h.infra.databaseUrl, NATS_URL: h.infra.natsUrl, REDIS_URL: h.infra.redisUrl, NAMESPACE: h.infra.namespace };
    const run = promisify(execFile);
    const { stdout } = await run('npm', ['run', '--silent', 'admin:billing', '--', 'set-tier', '--email', who.email, '--tier', 'business'], { cwd: resolve(process.cwd(), '../..'), env });
    expect(stdout).toContain(`${who.email}: free-trial -> business`);
    await eventually(async () => (await tierOf(who)) === 'business');
  });

  it('should let the operator grant a plan (support), applied by auth', async () => {
    const who = await register(h, 'Granted Gus');
    await setTier(h, who, 'enterprise');
    expect((await callAs(h, 'GET', '/api/billing/subscription', who)).json()).toMatchObject({ tier: 'enterprise', effective_tier: 'enterprise' });
  });
});

describe('billing: the webhook', () => {
  const post = (payload: string, signature?: string) =>
    h.request({ method: 'POST', url: '/api/billing/webhook', payload, headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) } });
  const sign = (payload: string, secret: string, timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

  it("should refuse every webhook with the local provider, even a forged completion of another account's checkout", async () => {
    const victim = await register(h, 'Victor Victim');
    const checkout = (await call('POST', '/api/auth/upgrade', victim, { tier: 'enterprise', interval: 'month' })).json();
    const sessionId = sessionOf(checkout.checkout_url);
    const refused = { code: 'FORBIDDEN', message: 'This server takes no payment webhooks: the local test checkout completes its payments itself.' };
    for (const type of ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired']) {
      const payload = JSON.stringify({ id: `evt_forged_${type}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: { id: sessionId, object: 'checkout.session' } } });
      for (const signature of [sign(payload, OLD_DEFAULT_SECRET), h.billing.core.local!.sign(payload), sign(payload, OLD_DEFAULT_SECRET, Math.floor(Date.now() / 1000) + 400), undefined]) {
        const r = await post(payload, signature);
        expect(r.statusCode).toBe(403);
        expect(r.json()).toMatchObject(refused);
      }
    }
    for (const malformed of ['{"id":"x"}', '[]', 'null']) expect((await post(malformed, sign(malformed, OLD_DEFAULT_SECRET))).statusCode).toBe(403);
    expect((await callAs(h, 'GET', `/api/billing/status/${sessionId}`, victim)).json()).toMatchObject({ payment_status: 'unpaid' });
    expect(await tierOf(victim)).toBe('free-trial');
  });
});

describe('GET /api/billing/usage: storage and downloads', () => {
  // A minimal real PDF (the uploads' content check reads its header).
  const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
  const usageOf = async (who: Account) => {
    const r = await callAs(h, 'GET', '/api/billing/usage', who);
    expect(r.statusCode).toBe(200);
    return Object.fromEntries((r.json().usage as Array<{ key: string; used: number; limit: number }>).map((u) => [u.key, u]));
  };

  it("should show a new trial's storage of 1 GB and its 3 downloads, counting a download and an upload", async () => {
    const who = await register(h, 'Ursula Usage');
    const first = await callAs(h, 'GET', '/api/billing/usage', who);
    expect(first.json().usage.map((u: { key: string }) => u.key)).toEqual(['projects', 'companies', 'users', 'storage', 'downloads']);
    const before = await usageOf(who);
    expect(before.downloads).toEqual({ key: 'downloads', used: 0, limit: 3 });
    expect(before.storage).toMatchObject({ key: 'storage', limit: 1024 ** 3 });
    expect(before.storage!.used).toBeGreaterThanOrEqual(0);

    // Download the welcome sample once it is rendered (a refusal while it renders counts nothing).
    const sample = (await callAs(h, 'GET', '/api/projects', who)).json().projects[0];
    await eventually(async () => (await fetch(`${h.baseUrl}/api/projects/${sample.id}/download/txt`, { headers: who.auth })).status === 200, 30_000);
    const downloaded = await usageOf(who);
    expect(downloaded.downloads).toEqual({ key: 'downloads', used: 1, limit: 3 });
    // The sample's rendered files count against the storage.
    expect(downloaded.storage!.used).toBeGreaterThan(0);

    const form = new FormData();
    form.append('kind', 'script');
    form.append('file', new Blob([PDF]), 'Script.pdf');
    const uploaded = await fetch(`${h.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: who.auth });
    expect(uploaded.status).toBe(201);
    const after = await usageOf(who);
    expect(after.storage).toEqual({ key: 'storage', used: downloaded.storage!.used + PDF.length, limit: 1024 ** 3 });
    expect(after.downloads!.used).toBe(1);
  }, 60_000);

  it('should show unlimited downloads as -1 on a plan without a download limit', async () => {
    const who = await register(h, 'Enid Enterprise', 'enterprise');
    // register() waits for auth to serve the plan; the project service's projection of the
    // company's owner plan (the storage limit) follows the same event a moment later.
    const usage = await eventually(async () => {
      const figures = await usageOf(who);
      return figures.storage?.limit === 200 * 1024 ** 3 && figures;
    });
    expect(usage.downloads).toEqual({ key: 'downloads', used: 0, limit: -1 });
    expect(usage.storage).toMatchObject({ limit: 200 * 1024 ** 3 });
  });
});
