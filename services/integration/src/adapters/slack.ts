// Slack: an incoming webhook with Block Kit blocks and the fallback text notifications show
// (api.slack.com/messaging/webhooks, /reference/block-kit). Within Slack's limits: a header's text
// 150 characters, a section's 3,000, 50 blocks a message; a longer message is split into several,
// posted in order. The optional channel goes in the message (honoured by legacy webhooks).
import type { IntegrationRow, Outgoing, Sender, SendOutcome } from '../services/deps.js';
import { summaryOf } from '../services/summary.js';
import { send, type Http } from './http.js';

export const SLACK_LIMITS = { headerText: 150, sectionText: 3000, blocks: 50 } as const;

/** Slack's mrkdwn needs &, < and > escaped (they mark links and mentions). */
export const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Text cut into pieces of at most `max` characters, at a line break or a space when there is one. */
export function pieces(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const cut = Math.max(rest.lastIndexOf('\n', max), rest.lastIndexOf(' ', max));
    const at = cut > max / 2 ? cut : max;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).replace(/^[\n ]/, '');
  }
  if (rest) out.push(rest);
  return out;
}

type Block = Record<string, unknown>;

/** The messages (each a body for the webhook) that carry one delivery. */
export function slackMessages(outgoing: Outgoing, channel: string | undefined): Array<Record<string, unknown>> {
  const summary = summaryOf(outgoing);
  const title = summary.title.slice(0, SLACK_LIMITS.headerText);
  const body = summary.lines.map(slackEscape).join('\n');
  const blocks: Block[] = [{ type: 'header', text: { type: 'plain_text', text: title } }];
  for (const piece of pieces(body, SLACK_LIMITS.sectionText)) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: piece } });
  if (summary.link) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `<${summary.link.url}|${slackEscape(summary.link.label)}>` } });
  const messages: Array<Record<string, unknown>> = [];
  for (let i = 0; i < blocks.length; i += SLACK_LIMITS.blocks) {
    messages.push({ text: i === 0 ? title : `${title} (continued)`, blocks: blocks.slice(i, i + SLACK_LIMITS.blocks), ...(channel ? { channel } : {}) });
  }
  return messages;
}

export function slackSender(http: Http): Sender {
  return {
    async send(integration: IntegrationRow, outgoing: Outgoing): Promise<SendOutcome> {
      let outcome: SendOutcome | null = null;
      for (const message of slackMessages(outgoing, integration.settings.channel)) {
        outcome = await send(http, integration.secrets.webhook_url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message) });
        if (!outcome.ok) break;
      }
      return outcome!;
    },
  };
}
