// The rollup job's work (docs/analytics.md, "Rollups"): reads a company's statements waiting for
// it (each stored statement waits once) and keeps learner_sessions and learner_answers up to date by the metrics'
// rules. A session touched by a new statement (or by voiding one of its statements) is summed up
// again from all its statements, so statements arriving late, twice or out of order change nothing
// but what they add.
import { XAPI_VERBS, xapiIris } from '@trainwright/catalogue';
import type { LearnerAnswersTable } from '../../repositories/database.js';
import type { LearnerRollupRepository, SessionRow } from '../../repositories/learner-rollup.repository.js';
import { ifiOf, isObject } from '../xapi/agents.js';
import { summarizeSession } from './metrics.js';

type Json = Record<string, unknown>;

const VIDEO_VERBS = new Set<string>([XAPI_VERBS.initialized, XAPI_VERBS.played, XAPI_VERBS.paused, XAPI_VERBS.seeked, XAPI_VERBS.completed, XAPI_VERBS.terminated]);
const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export interface RollupDeps {
  rollups: LearnerRollupRepository;
  /** The LRS's home page: Trainwright's activities and extensions are under it. */
  homePage: string;
  /** Statements read per step. */
  batch?: number;
}

function contextOf(statement: Json): Json {
  return isObject(statement.context) ? statement.context : {};
}

function parentOf(statement: Json): string | null {
  const parent = (contextOf(statement).contextActivities as Json | undefined)?.parent;
  return Array.isArray(parent) && isObject(parent[0]) && typeof parent[0].id === 'string' ? parent[0].id : null;
}

export function rollupRules(homePage: string) {
  const iris = xapiIris(homePage);
  const projectPrefix = iris.project('');
  const projectOf = (activityId: string | null): string | null => {
    if (!activityId?.startsWith(projectPrefix)) return null;
    const match = UUID.exec(activityId.slice(projectPrefix.length).split('/')[0] ?? '');
    return match ? match[1]!.toLowerCase() : null;
  };
  const channelOf = (statement: Json) => {
    const value = (contextOf(statement).extensions as Json | undefined)?.[iris.channelExtension];
    return typeof value === 'string' ? value.slice(0, 50) : null;
  };
  const languageOf = (statement: Json) => (typeof contextOf(statement).language === 'string' ? (contextOf(statement).language as string).slice(0, 35) : null);

  /** A session's row from its statements (null when none is about a video). */
  function session(companyId: string, sessionId: string, statements: Json[]): SessionRow | null {
    const video = statements.find((s) => VIDEO_VERBS.has((s.verb as Json).id as string));
    const activityId = video ? String((video.object as Json).id) : (statements.map(parentOf).find((p) => p) ?? null);
    const summary = summarizeSession(
      statements.map((s) => ({
        verb: (s.verb as Json).id as string,
        at: new Date(String(s.timestamp)),
        result: isObject(s.result) ? s.result : undefined,
        contextExtensions: (contextOf(s).extensions as Json | undefined) ?? {},
      })),
    );
    if (!activityId || !summary) return null;
    const first = video ?? statements[0]!;
    return {
      company_id: companyId,
      session_id: sessionId,
      activity_id: activityId,
      project_id: projectOf(activityId),
      learner: (isObject(first.actor) && ifiOf(first.actor)) || 'anonymous',
      channel: channelOf(first),
      language: languageOf(first),
      started_at: summary.startedAt,
      last_at: summary.lastAt,
      length: summary.length,
      watched_seconds: summary.watchedSeconds,
      progress: summary.progress,
      completed: summary.completed,
      segments: summary.segments,
    };
  }

  function answer(companyId: string, id: string, sessionId: string | null, statement: Json): LearnerAnswersTable {
    const object = statement.object as Json;
    const result = isObject(statement.result) ? statement.result : {};
    const name = isObject(object.definition) && isObject(object.definition.name) ? Object.values(object.definition.name)[0] : null;
    return {
      company_id: companyId,
      statement_id: id,
      project_id: projectOf(parentOf(statement) ?? String(object.id)),
      session_id: sessionId,
      question: String(object.id),
      question_name: typeof name === 'string' ? name.slice(0, 500) : null,
      response: typeof result.response === 'string' ? result.response.slice(0, 500) : '',
      success: typeof result.success === 'boolean' ? result.success : null,
      answered_at: new Date(String(statement.timestamp)),
      channel: channelOf(statement),
      language: languageOf(statement),
    };
  }

  return { session, answer, projectOf };
}

/** Reads the company's waiting statements until none is left; returns how many were read. */
export async function rollupCompany(deps: RollupDeps, companyId: string): Promise<number> {
  const rules = rollupRules(deps.homePage);
  let read = 0;
  for (;;) {
    const step = await deps.rollups.inCompany(companyId, async (trx) => {
      const rows = await deps.rollups.takePending(trx, companyId, deps.batch ?? 2000);
      if (rows.length === 0) return 0;
      const touched = new Set(rows.flatMap((r) => (r.sessionId && !r.voiding ? [r.sessionId] : [])));
      const voidedIds = rows.filter((r) => r.voiding && r.refId).map((r) => r.refId!);
      for (const id of await deps.rollups.sessionsOf(trx, companyId, voidedIds)) touched.add(id);
      const bySession = new Map<string, Json[]>();
      for (const { sessionId, statement } of await deps.rollups.sessionStatements(trx, companyId, [...touched])) bySession.set(sessionId, [...(bySession.get(sessionId) ?? []), statement]);
      const sessions: SessionRow[] = [];
      const gone: string[] = [];
      for (const id of touched) {
        const row = rules.session(companyId, id, bySession.get(id) ?? []);
        if (row) sessions.push(row);
        else gone.push(id);
      }
      await deps.rollups.putSessions(trx, companyId, sessions, gone);
      const voided = new Set(voidedIds);
      const answers = rows.filter((r) => !r.voiding && !voided.has(r.id) && r.verb === XAPI_VERBS.answered).map((r) => rules.answer(companyId, r.id, r.sessionId, r.statement!));
      await deps.rollups.putAnswers(trx, answers, { companyId, ids: voidedIds });
      await deps.rollups.bumpVersion(trx, companyId);
      return rows.length;
    });
    read += step;
    if (step === 0) {
      await deps.rollups.vacuumPendingWhenDue(read);
      return read;
    }
  }
}
