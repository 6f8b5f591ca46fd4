// The Microsoft Teams sender against a local stand-in for Microsoft (test/fakes/microsoft.ts):
// the Adaptive Card, the Workflows webhook, Graph with client credentials and a cached token,
// Microsoft's refusals, the size limit, and no credential in any outcome.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { deliveryHttp } from '../src/adapters/http.js';
import { ADAPTIVE_CARD_TYPE, TEAMS_CUT_NOTE, TEAMS_LIMITS, fitText, graphChatMessage, teamsSender, workflowsMessage, type AdaptiveCard } from '../src/adapters/teams.js';
import type { IntegrationRow, Outgoing, Sender, SendOutcome } from '../src/services/deps.js';
import { summaryOf } from '../src/services/summary.js';
import { APP_ONLY_REFUSAL, FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_TENANT, startFakeMicrosoft, type FakeMicrosoft } from './fakes/microsoft.js';

const outgoing = (event: string, payload: Record<string, unknown>): Outgoing => ({ id: randomUUID(), event, occurredAt: new Date('2026-12-05T10:00:00Z'), payload });
const failedProject = outgoing('project.failed', { project_title: 'Forklift safety', error: 'The render stopped: **no voice** for [de](x).', url: 'https://app.example/projects/1' });
const TEAM = 'fbe2bf47-16c8-47cf-b4a5-4b9b187c508b';
const CHANNEL = '19:4a95f7d8db4c4e7fae857bcebe0623e6@thread.tacv2';
const SIG = 'pQ3kS7vX1mZ9cR5tY2wB8nL4hJ6gF0dA';

function teams(settings: Record<string, string>, secrets: Record<string, string>): IntegrationRow {
  const row: IntegrationRow = {
    id: randomUUID(),
    companyId: randomUUID(),
    createdBy: randomUUID(),
    type: 'microsoft_teams',
    status: 'connected',
    statusMessage: null,
    signingSecrets: [],
    failingSince: null,
    createdAt: new Date(),
    lastDelivery: null,
    settings,
    secrets,
  };
  return row;
}

const graphRow = (overrides: Record<string, string> = {}, secret = FAKE_CLIENT_SECRET) =>
  teams({ tenant_id: FAKE_TENANT, client_id: FAKE_CLIENT_ID, team_id: TEAM, channel_id: CHANNEL, ...overrides }, { client_secret: secret });

/** No credential anywhere in an outcome. */
function expectNoCredential(outcome: SendOutcome, credentials: string[]): void {
  for (const credential of credentials) {
    expect(outcome.error).not.toContain(credential);
    expect(outcome.responseExcerpt).not.toContain(credential);
  }
}

const cardOf = (message: Record<string, unknown>) => ((message.attachments as Array<{ content: AdaptiveCard }>)[0]!).content;
const textOf = (card: AdaptiveCard) => String(card.body[1]!.text);

let fake: FakeMicrosoft;
let sender: Sender;
const now = new Date('2026-12-05T10:00:00Z');

beforeAll(async () => {
  fake = await startFakeMicrosoft();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  // A sender of its own for each test: its token cache starts empty.
  sender = teamsSender(deliveryHttp([fake.origin], 5000), { loginUrl: fake.origin, graphUrl: fake.origin });
  fake.tokenRequests.length = 0;
  fake.channelMessages.length = 0;
  fake.webhookCalls.length = 0;
  fake.webhookStatus = 202;
  fake.refuseAppOnly = false;
  fake.expiresIn = 3599;
});

describe('the Adaptive Card', () => {
  it('should carry the summary: the title in bold, the text, a button to the link', () => {
    const summary = summaryOf(failedProject);
    expect(workflowsMessage(failedProject)).toEqual({
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          contentUrl: null,
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            body: [
              { type: 'TextBlock', text: summary.title, weight: 'Bolder', size: 'Medium', wrap: true },
              { type: 'TextBlock', text: 'The render stopped: **no voice** for [de](x).', wrap: true },
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'Open in Trainwright', url: 'https://app.example/projects/1' }],
          },
        },
      ],
    });
    expect(summary.title).toContain('Forklift safety');
  });

  it('should leave the button out without a link', () => {
    expect(cardOf(workflowsMessage(outgoing('integration.test', { message: 'Hello' })))).not.toHaveProperty('actions');
  });

  it('should give Graph the same card as a JSON string, named by the html body', () => {
    const message = graphChatMessage(failedProject, 'a1b2');
    expect(message.body).toEqual({ contentType: 'html', content: '<attachment id="a1b2"></attachment>' });
    const [attachment, ...more] = message.attachments as Array<{ id: string; contentType: string; content: string }>;
    expect(more).toEqual([]);
    expect(attachment!.id).toBe('a1b2');
    expect(attachment!.contentType).toBe(ADAPTIVE_CARD_TYPE);
    expect(JSON.parse(attachment!.content)).toEqual(cardOf(workflowsMessage(failedProject)));
  });
});

