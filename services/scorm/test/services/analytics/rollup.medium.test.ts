// The rollup job's work against the real PostgreSQL (docs/analytics.md, "Rollups"): a stream made
// here with the player's own tracker, with a repeat, statements out of order and across two
// rollups, a seek back, an abandoned session, two languages and a voided answer, becomes exactly
// the sessions and answers worked out by hand.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { VideoTracker, type Statement } from '@trainwright/interactive-player';
import type { Kysely } from 'kysely';
import { migrateScorm } from '../../../src/main.js';
import { SCORM_SCHEMA, type ScormDatabase } from '../../../src/repositories/database.js';
import { LearnerRollupRepository } from '../../../src/repositories/learner-rollup.repository.js';
import { XapiStatementRepository } from '../../../src/repositories/xapi-statement.repository.js';
import { rollupCompany } from '../../../src/services/analytics/rollup.js';
import { authorityOf, prepareStatement, withContextActivityArrays } from '../../../src/services/xapi/prepare-statement.js';

const HOME = 'http://localhost:3000/api/xapi/';
const COMPANY = randomUUID();
const PROJECT = randomUUID();
const KEY = randomUUID();
let infra: TestInfra;
let db: Kysely<ScormDatabase>;
let statements: XapiStatementRepository;
const rollup = () => rollupCompany({ rollups: new LearnerRollupRepository(db), homePage: HOME, batch: 4 }, COMPANY);

const metadata = {
  completion_threshold: 90,
  hotspots: [],
  call_to_actions: [],
  quizzes: [{ id: 'q1', question: 'Max load?', question_type: 'multiple_choice' as const, options: [{ id: 'a', text: '1 t', is_correct: true }, { id: 'b', text: '5 t', is_correct: false }], correct_feedback: '', incorrect_feedback: '', show_time: 10, points: 1, auto_advance: false, required: true }],
};

function tracker(language: string, session: string) {
  let clock = Date.parse('2026-12-05T09:00:00Z');
  return new VideoTracker({
    activityId: `${HOME}activities/projects/${PROJECT}`,
    title: 'Forklift',
    language,
    channel: 'interactive',
    channelExtension: `${HOME}extensions/channel`,
    learner: { homePage: HOME, name: `learner-${language}` },
    sessionId: session,
    metadata,
    newId: randomUUID,
    now: () => new Date((clock += 1000)),
  });
}

async function store(list: Statement[]): Promise<void> {
  const authority = authorityOf({ key: 'k', name: 'player' }, HOME);
  const stored = new Date();
  await statements.append(
    { companyId: COMPANY, keyId: KEY, stored, statements: list.map((s) => prepareStatement(withContextActivityArrays(s) as Record<string, unknown>, stored, authority)), define: false, attachments: [] },
    () => undefined,
  );
}

