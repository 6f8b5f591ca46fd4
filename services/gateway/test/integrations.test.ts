// The integration hub through the gateway (docs/integrations.md): an Owner connects Zapier and
// Slack to local receivers, tests them, and receives the platform's events, Zapier's signed by
// the Standard Webhooks scheme (verified here with its own library); the log shows each attempt, a
// failing receiver is retried on schedule and can be replayed, a 410 pauses the integration. Bad
// input, private addresses, other users and companies, roles and plans are refused, and no
// credential ever comes back.
//
// Its own stack: the local receivers' origin is allowed (INTEGRATION_ALLOW_ORIGINS), which the
// other files' stack must not allow (their SSRF refusals include loopback).
import { randomUUID } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { hostname } from 'node:os';
import { nonPublicReason } from '@trainwright/platform';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompanyMembersChanged, PackageChanged, PaymentOutcome, ProjectChanged, ProjectStatusChanged, TranslationChanged, VideoStatusChanged } from '@trainwright/proto/trainwright/events/v1/events';
import { FAKE_CHAT_SPACE, FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_FOLDER_ID, FAKE_REFRESH_TOKEN, startFakeGoogle, type FakeGoogle } from '@trainwright/integration/testing';
import { Webhook } from 'standardwebhooks';
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { startHarness, type Harness } from './harness.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let h: Harness;
let owner: Account;
let receiver: http.Server;
let origin: string;
let google: FakeGoogle;
const received: Received[] = [];
/** What each path answers: its status. */
const answers: Record<string, number> = { '/zapier': 200, '/slack': 200, '/fails': 500, '/gone': 410, '/hook-a': 200, '/hook-gone': 410, '/teams': 202, '/chat': 200 };

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(answers[req.url ?? ''] ?? 404, { 'content-type': 'text/plain' });
      res.end(req.url === '/slack' ? 'ok' : 'received');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  google = await startFakeGoogle();
  h = await startHarness('integrations', { INTEGRATION_ALLOW_ORIGINS: `${origin},${google.origin}`, GOOGLE_OAUTH_TOKEN_URL: `${google.origin}/token`, GOOGLE_API_URL: google.origin });
  owner = await register(h, 'Ina Hooks', 'business');
}, 180_000);

afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await google?.close();
});

const setup = (who: Account, body: unknown) => call(h, 'POST', '/api/integrations/setup', who, body);
const arrivals = (path: string) => received.filter((r) => r.path === path);

/** Announces a project's status as the project service does. */
async function projectStatus(companyId: string, status: string, eventId = randomUUID()): Promise<string> {
  const projectId = randomUUID();
  await h.bus.publish('project.status_changed', ProjectStatusChanged.encode({ projectId, companyId, status, progress: {}, error: status === 'failed' ? 'The render failed.' : '', occurredAt: new Date().toISOString() }).finish(), eventId);
  return projectId;
}