describe('the size limit', () => {
  const huge = outgoing('catalogue.imported', Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`field_${i}`, `${'x'.repeat(380)} é`])));

  it('should cut a long text to fit a Teams message and say so, in both formats', () => {
    for (const message of [workflowsMessage(huge), graphChatMessage(huge)]) {
      const bytes = Buffer.byteLength(JSON.stringify(message), 'utf8');
      expect(bytes).toBeLessThanOrEqual(TEAMS_LIMITS.messageBytes);
      expect(bytes).toBeGreaterThan(TEAMS_LIMITS.messageBytes - 1024);
      const attachment = (message.attachments as Array<{ content: AdaptiveCard | string }>)[0]!.content;
      const text = textOf(typeof attachment === 'string' ? (JSON.parse(attachment) as AdaptiveCard) : attachment);
      expect(text.endsWith(TEAMS_CUT_NOTE)).toBe(true);
      expect(text.startsWith(`field_0: ${'x'.repeat(380)} é\n\nfield_1:`)).toBe(true);
    }
  });

  it('should keep a text that fits, and cut at a space when there is one', () => {
    expect(fitText('short enough', 100, (t) => t)).toBe('short enough');
    const cut = fitText(`${'word '.repeat(40)}end`, 120, (t) => t);
    expect(cut).toBe(`${'word '.repeat(10).trimEnd()}${TEAMS_CUT_NOTE}`);
    expect(Buffer.byteLength(cut)).toBeLessThanOrEqual(120);
  });

  it('should post the shortened card, which Graph accepts', async () => {
    const outcome = await sender.send(graphRow(), huge, now);
    expect(outcome).toMatchObject({ ok: true, responseStatus: 201 });
    expect(fake.channelMessages[0]!.bytes).toBeLessThanOrEqual(TEAMS_LIMITS.messageBytes);
  });
});

describe('a Workflows webhook', () => {
  const webhook = () => `${fake.origin}/workflows/4f2a9c/triggers/manual/paths/invoke?api-version=1&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0&sig=${SIG}`;

  it('should post the card and count 202 Accepted as success, without signing in', async () => {
    const row = teams({ tenant_id: FAKE_TENANT, client_id: FAKE_CLIENT_ID, team_id: TEAM, channel_id: CHANNEL }, { client_secret: FAKE_CLIENT_SECRET, webhook_url: webhook() });
    const outcome = await sender.send(row, failedProject, now);
    expect(outcome).toEqual({ responseStatus: 202, ok: true, gone: false, error: '', responseExcerpt: '' });
    expect(fake.webhookCalls).toHaveLength(1);
    expect(fake.webhookCalls[0]!.path).toBe('/workflows/4f2a9c/triggers/manual/paths/invoke');
    expect(fake.webhookCalls[0]!.body).toEqual(workflowsMessage(failedProject));
    expect(fake.tokenRequests).toEqual([]);
    expect(fake.channelMessages).toEqual([]);
  });

  it('should report 410 as gone, the URL nowhere in the outcome', async () => {
    fake.webhookStatus = 410;
    const outcome = await sender.send(teams({}, { webhook_url: webhook() }), failedProject, now);
    expect(outcome).toMatchObject({ responseStatus: 410, ok: false, gone: true });
    expect(outcome.error).toBe('The receiver answered HTTP 410.');
    expectNoCredential(outcome, [webhook(), SIG]);
  });
});

