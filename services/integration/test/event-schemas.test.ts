// Every delivery's body matches its event type's published JSON Schema (catalogue
// INTEGRATION_EVENT_TYPES), checked by ajv: the data each fact builder makes, the samples a
// Zapier app is shown, and a test message.
import { describe, expect, it } from '@jest/globals';
import { INTEGRATION_EVENTS, INTEGRATION_EVENT_TYPES } from '@trainwright/catalogue';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { webhookBody } from '../src/adapters/webhook.js';
import { projectStatusFact, videoReadyFact } from '../src/services/facts.js';
import { sampleFact } from '../src/services/zapier-app.js';

const ajv = new Ajv2020({ allErrors: true, strict: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const COMPANY = '0f9c7a52-3b8e-4d1a-9c6f-5e2d8b7a1c34';

/** The body's data checked against its type's schema; the errors, if any. */
function problems(body: string): unknown {
  const { type, timestamp, data } = JSON.parse(body) as { type: keyof typeof INTEGRATION_EVENT_TYPES; timestamp: string; data: unknown };
  expect(Number.isNaN(Date.parse(timestamp))).toBe(false);
  const validate = ajv.compile(INTEGRATION_EVENT_TYPES[type].data);
  return validate(data) ? null : validate.errors;
}

describe('the event types’ schemas', () => {
  it('should describe every event type', () => {
    expect(Object.keys(INTEGRATION_EVENT_TYPES).sort()).toEqual([...INTEGRATION_EVENTS, 'integration.test'].sort());
  });

  it('should accept the data of every event as delivered', () => {
    for (const event of INTEGRATION_EVENTS) {
      const fact = sampleFact(event, COMPANY, 'https://app.trainwright.example', new Date());
      expect([event, problems(webhookBody({ id: 'x', event: fact.event, occurredAt: fact.occurredAt, payload: fact.payload }))]).toEqual([event, null]);
    }
    // Without a known title, and a translation's video.
    const untitled = projectStatusFact({ webUrl: 'http://localhost:3000' }, 'e', { projectId: COMPANY, companyId: COMPANY, status: 'failed', error: 'x', occurredAt: new Date().toISOString() }, null)!;
    expect(problems(webhookBody({ id: 'x', event: untitled.event, occurredAt: untitled.occurredAt, payload: untitled.payload }))).toBeNull();
    const video = videoReadyFact({ webUrl: 'http://localhost:3000' }, 'e', { projectId: COMPANY, companyId: COMPANY, status: 'ready', language: 'es', occurredAt: new Date().toISOString() }, 'T')!;
    expect(problems(webhookBody({ id: 'x', event: video.event, occurredAt: video.occurredAt, payload: video.payload }))).toBeNull();
    expect(problems(webhookBody({ id: 'x', event: 'integration.test', occurredAt: new Date(), payload: { message: 'hello', integration_type: 'slack' } }))).toBeNull();
  });

  it('should refuse data that breaks its schema', () => {
    const body = JSON.stringify({ type: 'payment.succeeded', timestamp: new Date().toISOString(), data: { company_id: COMPANY, payment_id: 'nope', kind: 'gift', amount_cents: -1, currency: 'usd', url: 'x' } });
    expect(problems(body)).not.toBeNull();
  });
});
