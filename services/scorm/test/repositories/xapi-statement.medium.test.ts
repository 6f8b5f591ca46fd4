// Storing statements against the real PostgreSQL (repositories/xapi-statement.repository.ts):
// requests arriving together are written as one group, and a request the group cannot take (an id
// stored before, with other content) is refused alone: its statements are not stored, the other
// requests' all are, each once, with its row waiting for the rollup and the activities it defines.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, createDatabase } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { sql, type Kysely } from 'kysely';
import { migrateScorm } from '../../src/main.js';
import { SCORM_SCHEMA, type ScormDatabase } from '../../src/repositories/database.js';
import { XapiStatementRepository } from '../../src/repositories/xapi-statement.repository.js';
import { authorityOf, prepareStatement } from '../../src/services/xapi/prepare-statement.js';
import { sameStatement } from '../../src/services/xapi/statement-equality.js';

const HOME = 'http://localhost:3000/api/xapi/';
const COMPANY = randomUUID();
const KEY = randomUUID();
const ACTIVITY = `${HOME}activities/projects/${randomUUID()}`;
let infra: TestInfra;
let db: Kysely<ScormDatabase>;
let repository: XapiStatementRepository;

function statement(id: string, verb: string, language: string) {
  return {
    id,
    actor: { objectType: 'Agent', account: { homePage: HOME, name: 'learner' } },
    verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
    object: { objectType: 'Activity', id: ACTIVITY, definition: { name: { [language]: `Forklift ${language}` } } },
  };
}

function store(list: Array<Record<string, unknown>>, define = true) {
  const stored = new Date();
  const authority = authorityOf({ key: 'k', name: 'player' }, HOME);
  const sent = new Map(list.map((s) => [s.id as string, s]));
  return repository.append({ companyId: COMPANY, keyId: KEY, stored, statements: list.map((s) => prepareStatement(s, stored, authority)), define, attachments: [] }, (stored, again) => {
    if (!sameStatement(stored, sent.get(again.id)!)) throw new AppError('CONFLICT', `Statement ${again.id} is stored with other content.`);
  });
}

async function count(table: 'xapi_statements' | 'xapi_statement_ids' | 'learner_rollup_pending'): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where company_id = ${COMPANY}::uuid`.execute(db);
  return rows[0]!.n;
}

beforeAll(async () => {
  infra = await createTestInfra('scorm_statements');
  await migrateScorm({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<ScormDatabase>({ url: infra.databaseUrl, schema: SCORM_SCHEMA, maxConnections: 4 });
  // One group at a time, so the requests below meet in groups.
  repository = new XapiStatementRepository(db, { concurrency: 1, maxItems: 2000 });
  await repository.ensurePartitions(new Date());
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

describe('storing statements', () => {
  it('stores requests arriving together all or none each, and refuses only the one that conflicts', async () => {
    const earlier = randomUUID();
    await store([statement(earlier, 'experienced', 'en')]);
    const batches = Array.from({ length: 8 }, (_, i) => Array.from({ length: 25 }, () => statement(randomUUID(), 'experienced', i % 2 ? 'fr' : 'de')));
    // The same id as before with other content, among fresh statements: refused whole.
    const conflicting = [statement(randomUUID(), 'experienced', 'en'), statement(earlier, 'completed', 'en')];
    // The same statement sent again (a sender's retry), with a fresh one: both answered as stored.
    const retried = [statement(earlier, 'experienced', 'en'), statement(randomUUID(), 'experienced', 'en')];
    const results = await Promise.allSettled([...batches, conflicting, retried].map((list) => store(list)));
    expect(results.slice(0, 8).map((r) => r.status)).toEqual(Array(8).fill('fulfilled'));
    expect(results[8]).toMatchObject({ status: 'rejected', reason: { code: 'CONFLICT' } });
    expect(results[9]).toMatchObject({ status: 'fulfilled', value: [retried[1]!.id] });

    const expected = 1 + 8 * 25 + 1;
    expect(await count('xapi_statements')).toBe(expected);
    expect(await count('xapi_statement_ids')).toBe(expected);
    expect(await count('learner_rollup_pending')).toBe(expected);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from xapi_statements where company_id = ${COMPANY}::uuid and id = ${conflicting[0]!.id}::uuid`.execute(db);
    expect(rows[0]!.n).toBe(0);
    // The activity's canonical definition holds every language it was given.
    const definitions = await repository.definitions(COMPANY, [ACTIVITY]);
    expect(definitions.get(ACTIVITY)).toEqual({ name: { en: 'Forklift en', de: 'Forklift de', fr: 'Forklift fr' } });
  });
});
