// The learning record store's statement logic (docs/analytics.md): validation messages, what the
// LRS sets and indexes, when a statement sent again is the same one, and the three formats.
import { describe, expect, it } from '@jest/globals';
import { AppError } from '@trainwright/platform';
import { ifiOf } from '../../../src/services/xapi/agents.js';
import { authorityOf, prepareStatement, withContextActivityArrays } from '../../../src/services/xapi/prepare-statement.js';
import { sameStatement } from '../../../src/services/xapi/statement-equality.js';
import { formatStatement, preferredLanguages } from '../../../src/services/xapi/statement-format.js';
import { validateStatement, validatingOneRequest } from '../../../src/services/xapi/validation.js';

const base = (): Record<string, any> => ({
  actor: { objectType: 'Agent', name: 'Ana', mbox: 'mailto:Ana@Example.com' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered', 'es-ES': 'respondió' } },
  object: { id: 'https://trainwright.test/q/1', definition: { name: { 'en-US': 'Question 1', 'fr-FR': 'Question 1 (fr)' } } },
  context: { registration: '6B2F4B8E-3C2A-4B7E-9D3C-1A2B3C4D5E6F', instructor: { mbox: 'mailto:teacher@example.com' }, contextActivities: { parent: { id: 'https://trainwright.test/course' } } },
});
const now = Date.parse('2026-12-05T10:00:00.000Z');

function message(f: () => void): string {
  try {
    f();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  return 'accepted';
}

describe('statement validation', () => {
  it('names the first problem by its path', () => {
    expect(message(() => validateStatement({ ...base(), actor: { mbox: 'ana@example.com' } }, { maxFutureMs: 0, now }))).toBe('statement.actor.mbox must be a Mailto');
    expect(message(() => validateStatement({ ...base(), context: undefined, colour: 'red' }, { maxFutureMs: 0, now }))).toBe('statement.colour is not an allowed property');
    expect(message(() => validateStatement({ ...base(), context: undefined, version: '2.0.0' }, { maxFutureMs: 0, now }))).toBe('statement.version must be a Version');
    expect(message(() => validateStatement(withContextActivityArrays(base()), { maxFutureMs: 0, now }))).toBe('accepted');
  });

  it('refuses a Group among a group\'s members, and a timestamp past the allowed future', () => {
    const group = { objectType: 'Group', member: [{ objectType: 'Group', mbox: 'mailto:inner@example.com' }] };
    expect(message(() => validateStatement({ ...base(), context: undefined, actor: group }, { maxFutureMs: 0, now }))).toBe('statement.actor.member.0 is a Group: a group\'s members must be Agents.');
    const tomorrow = new Date(now + 25 * 3_600_000).toISOString();
    expect(message(() => validateStatement({ ...base(), context: undefined, timestamp: tomorrow }, { maxFutureMs: 24 * 3_600_000, now }))).toBe('statement.timestamp is more than 24 hours in the future.');
    expect(message(() => validateStatement({ ...base(), context: undefined, timestamp: tomorrow }, { maxFutureMs: 0, now }))).toBe('accepted');
  });
});

describe('validating the statements of one request', () => {
  // A batch repeats its actor, verb, activity and context: each is checked once and found valid
  // again, but what is wrong is found wherever it is, and nothing carries over to another request.
  const one = (statement: Record<string, any>) => message(() => validateStatement(statement, { maxFutureMs: 0, now }));

  it('accepts repeated valid parts and still refuses a wrong one among them', () => {
    const valid = withContextActivityArrays(base());
    const badVerb = { ...withContextActivityArrays(base()), verb: { id: 'not an iri', display: { 'en-US': 'answered' } } };
    const badActorSameVerb = { ...withContextActivityArrays(base()), actor: { objectType: 'Agent', mbox: 'ana@example.com' } };
    expect(validatingOneRequest(6, () => [valid, valid, badVerb, valid, badActorSameVerb, badVerb].map(one))).toEqual([
      'accepted',
      'accepted',
      'statement.verb.id must be an Internationalized Resource Identifier (IRI)',
      'accepted',
      'statement.actor.mbox must be a Mailto',
      'statement.verb.id must be an Internationalized Resource Identifier (IRI)',
    ]);
  });

  it('keeps nothing from one request for the next', () => {
    validatingOneRequest(2, () => [base(), base()].map((b) => one(withContextActivityArrays(b))));
    // Outside a request, and in the next one, the same parts are checked as if never seen.
    expect(one({ ...withContextActivityArrays(base()), object: { id: 'https://trainwright.test/q/1', definition: { name: 'not a language map' } } })).toBe('statement.object.definition.name must be an Object');
    expect(validatingOneRequest(2, () => one({ ...withContextActivityArrays(base()), context: { registration: 'nope' } }))).toBe('statement.context.registration must be an Universal Unique Identifier (UUID)');
  });
});

describe('prepareStatement', () => {
  const authority = authorityOf({ key: 'k1', name: 'Moodle' }, 'https://lrs.test/api/xapi/');
  it('sets stored, authority, version and timestamp, and indexes agents and activities', () => {
    const stored = new Date(now);
    const row = prepareStatement(withContextActivityArrays(base()) as Record<string, unknown>, stored, authority);
    expect(row.statement).toMatchObject({ stored: '2026-12-05T10:00:00.000Z', timestamp: '2026-12-05T10:00:00.000Z', version: '1.0.0', authority: { account: { name: 'k1' } } });
    expect(row.statement.id).toBe(row.id);
    expect(row.agents).toEqual(['mbox:mailto:ana@example.com']);
    expect(row.relatedAgents.sort()).toEqual(['account:["https://lrs.test/api/xapi/","k1"]', 'mbox:mailto:ana@example.com', 'mbox:mailto:teacher@example.com']);
    expect(row).toMatchObject({ activity: 'https://trainwright.test/q/1', registration: '6b2f4b8e-3c2a-4b7e-9d3c-1a2b3c4d5e6f', voiding: false, refId: null });
    expect(row.relatedActivities).toEqual(['https://trainwright.test/q/1', 'https://trainwright.test/course']);
    expect(row.definitions).toEqual([{ id: 'https://trainwright.test/q/1', definition: base().object.definition }]);
  });

  it('marks a voiding statement and its target', () => {
    const row = prepareStatement({ ...base(), context: undefined, verb: { id: 'http://adlnet.gov/expapi/verbs/voided' }, object: { objectType: 'StatementRef', id: 'AAAAAAAA-0000-4000-8000-000000000001' } }, new Date(now), authority);
    expect(row).toMatchObject({ voiding: true, refId: 'aaaaaaaa-0000-4000-8000-000000000001', activity: null });
  });

  it('writes IFIs so that case of an mbox does not matter', () => {
    expect(ifiOf({ mbox: 'mailto:A@B.C' })).toBe(ifiOf({ mbox: 'mailto:a@b.c' }));
    expect(ifiOf({ objectType: 'Group', member: [] })).toBeNull();
  });
});

describe('sameStatement', () => {
  const authority = authorityOf({ key: 'k1', name: 'Moodle' }, 'https://lrs.test/api/xapi/');
  const stored = prepareStatement(withContextActivityArrays({ ...base(), timestamp: '2026-12-05T09:00:00.000Z' }) as Record<string, unknown>, new Date(now), authority).statement;

  it('ignores what the immutability exceptions allow', () => {
    const again = { ...base(), timestamp: '2026-12-05T10:00:00.000+01:00', verb: { id: base().verb.id }, object: { id: base().object.id }, actor: { ...base().actor, mbox: 'mailto:ana@example.com' } };
    expect(sameStatement(stored, again)).toBe(true);
  });

  it('sees a different result, verb or time', () => {
    expect(sameStatement(stored, { ...base(), timestamp: '2026-12-05T09:00:00.000Z', result: { success: true } })).toBe(false);
    expect(sameStatement(stored, { ...base(), timestamp: '2026-12-05T09:00:00.000Z', verb: { id: 'http://adlnet.gov/expapi/verbs/passed' } })).toBe(false);
    expect(sameStatement(stored, { ...base(), timestamp: '2026-12-05T09:00:01.000Z' })).toBe(false);
  });
});

describe('formats', () => {
  const statement = withContextActivityArrays(base()) as Record<string, unknown>;
  const none = { statements: { definitions: async () => new Map() } } as never;

  it('reads Accept-Language in order of preference', () => {
    expect(preferredLanguages('fr-CA;q=0.5, es, en;q=0.8, *;q=0.1')).toEqual(['es', 'en', 'fr-ca']);
  });

  it('keeps ids only, and one language per map in canonical', async () => {
    const [ids] = await formatStatement(none, 'c', [statement], 'ids', '');
    expect(ids).toMatchObject({ actor: { objectType: 'Agent', mbox: 'mailto:Ana@Example.com' }, verb: { id: base().verb.id }, object: { id: base().object.id } });
    expect(ids!.actor).not.toHaveProperty('name');
    const [canonical] = await formatStatement(none, 'c', [statement], 'canonical', 'fr-FR, es;q=0.5');
    expect((canonical!.object as { definition: unknown }).definition).toEqual({ name: { 'fr-FR': 'Question 1 (fr)' } });
    expect((canonical!.verb as { display: unknown }).display).toEqual({ 'es-ES': 'respondió' });
  });
});
