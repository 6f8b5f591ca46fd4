// Microsoft Teams: an Adaptive Card posted to a channel, two ways.
// - A Workflows webhook (the integration has `webhook_url`): the "Post to a channel when a webhook
//   request is received" flow takes `{ type: 'message', attachments: [{ contentType:
//   'application/vnd.microsoft.card.adaptive', content: <card> }] }` and answers 202 Accepted
//   (learn.microsoft.com/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using).
// - Microsoft Graph: a token by the OAuth 2.0 client-credentials flow
//   (learn.microsoft.com/entra/identity-platform/v2-oauth2-client-creds-grant-flow), then
//   `POST /v1.0/teams/{team}/channels/{channel}/messages` with a chatMessage whose html body
//   points at the card attachment (learn.microsoft.com/graph/api/chatmessage-post, example 3;
//   201 Created). Microsoft allows app-only tokens to post only into channels in migration mode
//   (Teamwork.Migrate.All); elsewhere Graph answers 401, which the outcome reports.
// A Teams message holds about 28 KB (learn.microsoft.com/connectors/teams, "Message size limit"):
// a longer text is cut, and the card says so. No credential (client secret, token, webhook URL)
// ever reaches an outcome.
import { createHash, randomUUID } from 'node:crypto';
import type { IntegrationRow, Outgoing, Sender, SendOutcome } from '../services/deps.js';
import { summaryOf, type Summary } from '../services/summary.js';
import { excerptOf, failureOf, send, type Http } from './http.js';
import { TokenCache, failed, field, firstLine, json, redact, requestToken } from './oauth.js';

export const TEAMS_LIMITS = {
  /** Bytes of a request body (UTF-8), under Teams' ~28 KB a message with room for its envelope. */
  messageBytes: 27 * 1024,
  /** Characters of the title. */
  title: 250,
  } as const;

export const ADAPTIVE_CARD_TYPE = 'application/vnd.microsoft.card.adaptive';
export const ADAPTIVE_CARD_SCHEMA = 'http://adaptivecards.io/schemas/adaptive-card.json';
export const ADAPTIVE_CARD_VERSION = '1.4';
export const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
export const TEAMS_CUT_NOTE = '… (shortened: the full text is longer than a Teams message holds)';

export interface TeamsEndpoints {
  /** https://login.microsoftonline.com */
  loginUrl: string;
  /** https://graph.microsoft.com */
  graphUrl: string;
}

export type AdaptiveCard = Record<string, unknown> & { type: 'AdaptiveCard'; body: Array<Record<string, unknown>> };

/** The card of a summary: the title in bold, the text, a button to the link. */
export function adaptiveCard(title: string, text: string, link: Summary['link']): AdaptiveCard {
  const body: Array<Record<string, unknown>> = [{ type: 'TextBlock', text: title, weight: 'Bolder', size: 'Medium', wrap: true }];
  if (text) body.push({ type: 'TextBlock', text, wrap: true });
  return {
    $schema: ADAPTIVE_CARD_SCHEMA,
    type: 'AdaptiveCard',
    version: ADAPTIVE_CARD_VERSION,
    body,
    ...(link ? { actions: [{ type: 'Action.OpenUrl', title: link.label, url: link.url }] } : {}),
  };
}

/**
 * The longest start of `text` (cut at a line break or a space near the end, and followed by the
 * note) whose rendering stays within `maxBytes`; `text` itself when it fits.
 */
export function fitText(text: string, maxBytes: number, render: (text: string) => string): string {
  const fits = (t: string) => Buffer.byteLength(render(t), 'utf8') <= maxBytes;
  if (fits(text)) return text;
  const cutAt = (n: number) => {
    let end = n;
    if (end > 0 && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1; // never half a surrogate pair
    return `${text.slice(0, end).trimEnd()}${TEAMS_CUT_NOTE}`;
  };
  let low = 0;
  let high = text.length - 1;
  if (!fits(cutAt(0))) return TEAMS_CUT_NOTE;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(cutAt(mid))) low = mid;
    else high = mid - 1;
  }
  const soft = Math.max(text.lastIndexOf('\n', low), text.lastIndexOf(' ', low));
  return cutAt(soft > low - 200 && soft > 0 ? soft : low);
}

/** A delivery's card, its text cut so that `wrap(card)` stays within Teams' size. */
export function teamsCard(outgoing: Outgoing, wrap: (card: AdaptiveCard) => unknown): AdaptiveCard {
  const summary = summaryOf(outgoing);
  const title = summary.title.length > TEAMS_LIMITS.title ? `${summary.title.slice(0, TEAMS_LIMITS.title - 1)}…` : summary.title;
  // Adaptive Cards read TextBlock text as Markdown, where one line break may not break the line.
  const text = fitText(summary.lines.join('\n\n'), TEAMS_LIMITS.messageBytes, (t) => JSON.stringify(wrap(adaptiveCard(title, t, summary.link))));
  return adaptiveCard(title, text, summary.link);
}

