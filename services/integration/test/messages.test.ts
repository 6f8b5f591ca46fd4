// What senders make of a delivery, and how settings are checked and shown (pure logic).
import { describe, expect, it } from '@jest/globals';
import { AppError } from '@trainwright/platform';
import { Webhook } from 'standardwebhooks';
import { SLACK_LIMITS, pieces, slackMessages } from '../src/adapters/slack.js';
import { urlChecker } from '../src/adapters/url-check.js';
import { signedHeaders, webhookBody } from '../src/adapters/webhook.js';
import { mask, maskedConfiguration, validateConfiguration } from '../src/services/configuration.js';
import { retryDelayMs } from '../src/services/deliveries.js';

const outgoing = (event: string, payload: Record<string, unknown>) => ({ id: 'd1e0a6c4-4a7e-4d38-9a52-6f1f5ba1c0de', event, occurredAt: new Date('2026-12-05T10:00:00Z'), payload });

describe('slackMessages', () => {
  it('should make a header, the text and the link, escaping what Slack reads as markup', () => {
    const [message, ...more] = slackMessages(outgoing('project.failed', { project_title: 'Forklift <safety>', error: 'Render failed & stopped', url: 'https://app.example/projects/1' }), '#training');
    expect(more).toEqual([]);
    expect(message).toEqual({
      text: '“Forklift <safety>” failed',
      channel: '#training',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: '“Forklift <safety>” failed' } },
        { type: 'section', text: { type: 'mrkdwn', text: 'Render failed &amp; stopped' } },
        { type: 'section', text: { type: 'mrkdwn', text: '<https://app.example/projects/1|Open in Trainwright>' } },
      ],
    });
  });

  it('should stay within Slack’s limits, splitting a long message into several', () => {
    const payload = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`field_${i}`, 'x'.repeat(390)]));
    // An event without a wording of its own lists its fields: the longest messages there are.
    const messages = slackMessages(outgoing('custom.report', payload), undefined);
    expect(messages.length).toBeGreaterThan(1);
    for (const m of messages) {
      const blocks = m.blocks as Array<{ type: string; text: { text: string } }>;
      expect(blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
      for (const b of blocks) expect(b.text.text.length).toBeLessThanOrEqual(b.type === 'header' ? SLACK_LIMITS.headerText : SLACK_LIMITS.sectionText);
      expect(m.channel).toBeUndefined();
    }
    expect(messages[1]!.text).toBe('custom.report (continued)');
    // Nothing is lost: every field's text is in the sections, in order (a cut drops only the space or line break it is made at).
    const squeezed = (t: string) => t.replace(/[ \n]/g, '');
    const all = messages.flatMap((m) => (m.blocks as Array<{ type: string; text: { text: string } }>).filter((b) => b.type === 'section').map((b) => squeezed(b.text.text))).join('');
    expect(all).toBe(Object.entries(payload).map(([k, v]) => `${k}:${v}`).join(''));
  });

  it('should cut text at a line break or a space when there is one', () => {
    expect(pieces('aaaa bbbb\ncccc', 10)).toEqual(['aaaa bbbb', 'cccc']);
    expect(pieces('x'.repeat(25), 10)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
  });
});

describe('signedHeaders', () => {
  it('should sign id.timestamp.body so that the Standard Webhooks library verifies it, with each secret', () => {
    const secrets = [`whsec_${Buffer.alloc(24, 1).toString('base64')}`, `whsec_${Buffer.alloc(24, 2).toString('base64')}`];
    const now = new Date();
    const body = webhookBody(outgoing('project.completed', { project_id: 'p1' }));
    const headers = signedHeaders(secrets, 'msg_1', now, body);
    expect(headers['webhook-id']).toBe('msg_1');
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    for (const secret of secrets) expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'project.completed', timestamp: '2026-12-05T10:00:00.000Z', data: { project_id: 'p1' } });
    expect(() => new Webhook(secrets[0]!).verify(`${body} `, headers)).toThrow();
  });
});

describe('validateConfiguration', () => {
  const allowAll = async () => undefined;

  it('should split secrets from settings and mask secrets', async () => {
    const split = await validateConfiguration('slack', { webhook_url: 'https://hooks.slack.com/services/T1/B2/abcdefghijkl', channel: ' #ops ' }, allowAll);
    expect(split).toEqual({ settings: { channel: '#ops' }, secrets: { webhook_url: 'https://hooks.slack.com/services/T1/B2/abcdefghijkl' } });
    expect(maskedConfiguration(split)).toEqual({ channel: '#ops', webhook_url: '••••ijkl' });
    expect(mask('short')).toBe('••••');
  });

  it('should name every missing required field, and refuse unknown or overlong ones', async () => {
    const refusal = async (input: Record<string, string>) => {
      try {
        await validateConfiguration('microsoft_teams', input, allowAll);
      } catch (error) {
        return error as AppError;
      }
      throw new Error('accepted');
    };
    expect(await refusal({ tenant_id: 't' })).toMatchObject({ message: 'Fill in the required fields: client_id, client_secret.', detail: { field: 'client_id', fields: ['client_id', 'client_secret'] } });
    expect((await refusal({ tenant_id: 't', client_id: 'c', client_secret: 's', colour: 'red' })).message).toBe('colour is not a setting of the microsoft_teams integration.');
    expect((await refusal({ tenant_id: 'x'.repeat(201), client_id: 'c', client_secret: 's' })).message).toBe('tenant_id can be at most 200 characters.');
  });

  it('should ask the URL check about every URL field', async () => {
    const checked: string[] = [];
    await validateConfiguration('zapier', { webhook_url: 'https://hooks.zapier.com/hooks/catch/1/abc', api_key: 'k' }, async (field, url) => {
      checked.push(`${field}=${url}`);
    });
    expect(checked).toEqual(['webhook_url=https://hooks.zapier.com/hooks/catch/1/abc']);
  });
});

describe('urlChecker', () => {
  const refusal = (check: ReturnType<typeof urlChecker>, url: string) => check('webhook_url', url).then(() => null, (e: AppError) => e.message);

  it('should refuse a name that resolves to a private address, and keep one that does not resolve', async () => {
    const check = urlChecker([], async (host) => (host === 'intranet.acme-test.com' ? [{ address: '10.1.2.3' }] : host === 'mixed.acme-test.com' ? [{ address: '93.184.216.34' }, { address: '127.0.0.1' }] : Promise.reject(new Error('ENOTFOUND'))));
    expect(await refusal(check, 'https://intranet.acme-test.com/hook')).toBe('This address is not allowed: intranet.acme-test.com resolves to 10.1.2.3, a private network address.');
    expect(await refusal(check, 'https://mixed.acme-test.com/hook')).toMatch(/resolves to 127\.0\.0\.1/);
    expect(await refusal(check, 'https://hooks.slack.com/services/T/B/x')).toBeNull();
  });

  it('should refuse http, literal private addresses and local names, and let allowed origins through', async () => {
    const check = urlChecker(['http://127.0.0.1:4000'], async () => []);
    expect(await refusal(check, 'http://hooks.slack.com/x')).toBe('webhook_url must be an https URL.');
    for (const url of ['https://127.0.0.1/x', 'https://10.0.0.1/x', 'https://169.254.169.254/x', 'https://[::1]/x', 'https://localhost/x', 'https://2130706433/x']) expect([url, await refusal(check, url)]).toEqual([url, expect.stringMatching(/not allowed/)]);
    expect(await refusal(check, 'http://127.0.0.1:4000/hook')).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it('should follow the schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then none', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelayMs)).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000, null]);
  });
});
