// Zapier (and any receiver of signed JSON): the event as JSON ({type, timestamp, data}) signed by
// the Standard Webhooks scheme (standardwebhooks.com): webhook-id, webhook-timestamp and
// webhook-signature, an HMAC-SHA256 over `id.timestamp.body` with each of the integration's
// secrets (two while a secret rotates, space-separated), made by the scheme's own library.
import { Webhook } from 'standardwebhooks';
import type { IntegrationRow, Outgoing, Sender } from '../services/deps.js';
import { send, type Http } from './http.js';

/** The JSON a receiver gets for a delivery (docs/integrations.md, "Events"). */
export function webhookBody(outgoing: Outgoing): string {
  return JSON.stringify({ type: outgoing.event, timestamp: outgoing.occurredAt.toISOString(), data: outgoing.payload });
}

/** The Standard Webhooks headers of `body`, signed with every secret given. */
export function signedHeaders(secrets: string[], id: string, at: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  const signatures = secrets.map((secret) => new Webhook(secret).sign(id, new Date(timestamp * 1000), body));
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signatures.join(' ') };
}

export function webhookSender(http: Http): Sender {
  return {
    send(integration: IntegrationRow, outgoing: Outgoing, now: Date) {
      const body = webhookBody(outgoing);
      const headers = { 'content-type': 'application/json', ...signedHeaders(integration.signingSecrets, outgoing.id, now, body) };
      return send(http, outgoing.targetUrl ?? integration.secrets.webhook_url!, { method: 'POST', headers, body });
    },
  };
}