/** The body a Workflows webhook gets. */
export function workflowsMessage(outgoing: Outgoing): Record<string, unknown> {
  const wrap = (card: AdaptiveCard) => ({ type: 'message', attachments: [{ contentType: ADAPTIVE_CARD_TYPE, contentUrl: null, content: card }] });
  return wrap(teamsCard(outgoing, wrap));
}

/** The chatMessage Graph gets: an html body pointing at the card, the card as a JSON string. */
export function graphChatMessage(outgoing: Outgoing, attachmentId: string = randomUUID()): Record<string, unknown> {
  const wrap = (card: AdaptiveCard) => ({
    body: { contentType: 'html', content: `<attachment id="${attachmentId}"></attachment>` },
    attachments: [{ id: attachmentId, contentType: ADAPTIVE_CARD_TYPE, contentUrl: null, content: JSON.stringify(card), name: null, thumbnailUrl: null }],
  });
  return wrap(teamsCard(outgoing, wrap));
}


export function teamsSender(http: Http, endpoints: TeamsEndpoints): Sender {
  const loginUrl = endpoints.loginUrl.replace(/\/+$/, '');
  const graphUrl = endpoints.graphUrl.replace(/\/+$/, '');
  // Keyed by tenant, client and the secret's hash: a token is never lent to a configuration whose
  // secret has not itself signed in.
  const tokens = new TokenCache();

  const signIn = (tenant: string, clientId: string, secret: string, now: Date) =>
    requestToken(
      http,
      `${loginUrl}/${encodeURIComponent(tenant)}/oauth2/v2.0/token`,
      { client_id: clientId, client_secret: secret, scope: GRAPH_SCOPE, grant_type: 'client_credentials' },
      {
        name: 'Microsoft',
        refusal: (status, answer) => `Sign-in to Microsoft failed (HTTP ${status}): ${firstLine(field(answer, 'error_description')) || firstLine(field(answer, 'error')) || 'no description'}`,
      },
      [secret],
      now,
    );

  async function viaWebhook(url: string, outgoing: Outgoing): Promise<SendOutcome> {
    const outcome = await send(http, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(workflowsMessage(outgoing)) });
    let sig: string | undefined;
    try {
      sig = new URL(url).searchParams.get('sig') ?? undefined;
    } catch {
      sig = undefined;
    }
    return { ...outcome, error: redact(outcome.error, [url, sig]), responseExcerpt: redact(outcome.responseExcerpt, [url, sig]) };
  }

  async function viaGraph(integration: IntegrationRow, outgoing: Outgoing, now: Date): Promise<SendOutcome> {
    const teamId = integration.settings.team_id;
    const channelId = integration.settings.channel_id;
    const missing = [teamId ? '' : 'team_id', channelId ? '' : 'channel_id'].filter(Boolean);
    if (missing.length > 0) return failed(0, `Microsoft Teams needs a Workflows webhook URL, or a team and a channel for Microsoft Graph: ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing.`);
    const tenant = integration.settings.tenant_id ?? '';
    const clientId = integration.settings.client_id ?? '';
    const secret = integration.secrets.client_secret ?? '';
    const key = `${tenant}\n${clientId}\n${createHash('sha256').update(secret).digest('base64')}`;
    const result = await tokens.get(key, now, () => signIn(tenant, clientId, secret, now));
    if ('outcome' in result) return result.outcome;
    const { accessToken } = result.token;
    const url = `${graphUrl}/v1.0/teams/${encodeURIComponent(teamId!)}/channels/${encodeURIComponent(channelId!)}/messages`;
    let response;
    try {
      response = await http(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify(graphChatMessage(outgoing)), maxRedirects: 0 });
    } catch (error) {
      return failureOf(error);
    }
    const ok = response.status >= 200 && response.status <= 299;
    // A token Graph refuses is not used again: the next delivery signs in afresh.
    if (response.status === 401) tokens.drop(key, accessToken);
    const message = ok ? '' : firstLine(field(field(json(response.body), 'error'), 'message'));
    const secrets = [secret, accessToken];
    return {
      responseStatus: response.status,
      ok,
      gone: response.status === 410,
      error: ok ? '' : redact(`Microsoft Graph answered HTTP ${response.status}${message ? `: ${message}` : '.'}`, secrets),
      responseExcerpt: redact(excerptOf(response), secrets),
    };
  }

  return {
    send(integration: IntegrationRow, outgoing: Outgoing, now: Date): Promise<SendOutcome> {
      const webhook = integration.secrets.webhook_url;
      return webhook ? viaWebhook(webhook, outgoing) : viaGraph(integration, outgoing, now);
    },
  };
}