describe('Microsoft Graph', () => {
  it('should sign in once with client credentials and post the card to the channel, the token cached', async () => {
    const row = graphRow();
    const first = await sender.send(row, failedProject, now);
    const second = await sender.send(row, outgoing('integration.test', { message: 'Hello' }), new Date(now.getTime() + 30 * 60_000));
    for (const outcome of [first, second]) {
      expect(outcome).toMatchObject({ responseStatus: 201, ok: true, gone: false, error: '' });
      expect(outcome.responseExcerpt).toContain('"messageType":"message"');
    }
    expect(fake.tokenRequests).toEqual([
      { tenant: FAKE_TENANT, form: { client_id: FAKE_CLIENT_ID, client_secret: FAKE_CLIENT_SECRET, scope: 'https://graph.microsoft.com/.default', grant_type: 'client_credentials' } },
    ]);
    expect(fake.channelMessages).toHaveLength(2);
    const [posted] = fake.channelMessages;
    expect(posted).toMatchObject({ teamId: TEAM, channelId: CHANNEL });
    expect(posted!.authorization).toMatch(/^Bearer eyJ/);
    expect(fake.tokens.has(posted!.authorization.slice('Bearer '.length))).toBe(true);
    expect(fake.channelMessages[1]!.authorization).toBe(posted!.authorization);
    const attachment = (posted!.body.attachments as Array<{ id: string; content: string }>)[0]!;
    expect(posted!.body.body).toEqual({ contentType: 'html', content: `<attachment id="${attachment.id}"></attachment>` });
    expect(JSON.parse(attachment.content)).toEqual(cardOf(workflowsMessage(failedProject)));
    for (const outcome of [first, second]) expectNoCredential(outcome, [FAKE_CLIENT_SECRET, ...fake.tokens]);
  });

  it('should sign in again shortly before the token expires, and once for deliveries at the same moment', async () => {
    const row = graphRow();
    await Promise.all([sender.send(row, failedProject, now), sender.send(row, failedProject, now)]);
    expect(fake.tokenRequests).toHaveLength(1);
    await sender.send(row, failedProject, new Date(now.getTime() + (3599 - 299) * 1000));
    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.channelMessages).toHaveLength(3);
  });

  it('should fail a wrong secret with Microsoft’s reason, the secret nowhere, and lend it no other token', async () => {
    expect((await sender.send(graphRow(), failedProject, now)).ok).toBe(true);
    const wrong = 'Wr0ng~secret.value-that-must-not-leak';
    const outcome = await sender.send(graphRow({}, wrong), failedProject, now);
    expect(outcome).toMatchObject({ responseStatus: 401, ok: false, gone: false, responseExcerpt: '' });
    expect(outcome.error).toMatch(/^Sign-in to Microsoft failed \(HTTP 401\): AADSTS7000215: Invalid client secret provided\./);
    expect(outcome.error).not.toContain('Trace ID');
    expectNoCredential(outcome, [wrong, FAKE_CLIENT_SECRET, ...fake.tokens]);
    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.channelMessages).toHaveLength(1);
  });

  it('should fail an unknown tenant with Microsoft’s reason', async () => {
    const outcome = await sender.send(graphRow({ tenant_id: 'contoso.example' }), failedProject, now);
    expect(outcome).toMatchObject({ responseStatus: 400, ok: false, gone: false, responseExcerpt: '' });
    expect(outcome.error).toContain("AADSTS90002: Tenant 'contoso.example' not found.");
  });

  it('should name the missing team or channel, and call nobody', async () => {
    const noChannel = await sender.send(graphRow({ channel_id: '' }), failedProject, now);
    expect(noChannel).toMatchObject({ responseStatus: 0, ok: false, gone: false, responseExcerpt: '' });
    expect(noChannel.error).toMatch(/channel_id is missing/);
    const neither = await sender.send(teams({ tenant_id: FAKE_TENANT, client_id: FAKE_CLIENT_ID }, { client_secret: FAKE_CLIENT_SECRET }), failedProject, now);
    expect(neither.error).toMatch(/team_id and channel_id are missing/);
    expect(fake.tokenRequests).toEqual([]);
    expect(fake.channelMessages).toEqual([]);
  });

  it('should report Graph’s refusal of an app-only post, and drop the token it refused', async () => {
    fake.refuseAppOnly = true;
    const outcome = await sender.send(graphRow(), failedProject, now);
    expect(outcome).toMatchObject({ responseStatus: 401, ok: false, gone: false });
    expect(outcome.error).toBe(`Microsoft Graph answered HTTP 401: ${APP_ONLY_REFUSAL}`);
    expectNoCredential(outcome, [FAKE_CLIENT_SECRET, ...fake.tokens]);
    fake.refuseAppOnly = false;
    expect((await sender.send(graphRow(), failedProject, now)).ok).toBe(true);
    expect(fake.tokenRequests).toHaveLength(2);
  });
});