describe('the integration hub', () => {
  it('should list the catalogue with each type’s fields', async () => {
    const catalogue = (await call(h, 'GET', '/api/integrations/catalogue', owner)).json().integrations as Array<{ id: string; available: boolean; required_fields: Array<{ name: string }> }>;
    expect(catalogue.map((e) => e.id)).toEqual(['zapier', 'slack', 'microsoft_teams', 'google_workspace']);
    expect(catalogue.find((e) => e.id === 'zapier')!.required_fields.map((f) => f.name)).toEqual(['webhook_url', 'api_key']);
    expect(catalogue.filter((e) => e.available).map((e) => e.id)).toEqual(['zapier', 'slack', 'microsoft_teams', 'google_workspace']);
    const events = (await h.request({ url: '/api/integrations/events' })).json().events as Array<{ type: string; data_schema: { required: string[] } }>;
    expect(events.map((e) => e.type)).toContain('project.completed');
    expect(events.find((e) => e.type === 'payment.succeeded')!.data_schema.required).toContain('amount_cents');
  });

  it('should connect Zapier, sign every delivery, and deliver a completed project once', async () => {
    const apiKey = `zap-${randomUUID()}`;
    const created = await setup(owner, { user_id: owner.id, integration_type: 'zapier', configuration: { webhook_url: `${origin}/zapier`, api_key: apiKey } });
    expect(created.statusCode).toBe(201);
    const { integration, signing_secret: secret } = created.json();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(integration).toMatchObject({ integration_type: 'zapier', integration_id: 'zapier', name: 'Zapier', status: 'pending', signed: true, company_id: owner.companyId });
    expect(integration.configuration).toEqual({ webhook_url: expect.stringMatching(/^••••/), api_key: expect.stringMatching(/^••••/) });
    expect(created.body).not.toContain(apiKey);
    expect(created.body).not.toContain('/zapier');

    const listed = await call(h, 'GET', `/api/integrations/user/${owner.id}`, owner);
    expect(listed.json().integrations.map((i: { id: string }) => i.id)).toContain(integration.id);
    expect(listed.body).not.toContain(apiKey);

    // The test message: signed, and it connects the integration.
    const tested = await call(h, 'POST', `/api/integrations/${integration.id}/test`, owner);
    expect(tested.json()).toMatchObject({ success: true, error: '', integration: { status: 'connected' }, delivery: { event: 'integration.test', status: 'succeeded', attempts: 1 } });
    // The welcome sample's completion may arrive too: the test message is the one of its type.
    const test = arrivals('/zapier').find((r) => JSON.parse(r.body).type === 'integration.test')!;
    const verified = new Webhook(secret).verify(test.body, test.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe('integration.test');

    // A project completed, announced twice with one event id: one delivery.
    const eventId = randomUUID();
    const projectId = await projectStatus(owner.companyId, 'completed', eventId);
    await h.bus.publish('project.status_changed', ProjectStatusChanged.encode({ projectId, companyId: owner.companyId, status: 'completed', progress: {}, error: '', occurredAt: new Date().toISOString() }).finish(), eventId);
    const delivered = await eventually(async () => arrivals('/zapier').find((r) => r.body.includes(projectId)), 15_000);
    const body = new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>) as { type: string; data: Record<string, unknown> };
    expect(body).toMatchObject({ type: 'project.completed', data: { project_id: projectId, status: 'completed', url: `http://localhost:3000/projects/${projectId}` } });
    // A signature made with another secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(24, 7).toString('base64')}`).verify(delivered.body, delivered.headers as Record<string, string>)).toThrow();

    const log = await eventually(async () => {
      const page = (await call(h, 'GET', `/api/integrations/${integration.id}/deliveries`, owner)).json();
      return page.deliveries.find((d: { event_id: string; status: string }) => d.event_id === eventId && d.status === 'succeeded') ? page : undefined;
    }, 10_000);
    // The account's welcome sample may complete meanwhile too: this event's deliveries are counted.
    const ofEvent = log.deliveries.filter((d: { event_id: string }) => d.event_id === eventId);
    expect(ofEvent).toHaveLength(1);
    expect(ofEvent[0].attempt_log[0]).toMatchObject({ attempt: 1, response_status: 200, response_excerpt: 'received' });
    expect(arrivals('/zapier').filter((r) => r.body.includes(projectId))).toHaveLength(1);
    // The integration names its last delivery.
    const status = (await call(h, 'GET', `/api/integrations/${integration.id}/status`, owner)).json();
    expect(Date.parse(status.last_delivery_at)).toBeGreaterThanOrEqual(Date.parse(ofEvent[0].created_at));
    expect(['pending', 'succeeded']).toContain(status.last_delivery_status);

    // Rotating: the new secret is answered once; both sign while the old one is still valid.
    const rotated = (await call(h, 'POST', `/api/integrations/${integration.id}/rotate-secret`, owner)).json();
    expect(rotated.signing_secret).not.toBe(secret);
    await call(h, 'POST', `/api/integrations/${integration.id}/test`, owner);
    const after = arrivals('/zapier').at(-1)!;
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const s of [secret, rotated.signing_secret]) expect(() => new Webhook(s).verify(after.body, after.headers as Record<string, string>)).not.toThrow();
  }, 60_000);

  it('should deliver each kind of fact, naming the project by the title its events gave', async () => {
    const { integration, signing_secret: secret } = (await setup(owner, { integration_type: 'zapier', configuration: { webhook_url: `${origin}/zapier`, api_key: `facts-${randomUUID()}` } })).json();
    const projectId = randomUUID();
    const at = () => new Date().toISOString();
    await h.bus.publish('project.created', ProjectChanged.encode({ projectId, companyId: owner.companyId, ownerUserId: owner.id, occurredAt: at(), countsTowardLimit: true, status: 'draft', visualFormat: '', hasContent: false, contentVersion: 1, title: 'Forklift basics' }).finish());
    // The title is learned by the projects' consumer: once a completed project's delivery names it, the other consumers can too.
    await h.bus.publish('project.status_changed', ProjectStatusChanged.encode({ projectId, companyId: owner.companyId, status: 'completed', progress: {}, error: '', occurredAt: at() }).finish());
    await eventually(async () => arrivals('/zapier').some((r) => r.body.includes(projectId) && r.body.includes('"project_title":"Forklift basics"')), 15_000);
    await h.bus.publish('video.status_changed', VideoStatusChanged.encode({ projectId, companyId: owner.companyId, status: 'ready', percent: 100, contentVersion: 1, error: '', paymentId: randomUUID(), occurredAt: at(), language: '' }).finish());
    await h.bus.publish('translation.completed', TranslationChanged.encode({ projectId, companyId: owner.companyId, language: 'es', translationId: randomUUID(), status: 'completed', progress: 100, version: 1, engine: 'apertium', error: '', occurredAt: at() }).finish());
    await h.bus.publish('scorm.ready', PackageChanged.encode({ packageId: randomUUID(), projectId, companyId: owner.companyId, status: 'ready', progress: 100, error: '', occurredAt: at() }).finish());
    await h.bus.publish('member.joined', CompanyMembersChanged.encode({ companyId: owner.companyId, userId: randomUUID(), role: 'editor', occurredAt: at(), previousRole: '' }).finish());
    await h.bus.publish('payment.succeeded', PaymentOutcome.encode({ userId: owner.id, paymentId: randomUUID(), kind: 'credits', amountCents: 2500, projectId: '', occurredAt: at(), contentVersion: 0, language: '' }).finish());
    const expected = ['render.completed', 'translation.completed', 'scorm.exported', 'member.joined', 'payment.succeeded'];
    const bodies = await eventually(async () => {
      // This integration's deliveries: those its secret verifies (the earlier Zapier integration gets them too, signed with its own).
      const signedHere = arrivals('/zapier').flatMap((r) => {
        try {
          return [new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> }];
        } catch {
          return [];
        }
      });
      const got = signedHere.filter((body) => expected.includes(body.type) && (body.data.project_id === projectId || body.data.company_id === owner.companyId)).map((body) => ({ body }));
      return expected.every((t) => got.some(({ body }) => body.type === t)) ? got : undefined;
    }, 15_000);
    const of = (type: string) => bodies.find(({ body }) => body.type === type)!.body.data;
    expect(of('render.completed')).toMatchObject({ project_id: projectId, project_title: 'Forklift basics' });
    expect(of('translation.completed')).toMatchObject({ project_title: 'Forklift basics', language: 'es', engine: 'apertium' });
    expect(of('scorm.exported')).toMatchObject({ project_title: 'Forklift basics' });
    expect(of('member.joined')).toMatchObject({ role: 'editor', url: 'http://localhost:3000/team' });
    expect(of('payment.succeeded')).toMatchObject({ kind: 'credits', amount_cents: 2500, currency: 'usd' });
    await call(h, 'DELETE', `/api/integrations/${integration.id}`, owner);
  }, 30_000);

  it("should let a Zapier app in with the integration's api_key: subscribe, receive, sample, unsubscribe", async () => {
    const apiKey = `zapier-app-${randomUUID()}`;
    const { integration, signing_secret: secret } = (await setup(owner, { integration_type: 'zapier', configuration: { webhook_url: `${origin}/zapier`, api_key: apiKey } })).json();
    const zap = (method: string, url: string, key: string, body?: unknown) =>
      h.request({ method, url, payload: body === undefined ? undefined : JSON.stringify(body), headers: { 'x-api-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) } });
    expect((await zap('GET', '/api/integrations/zapier/me', apiKey)).json()).toEqual({ integration_id: integration.id, company_id: owner.companyId });
    expect((await zap('GET', '/api/integrations/zapier/me', `${apiKey}x`)).statusCode).toBe(401);
    expect((await h.request({ method: 'GET', url: '/api/integrations/zapier/me' })).statusCode).toBe(401);
    // The same key for a second integration is refused: it must open one.
    expect((await setup(owner, { integration_type: 'zapier', configuration: { webhook_url: `${origin}/zapier`, api_key: apiKey } })).statusCode).toBe(409);
    expect((await setup(owner, { integration_type: 'zapier', configuration: { webhook_url: `${origin}/zapier`, api_key: 'short' } })).json().message_id).toBe('integrations.apiKeyTooShort');

    expect((await zap('POST', '/api/integrations/zapier/hooks', apiKey, { target_url: `${origin}/hook-a`, event: 'project.sold' })).json().message_id).toBe('integrations.unknownEvent');
    expect((await zap('POST', '/api/integrations/zapier/hooks', apiKey, { target_url: 'https://169.254.169.254/latest', event: 'project.completed' })).statusCode).toBe(400);
    const hook = await zap('POST', '/api/integrations/zapier/hooks', apiKey, { target_url: `${origin}/hook-a`, event: 'project.completed' });
    expect(hook.statusCode).toBe(201);
    const gone = (await zap('POST', '/api/integrations/zapier/hooks', apiKey, { target_url: `${origin}/hook-gone`, event: 'project.completed' })).json();

    const projectId = await projectStatus(owner.companyId, 'completed');
    const atHook = await eventually(async () => arrivals('/hook-a').find((r) => r.body.includes(projectId)), 15_000);
    expect((new Webhook(secret).verify(atHook.body, atHook.headers as Record<string, string>) as { type: string }).type).toBe('project.completed');
    // The hook that answered 410 is unsubscribed: the next event reaches only the other.
    await eventually(async () => arrivals('/hook-gone').some((r) => r.body.includes(projectId)), 15_000);
    await eventually(async () => ((await zap('DELETE', `/api/integrations/zapier/hooks/${gone.id}`, apiKey)).statusCode === 404 ? true : undefined), 10_000);
    const next = await projectStatus(owner.companyId, 'completed');
    await eventually(async () => arrivals('/hook-a').some((r) => r.body.includes(next)), 15_000);
    expect(arrivals('/hook-gone').some((r) => r.body.includes(next))).toBe(false);

    const samples = (await zap('GET', '/api/integrations/zapier/samples/translation.completed', apiKey)).json();
    expect(samples).toEqual([{ type: 'translation.completed', timestamp: expect.any(String), data: expect.objectContaining({ project_title: 'Forklift safety basics', language: 'es', company_id: owner.companyId }) }]);

    // Another integration's key reaches none of this one's hooks.
    const otherKey = `other-app-${randomUUID()}`;
    await setup(owner, { integration_type: 'zapier', configuration: { webhook_url: `${origin}/zapier`, api_key: otherKey } });
    expect((await zap('DELETE', `/api/integrations/zapier/hooks/${hook.json().id}`, otherKey)).statusCode).toBe(404);
    expect((await zap('DELETE', `/api/integrations/zapier/hooks/${hook.json().id}`, apiKey)).statusCode).toBe(204);
  }, 60_000);

  it('should post Block Kit to Slack with the fallback text and the channel', async () => {
    const created = (await setup(owner, { integration_type: 'slack', configuration: { webhook_url: `${origin}/slack`, channel: '#training' } })).json();
    expect(created.integration.configuration.channel).toBe('#training');
    const projectId = await projectStatus(owner.companyId, 'failed');
    const posted = await eventually(async () => arrivals('/slack').find((r) => r.body.includes(projectId)), 15_000);
    const message = JSON.parse(posted.body);
    expect(message.text).toBe('A project failed');
    expect(message.channel).toBe('#training');
    expect(message.blocks[0]).toEqual({ type: 'header', text: { type: 'plain_text', text: 'A project failed' } });
    expect(message.blocks.map((b: { type: string }) => b.type)).toEqual(['header', 'section', 'section']);
    expect(message.blocks[2].text.text).toBe(`<http://localhost:3000/projects/${projectId}|Open in Trainwright>`);
  }, 30_000);

  it('should post an Adaptive Card to a Teams Workflows webhook, whose 202 counts as success', async () => {
    const created = (await setup(owner, { integration_type: 'microsoft_teams', configuration: { tenant_id: 'contoso.onmicrosoft.com', client_id: randomUUID(), client_secret: 'teams-client-secret-value', webhook_url: `${origin}/teams` } })).json();
    expect(JSON.stringify(created)).not.toContain('teams-client-secret-value');
    const tested = (await call(h, 'POST', `/api/integrations/${created.integration.id}/test`, owner)).json();
    expect(tested).toMatchObject({ success: true, integration: { status: 'connected' }, delivery: { attempt_log: [{ response_status: 202 }] } });
    const card = JSON.parse(arrivals('/teams').at(-1)!.body);
    expect(card).toMatchObject({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard' } }] });
    await call(h, 'DELETE', `/api/integrations/${created.integration.id}`, owner);
  });

  it('should post a Cards v2 card to a Google Chat space for an event without files', async () => {
    const created = (await setup(owner, { integration_type: 'google_workspace', configuration: { client_id: `${randomUUID()}.apps.googleusercontent.com`, client_secret: 'google-client-secret-value', webhook_url: `${origin}/chat` } })).json();
    expect(JSON.stringify(created)).not.toContain('google-client-secret-value');
    await h.bus.publish('member.joined', CompanyMembersChanged.encode({ companyId: owner.companyId, userId: randomUUID(), role: 'viewer', occurredAt: new Date().toISOString(), previousRole: '' }).finish());
    const posted = await eventually(async () => arrivals('/chat').find((r) => r.body.includes('A new member joined')), 15_000);
    const message = JSON.parse(posted.body);
    expect(message.cardsV2[0].card.header.title).toBe('A new member joined the company');
    await call(h, 'DELETE', `/api/integrations/${created.integration.id}`, owner);
  }, 30_000);

  it("should upload a completed project's documents to Google Drive and post their links to Chat", async () => {
    const created = (await setup(owner, { integration_type: 'google_workspace', configuration: { client_id: FAKE_CLIENT_ID, client_secret: FAKE_CLIENT_SECRET, refresh_token: FAKE_REFRESH_TOKEN, drive_folder_id: FAKE_FOLDER_ID, webhook_url: google.chatWebhook } })).json();
    expect(JSON.stringify(created)).not.toContain(FAKE_REFRESH_TOKEN);
    // A real project, generated and completed by the stack: its completion is the event.
    const projectId = (await call(h, 'POST', '/api/projects', owner, { title: 'Drive drill', project_type: 'script_to_slides', script_content: '[SCENE: Forks]\nNARRATOR: Check the forks before every lift.', input_method: 'text' })).json().id as string;
    const card = await eventually(async () => google.chatCalls.find((c) => JSON.stringify(c.body).includes(projectId)), 90_000);
    expect(card.space).toBe(FAKE_CHAT_SPACE);
    const uploads = google.uploads.slice(-3);
    expect(uploads.map((u) => u.metadata.parents)).toEqual([[FAKE_FOLDER_ID], [FAKE_FOLDER_ID], [FAKE_FOLDER_ID]]);
    expect(uploads.map((u) => u.mediaType)).toEqual(['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']);
    // Drive got exactly the files the project's downloads give, under the same names.
    for (const [i, format] of ['pptx', 'pdf', 'docx'].entries()) {
      const download = await fetch(`${h.baseUrl}/api/projects/${projectId}/download/${format}`, { headers: owner.auth });
      expect(download.status).toBe(200);
      expect(uploads[i]!.metadata.name).toBe(/filename="([^"]+)"/.exec(download.headers.get('content-disposition') ?? '')?.[1]);
      expect(uploads[i]!.content.equals(Buffer.from(await download.arrayBuffer()))).toBe(true);
    }
    // The card links each uploaded file.
    for (const upload of uploads) expect(JSON.stringify(card.body)).toContain(`https://drive.google.com/file/d/${upload.id}/view`);
    const delivery = (await call(h, 'GET', `/api/integrations/${created.integration.id}/deliveries`, owner)).json().deliveries.find((d: { event: string }) => d.event === 'project.completed');
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1 });
    await call(h, 'DELETE', `/api/integrations/${created.integration.id}`, owner);
  }, 120_000);

  it('should retry a failing receiver on schedule, replay on demand, and pause on 410', async () => {
    const failing = (await setup(owner, { integration_type: 'slack', configuration: { webhook_url: `${origin}/fails` } })).json().integration;
    const projectId = await projectStatus(owner.companyId, 'completed');
    const failed = await eventually(async () => {
      const d = (await call(h, 'GET', `/api/integrations/${failing.id}/deliveries`, owner)).json().deliveries[0];
      return d?.status === 'failed' ? d : undefined;
    }, 15_000);
    expect(failed.attempt_log[0]).toMatchObject({ attempt: 1, response_status: 500, error: 'The receiver answered HTTP 500.', response_excerpt: 'received' });
    // The next try 5 s after the first failure (the schedule: docs/integrations.md).
    const gap = Date.parse(failed.next_attempt_at) - Date.parse(failed.attempt_log[0].at);
    expect(gap).toBe(5000);
    expect(arrivals('/fails').filter((r) => r.body.includes(projectId)).length).toBeGreaterThanOrEqual(1);

    const replayed = await call(h, 'POST', `/api/integrations/${failing.id}/deliveries/${failed.id}/replay`, owner);
    expect(replayed.statusCode).toBe(202);
    await eventually(async () => ((await call(h, 'GET', `/api/integrations/${failing.id}/deliveries`, owner)).json().deliveries.find((d: { id: string }) => d.id === failed.id).attempts >= 2 ? true : undefined), 15_000);

    const gone = (await setup(owner, { integration_type: 'slack', configuration: { webhook_url: `${origin}/gone` } })).json().integration;
    const tested = (await call(h, 'POST', `/api/integrations/${gone.id}/test`, owner)).json();
    expect(tested).toMatchObject({ success: false, integration: { status: 'error', status_message_id: 'integrations.receiverGone' } });
    const status = (await call(h, 'GET', `/api/integrations/${gone.id}/status`, owner)).json();
    expect(status).toMatchObject({ status: 'error', status_reason: 'The receiver answered 410 Gone: it no longer exists, so the integration was paused.' });
  }, 60_000);

  it('should refuse bad input with the field, and private addresses at setup', async () => {
    const missing = await setup(owner, { integration_type: 'zapier', configuration: { webhook_url: `${origin}/zapier` } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Fill in the required fields: api_key.', message_id: 'integrations.missingFields', detail: { field: 'api_key', fields: ['api_key'] } });
    expect((await setup(owner, { integration_type: 'google_workspace', configuration: {} })).json().detail.fields).toEqual(['client_id', 'client_secret']);
    expect((await setup(owner, { integration_type: 'microsoft_teams', configuration: {} })).json().detail.fields).toEqual(['tenant_id', 'client_id', 'client_secret']);
    const unknown = await setup(owner, { integration_type: 'fax', configuration: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message_id).toBe('integrations.unknownType');
    expect((await setup(owner, { integration_type: 'slack', configuration: { webhook_url: `${origin}/slack`, color: 'red' } })).json().message_id).toBe('integrations.unknownField');
    expect((await setup(owner, { integration_type: 'slack', configuration: { webhook_url: 'http://hooks.slack.com/services/x' } })).json().message_id).toBe('integrations.notUrl');
    // This machine's own name resolves (in /etc/hosts) to an address that is not public: refused,
    // by its name or by what it resolves to (the resolution itself: test/messages.test.ts of the service).
    const own = await lookup(hostname()).catch(() => null);
    if (own && nonPublicReason(own.address)) expect((await setup(owner, { integration_type: 'slack', configuration: { webhook_url: `https://${hostname()}/hook` } })).json().message).toMatch(/^This address is not allowed/);
    for (const url of ['https://127.0.0.1/hook', 'https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://localhost/hook', `http://127.0.0.1:1/hook`]) {
      const refused = await setup(owner, { integration_type: 'slack', configuration: { webhook_url: url } });
      expect([refused.statusCode, refused.json().detail?.field]).toEqual([400, 'webhook_url']);
    }
    expect((await setup(owner, { integration_type: 'slack', configuration: { webhook_url: `${origin}/slack`.padEnd(3000, 'x') } })).statusCode).toBe(400);
    expect((await setup(owner, { integration_type: 'slack', configuration: { webhook_url: `${origin}/slack` }, extra: 1 })).statusCode).toBe(400);
  });

  it('should keep integrations to the Owner of a plan with the hub, in their company', async () => {
    const zap = (await setup(owner, { integration_type: 'slack', configuration: { webhook_url: `${origin}/slack` } })).json().integration;
    const stranger = await register(h, 'Sam Elsewhere', 'business');
    expect((await call(h, 'GET', `/api/integrations/user/${owner.id}`, stranger)).statusCode).toBe(404);
    for (const [method, path] of [
      ['GET', `/api/integrations/${zap.id}`],
      ['GET', `/api/integrations/${zap.id}/status`],
      ['POST', `/api/integrations/${zap.id}/test`],
      ['GET', `/api/integrations/${zap.id}/deliveries`],
      ['DELETE', `/api/integrations/${zap.id}`],
    ] as const) {
      expect([path, (await call(h, method, path, stranger)).statusCode]).toEqual([path, 404]);
    }
    expect((await setup(stranger, { user_id: owner.id, integration_type: 'slack', configuration: { webhook_url: `${origin}/slack` } })).statusCode).toBe(404);
    expect((await setup(stranger, { company_id: owner.companyId, integration_type: 'slack', configuration: { webhook_url: `${origin}/slack` } })).statusCode).toBe(404);

    const editor = await register(h, 'Eda Editor');
    await addMember(h, owner.companyId, editor, 'editor');
    await eventually(async () => (await call(h, 'GET', `/api/integrations/user/${editor.id}?company_id=${owner.companyId}`, editor)).statusCode === 403, 10_000);
    expect((await call(h, 'DELETE', `/api/integrations/${zap.id}`, editor)).statusCode).toBe(403);

    const professional = await register(h, 'Pia Pro', 'professional');
    const refused = await setup(professional, { integration_type: 'slack', configuration: { webhook_url: `${origin}/slack` } });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FEATURE_NOT_AVAILABLE']);

    expect((await call(h, 'DELETE', `/api/integrations/${zap.id}`, owner)).statusCode).toBe(204);
    expect((await call(h, 'GET', `/api/integrations/${zap.id}`, owner)).statusCode).toBe(404);
  }, 60_000);
});