beforeAll(async () => {
  infra = await createTestInfra('scorm_rollup');
  await migrateScorm({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<ScormDatabase>({ url: infra.databaseUrl, schema: SCORM_SCHEMA, maxConnections: 2 });
  statements = new XapiStatementRepository(db);
  await statements.ensurePartitions(new Date());
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

describe('the rollup of learner statements', () => {
  it('keeps sessions and answers as the metrics define them, however the statements arrive', async () => {
    // English: watches 0-20, seeks back to 10, watches 10-60 of 60, completes (90 % = 54 s reached at 54), answers wrongly.
    const en = tracker('en', randomUUID());
    const e = [
      en.initialized(60),
      ...en.fromPlayer({ type: 'play', media_time: 0 }),
      ...en.fromPlayer({ type: 'seek', media_time: 10, value: '20' }),
      ...en.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'b', media_time: 12 }),
      ...en.fromPlayer({ type: 'complete', media_time: 54 }),
      en.terminated(60)!,
    ];
    // Spanish: watches 0-15 and leaves without a last statement (abandoned), answers rightly.
    const es = tracker('es', randomUUID());
    const s = [es.initialized(60), ...es.fromPlayer({ type: 'play', media_time: 0 }), ...es.fromPlayer({ type: 'quiz_answer', element_id: 'q1', value: 'a', media_time: 12 }), ...es.fromPlayer({ type: 'pause', media_time: 15 })];

    // Out of order and in two deliveries; the English paused... the terminated statement comes first.
    await store([e[5]!, s[0]!, s[1]!]);
    expect(await rollup()).toBe(3);
    await store([e[0]!, e[1]!, e[2]!, e[3]!, e[4]!, s[2]!, s[3]!]);
    expect(await rollup()).toBe(7);
    // Nothing new: nothing read.
    expect(await rollup()).toBe(0);

    const sessions = await db.selectFrom('learner_sessions').selectAll().where('company_id', '=', COMPANY).orderBy('language').execute();
    expect(sessions.map((r) => [r.language, r.channel, r.project_id, r.length, r.watched_seconds, r.progress, r.completed, r.segments])).toEqual([
      // 0-20 and 10-60 merged: all 60 seconds once.
      ['en', 'interactive', PROJECT, 60, 60, 1, true, [[0, 60]]],
      // 0-15 of 60.
      ['es', 'interactive', PROJECT, 60, 15, 0.25, false, [[0, 15]]],
    ]);
    expect(sessions[0]!.learner).toBe(`account:${JSON.stringify([HOME, 'learner-en'])}`);

    const answers = await db.selectFrom('learner_answers').selectAll().where('company_id', '=', COMPANY).orderBy('language').execute();
    expect(answers.map((a) => [a.language, a.question, a.question_name, a.response, a.success, a.project_id])).toEqual([
      ['en', `${HOME}activities/projects/${PROJECT}/quizzes/q1`, 'Max load?', 'b', false, PROJECT],
      ['es', `${HOME}activities/projects/${PROJECT}/quizzes/q1`, 'Max load?', 'a', true, PROJECT],
    ]);

    // Voiding the English answer takes it out; voiding the Spanish pause takes its segment out of the session.
    const voiding = (id: unknown) => ({ actor: { mbox: 'mailto:admin@example.com' }, verb: { id: 'http://adlnet.gov/expapi/verbs/voided' }, object: { objectType: 'StatementRef', id } });
    await store([voiding(e[3]!.id), voiding(s[3]!.id)]);
    await rollup();
    expect((await db.selectFrom('learner_answers').select('language').where('company_id', '=', COMPANY).execute()).map((a) => a.language)).toEqual(['es']);
    const spanish = await db.selectFrom('learner_sessions').selectAll().where('company_id', '=', COMPANY).where('language', '=', 'es').executeTakeFirstOrThrow();
    expect([spanish.watched_seconds, spanish.segments]).toEqual([0, []]);
  });

  it('takes every waiting statement after its queue was vacuumed empty (statistics saying no rows)', async () => {
    const company = randomUUID();
    const rollups = new LearnerRollupRepository(db);
    // The vacuum the job runs every 10,000 taken rows, outside any transaction.
    await rollups.vacuumPendingWhenDue(10_000);
    const authority = authorityOf({ key: 'k', name: 'player' }, HOME);
    for (let batch = 0; batch < 3; batch++) {
      const stored = new Date();
      const list = Array.from({ length: 100 }, () => tracker('en', randomUUID()).initialized(60));
      await statements.append({ companyId: company, keyId: KEY, stored, statements: list.map((st) => prepareStatement(withContextActivityArrays(st) as Record<string, unknown>, stored, authority)), define: false, attachments: [] }, () => undefined);
    }
    expect(await rollupCompany({ rollups, homePage: HOME, batch: 120 }, company)).toBe(300);
    expect(Number((await db.selectFrom('learner_sessions').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', company).executeTakeFirstOrThrow()).n)).toBe(300);
    expect(await db.selectFrom('learner_rollup_pending').select('statement_id').where('company_id', '=', company).execute()).toEqual([]);
  });

  it('takes waiting statements in the order they were stored, so that a session is summed up in one step', async () => {
    const company = randomUUID();
    const rollups = new LearnerRollupRepository(db);
    const authority = authorityOf({ key: 'k', name: 'player' }, HOME);
    // Five sessions of six statements each, one request a session, stored one after the other.
    const sessions = Array.from({ length: 5 }, () => randomUUID());
    const ids: string[][] = [];
    for (const session of sessions) {
      const t = tracker('en', session);
      const list = [t.initialized(60), ...t.fromPlayer({ type: 'play', media_time: 0 }), ...t.fromPlayer({ type: 'pause', media_time: 20 }), ...t.fromPlayer({ type: 'play', media_time: 20 }), ...t.fromPlayer({ type: 'pause', media_time: 40 }), t.terminated(40)].filter(Boolean) as Statement[];
      const stored = new Date();
      const prepared = list.map((st) => prepareStatement(withContextActivityArrays(st) as Record<string, unknown>, stored, authority));
      ids.push(prepared.map((p) => p.id));
      await statements.append({ companyId: company, keyId: KEY, stored, statements: prepared, define: false, attachments: [] }, () => undefined);
    }
    // Statement ids are random: taken by id, a step of twelve would touch most of the sessions.
    for (let step = 0; step < 2; step++) {
      const taken = await rollups.inCompany(company, (trx) => rollups.takePending(trx, company, 12));
      expect(new Set(taken.map((t) => t.sessionId))).toEqual(new Set(sessions.slice(2 * step, 2 * step + 2)));
      expect(taken.map((t) => t.id).sort()).toEqual([...ids[2 * step]!, ...ids[2 * step + 1]!].sort());
    }
  });
});
