// The learning record store's statements (schema scorm; docs/analytics.md, "Storage"): appended in
// one transaction per request, never changed; voiding adds a row to xapi_voided. Month partitions
// are made ahead of the clock.
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import pgUtils from 'pg/lib/utils.js';
import { prepareQuery } from '@trainwright/platform';
import { GroupWriter, type GroupWriterOptions } from './group-writer.js';
import type { ScormDatabase } from './database.js';

type Json = Record<string, unknown>;

export interface NewStatement {
  id: string;
  verb: string;
  activity: string | null;
  refId: string | null;
  registration: string | null;
  voiding: boolean;
  agents: string[];
  relatedAgents: string[];
  relatedActivities: string[];
  definitions: Array<{ id: string; definition: Json }>;
  statement: Json;
}

export interface StatementFilter {
  agent?: string;
  relatedAgents: boolean;
  verb?: string;
  activity?: string;
  relatedActivities: boolean;
  registration?: string;
  since?: Date;
  until?: Date;
  /** statements/read/mine: only those this credential stored. */
  storedByKey?: string;
}

export interface StatementPage {
  rows: Array<{ statement: Json; stored: Date; seq: string }>;
  /** Where the next page starts, when there is one. */
  next: { stored: string; seq: string } | null;
}

/** A stored definition with a newer one over it, the languages of name and description added up. */
function mergedDefinition(stored: RawBuilder<unknown>, newer: RawBuilder<unknown>) {
  const languages = (key: string) =>
    sql`case when jsonb_typeof(${stored}->${sql.lit(key)}) = 'object' and jsonb_typeof(${newer}->${sql.lit(key)}) = 'object'
      then jsonb_build_object(${sql.lit(key)}::text, (${stored}->${sql.lit(key)}) || (${newer}->${sql.lit(key)})) else '{}'::jsonb end`;
  return sql<string>`${stored} || ${newer} || ${languages('name')} || ${languages('description')}`;
}

/** mergedDefinition's rule for two definitions of one request: the later over the earlier, name and description languages added up. */
function mergeDefinitions(earlier: Json | undefined, later: Json): Json {
  if (!earlier) return later;
  const merged: Json = { ...earlier, ...later };
  for (const key of ['name', 'description']) {
    const [a, b] = [earlier[key], later[key]];
    if (a && b && typeof a === 'object' && typeof b === 'object') merged[key] = { ...a, ...b };
  }
  return merged;
}

/** A PostgreSQL array literal, as the pg driver writes an array parameter. */
const arrayLiteral = (values: string[]) => pgUtils.prepareValue(values) as string;

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

/** One request's statements to store. */
export interface StatementsToStore {
  companyId: string;
  keyId: string;
  stored: Date;
  statements: NewStatement[];
  /** Whether the credential may define activities (their canonical definitions are kept). */
  define: boolean;
  attachments: Array<{ sha2: string; contentType: string; content: Buffer }>;
}

/** The activity definitions the requests define, each merged over the earlier ones of the requests. */
function definitionsOf(requests: StatementsToStore[]): Array<{ company_id: string; id: string; definition: Json }> {
  const merged = new Map<string, { company_id: string; id: string; definition: Json }>();
  for (const request of requests.filter((r) => r.define)) {
    for (const s of request.statements) {
      for (const d of s.definitions) {
        const key = `${request.companyId} ${d.id}`;
        merged.set(key, { company_id: request.companyId, id: d.id, definition: mergeDefinitions(merged.get(key)?.definition, d.definition) });
      }
    }
  }
  return [...merged.values()];
}

const FRESH_COLUMNS = 12;

/**
 * insertFresh's statement (a prepared statement: planned once per connection), with the values of
 * its FRESH_COLUMNS columns in order and, when `definitions` is given, the activities to define.
 * One array a column (unnest): PostgreSQL reads each value with its type's own input
 * (json(b)_to_recordset over the rows costs twice as much). A row's text[] travels as its array
 * literal, read back with ::text[] (unnest would flatten an array of arrays). The statements travel
 * as one JSON array, zipped with the other columns by ROWS FROM: as a text[] each statement's JSON
 * was escaped by the driver (its quotes and backslashes, 7 % of the service's CPU under batches)
 * and parsed twice by PostgreSQL, as an array element and as jsonb.
 */
function freshInsert(columns: readonly unknown[], definitions?: string) {
  const [companies, stored, ids, keys, verbs, activities, refs, registrations, agents, relatedAgents, relatedActivities, statements] = columns;
  // Only definitions that change what is stored are written: an unchanged one would lock its row
  // and add a row version for nothing.
  const define =
    definitions === undefined
      ? sql`select 1`
      : sql`insert into xapi_activities (company_id, id, definition)
          select d.company_id, d.id, d.definition from jsonb_to_recordset(${definitions}::jsonb) as d(company_id uuid, id text, definition jsonb)
          where not exists (select 1 from xapi_activities a where a.company_id = d.company_id and a.id = d.id and a.definition = ${mergedDefinition(sql`a.definition`, sql`d.definition`)})
          on conflict (company_id, id) do update set definition = ${mergedDefinition(sql`xapi_activities.definition`, sql`excluded.definition`)}, updated_at = now()`;
  return sql`with fresh as materialized (
      select company_id, stored, id, key_id, verb, activity, ref_id, registration,
        agents::text[] as agents, related_agents::text[] as related_agents, related_activities::text[] as related_activities, statement
      from rows from (
        unnest(${companies}::uuid[], ${stored}::timestamptz[], ${ids}::uuid[], ${keys}::uuid[], ${verbs}::text[], ${activities}::text[], ${refs}::uuid[],
          ${registrations}::uuid[], ${agents}::text[], ${relatedAgents}::text[], ${relatedActivities}::text[]),
        jsonb_array_elements(${statements}::jsonb)
      ) as r(company_id, stored, id, key_id, verb, activity, ref_id, registration, agents, related_agents, related_activities, statement)
    ), claimed as (
      insert into xapi_statement_ids (company_id, id, stored) select company_id, id, stored from fresh
    ), statements as (
      insert into xapi_statements (company_id, stored, id, key_id, verb, activity, ref_id, registration, voiding, agents, related_agents, related_activities, statement)
      select company_id, stored, id, key_id, verb, activity, ref_id, registration, false, agents, related_agents, related_activities, statement from fresh
    ), waiting as (
      -- For the dashboards' rollup: read once this statement is committed.
      insert into learner_rollup_pending (company_id, statement_id) select company_id, id from fresh
    )
    ${define}`;
}

/** Requests at once writing fresh statements together (group-writer.ts), and the most statements a group holds. */
const FRESH_WRITES: GroupWriterOptions = { concurrency: 2, maxItems: 2000 };

export class XapiStatementRepository {
  private readonly freshWrites: GroupWriter<StatementsToStore>;
  private readonly insertFreshStatements: (values: readonly unknown[]) => Promise<unknown[]>;
  private readonly insertFreshDefining: (values: readonly unknown[]) => Promise<unknown[]>;

  constructor(
    private readonly db: Kysely<ScormDatabase>,
    freshWrites: GroupWriterOptions = FRESH_WRITES,
  ) {
    this.freshWrites = new GroupWriter((requests) => this.insertFresh(requests), freshWrites);
    const none = [...Array.from({ length: FRESH_COLUMNS - 1 }, () => []), '[]'];
    this.insertFreshStatements = prepareQuery(db, 'scorm_xapi_insert_fresh', { compile: () => freshInsert(none).compile(db) });
    this.insertFreshDefining = prepareQuery(db, 'scorm_xapi_insert_fresh_defining', { compile: () => freshInsert(none, '[]').compile(db) });
  }

  /** Makes the partitions of this month and the next `ahead` months (idempotent). */
  async ensurePartitions(now: Date, ahead = 2): Promise<void> {
    for (let i = 0; i <= ahead; i++) {
      const from = monthStart(now.getUTCFullYear(), now.getUTCMonth() + i);
      const to = monthStart(from.getUTCFullYear(), from.getUTCMonth() + 1);
      const name = `xapi_statements_${from.getUTCFullYear()}_${String(from.getUTCMonth() + 1).padStart(2, '0')}`;
      await sql`create table if not exists ${sql.table(name)} partition of xapi_statements for values from (${sql.lit(from.toISOString())}) to (${sql.lit(to.toISOString())})`.execute(this.db);
    }
  }

  /**
   * Stores the statements not stored yet, all or none. A statement whose id the company has
   * already stored is handed to `existing` with the stored one (which throws to refuse the whole
   * request) and is not stored again. Returns the ids stored now.
   *
   * Most requests only add statements never seen: those are written with the requests arriving
   * meanwhile, in one statement (insertFresh). A request with a repeated id, a voiding statement or
   * attachments, or whose group failed, is written alone in a transaction that checks each.
   */
  async append(input: StatementsToStore, existing: (stored: Json, received: NewStatement) => void): Promise<string[]> {
    const plain = input.attachments.length === 0 && !input.statements.some((s) => s.voiding);
    if (plain && (await this.freshWrites.write(input, input.statements.length))) return input.statements.map((s) => s.id);
    return this.appendChecked(input, existing);
  }

  /**
   * Fresh statements of several requests in one statement: their ids claimed (a repeated id fails
   * the whole statement with a unique violation, and append writes each request alone), the
   * statements, their rows waiting for the rollup, and the activities they define.
   */
  private async insertFresh(requests: StatementsToStore[]): Promise<void> {
    const rows = requests.flatMap((r) => r.statements.map((s) => ({ r, s })));
    const column = (value: (row: { r: StatementsToStore; s: NewStatement }) => unknown) => rows.map(value);
    const columns: unknown[] = [
      column(({ r }) => r.companyId),
      column(({ r }) => r.stored),
      column(({ s }) => s.id),
      column(({ r }) => r.keyId),
      column(({ s }) => s.verb),
      column(({ s }) => s.activity),
      column(({ s }) => s.refId),
      column(({ s }) => s.registration),
      column(({ s }) => arrayLiteral(s.agents)),
      column(({ s }) => arrayLiteral(s.relatedAgents)),
      column(({ s }) => arrayLiteral(s.relatedActivities)),
      `[${rows.map(({ s }) => JSON.stringify(s.statement)).join(',')}]`,
    ];
    const definitions = definitionsOf(requests);
    if (definitions.length === 0) await this.insertFreshStatements(columns);
    else await this.insertFreshDefining([...columns, JSON.stringify(definitions)]);
  }

  /** append's way for any request: one transaction that claims each id and checks each repeated one. */
  private async appendChecked(input: StatementsToStore, existing: (stored: Json, received: NewStatement) => void): Promise<string[]> {
    const { companyId, stored } = input;
    return this.db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('xapi_statement_ids')
        .values(input.statements.map((s) => ({ company_id: companyId, id: s.id, stored })))
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .execute();
      const fresh = new Set(claimed.map((r) => r.id));
      const repeated = input.statements.filter((s) => !fresh.has(s.id));
      if (repeated.length > 0) {
        const found = new Map((await this.byIds(trx, companyId, repeated.map((s) => s.id))).map((r) => [r.id, r.statement]));
        for (const s of repeated) existing(found.get(s.id) ?? {}, s);
      }
      const toStore = input.statements.filter((s) => fresh.has(s.id));
      if (toStore.length === 0) return [];
      await trx
        .insertInto('xapi_statements')
        .values(
          toStore.map((s) => ({
            company_id: companyId,
            stored,
            id: s.id,
            key_id: input.keyId,
            verb: s.verb,
            activity: s.activity,
            ref_id: s.refId,
            registration: s.registration,
            voiding: s.voiding,
            agents: s.agents,
            related_agents: s.relatedAgents,
            related_activities: s.relatedActivities,
            statement: JSON.stringify(s.statement) as never,
          })),
        )
        .execute();
      // For the dashboards' rollup: read once this transaction is visible.
      await trx.insertInto('learner_rollup_pending').values(toStore.map((s) => ({ company_id: companyId, statement_id: s.id }))).execute();
      const voided = toStore.filter((s) => s.voiding && s.refId);
      if (voided.length > 0) {
        await trx
          .insertInto('xapi_voided')
          .values(voided.map((s) => ({ company_id: companyId, statement_id: s.refId!, voided_by: s.id })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      const definitions = definitionsOf([{ ...input, statements: toStore }]);
      if (definitions.length > 0) {
        // The canonical definition: the newest one sent over the stored, with the languages of its
        // name and description added to those already known (Communication 2.5: all that is known).
        await trx
          .insertInto('xapi_activities')
          .values(definitions.map((d) => ({ ...d, definition: JSON.stringify(d.definition) })))
          .onConflict((oc) => oc.columns(['company_id', 'id']).doUpdateSet({ definition: mergedDefinition(sql`xapi_activities.definition`, sql`excluded.definition`), updated_at: sql`now()` }))
          .execute();
      }
      if (input.attachments.length > 0) {
        await trx
          .insertInto('xapi_attachments')
          .values(input.attachments.map((a) => ({ company_id: companyId, sha2: a.sha2, content_type: a.contentType, content: a.content })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      return toStore.map((s) => s.id);
    });
  }

  private byIds(db: Kysely<ScormDatabase> | Transaction<ScormDatabase>, companyId: string, ids: string[]) {
    return db
      .selectFrom('xapi_statement_ids as i')
      .innerJoin('xapi_statements as s', (j) => j.onRef('s.company_id', '=', 'i.company_id').onRef('s.stored', '=', 'i.stored').onRef('s.id', '=', 'i.id'))
      .select(['s.id', 's.statement', 's.stored', 's.voiding', 's.key_id'])
      .where('i.company_id', '=', companyId)
      .where('i.id', 'in', ids)
      .execute();
  }

  /** One statement by id, and whether it is voided (a voiding statement never is). */
  async find(companyId: string, id: string): Promise<{ statement: Json; stored: Date; voided: boolean; keyId: string } | undefined> {
    const [row] = await this.byIds(this.db, companyId, [id]);
    if (!row) return undefined;
    const voided = !row.voiding && (await this.db.selectFrom('xapi_voided').select('statement_id').where('company_id', '=', companyId).where('statement_id', '=', id).executeTakeFirst()) !== undefined;
    return { statement: row.statement, stored: row.stored, voided, keyId: row.key_id };
  }

  /**
   * A page of the statements matching the filter, newest stored first unless ascending. A statement
   * whose object is a StatementRef matches when the statement it refers to matches (xAPI
   * Communication 2.1.3.s3), at any depth; voided statements are left out.
   */
  async page(companyId: string, filter: StatementFilter, options: { limit: number; ascending: boolean; after: { stored: string; seq: string } | null }): Promise<StatementPage> {
    const conditions = [];
    if (filter.agent) conditions.push(filter.relatedAgents ? sql`related_agents @> array[${filter.agent}]::text[]` : sql`agents @> array[${filter.agent}]::text[]`);
    if (filter.verb) conditions.push(sql`verb = ${filter.verb}`);
    if (filter.activity) conditions.push(filter.relatedActivities ? sql`related_activities @> array[${filter.activity}]::text[]` : sql`activity = ${filter.activity}`);
    if (filter.registration) conditions.push(sql`registration = ${filter.registration}::uuid`);
    const outer = [sql`s.company_id = ${companyId}::uuid`, sql`(s.voiding or not exists (select 1 from xapi_voided v where v.company_id = s.company_id and v.statement_id = s.id))`];
    if (conditions.length > 0) outer.push(sql`s.id in (select id from matched)`);
    if (filter.since) outer.push(sql`s.stored > ${filter.since}`);
    if (filter.until) outer.push(sql`s.stored <= ${filter.until}`);
    if (filter.storedByKey) outer.push(sql`s.key_id = ${filter.storedByKey}::uuid`);
    const direction = options.ascending ? sql`asc` : sql`desc`;
    if (options.after) outer.push(options.ascending ? sql`(s.stored, s.seq) > (${options.after.stored}::timestamptz, ${options.after.seq}::bigint)` : sql`(s.stored, s.seq) < (${options.after.stored}::timestamptz, ${options.after.seq}::bigint)`);
    const matched =
      conditions.length > 0
        ? sql`with recursive matched(id) as (
            select id from xapi_statements where company_id = ${companyId}::uuid and ${sql.join(conditions, sql` and `)}
            union
            select r.id from xapi_statements r join matched m on r.ref_id = m.id where r.company_id = ${companyId}::uuid
          ) `
        : sql``;
    const { rows } = await sql<{ statement: Json; stored: Date; seq: string }>`${matched}select s.statement, s.stored, s.seq from xapi_statements s
      where ${sql.join(outer, sql` and `)}
      order by s.stored ${direction}, s.seq ${direction}
      limit ${options.limit + 1}`.execute(this.db);
    const more = rows.length > options.limit;
    const page = more ? rows.slice(0, options.limit) : rows;
    const last = page[page.length - 1];
    return { rows: page, next: more && last ? { stored: last.stored.toISOString(), seq: String(last.seq) } : null };
  }

  /** The canonical definitions of these activities (those stored with the define scope). */
  async definitions(companyId: string, ids: string[]): Promise<Map<string, Json>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('xapi_activities').select(['id', 'definition']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.definition]));
  }

  /** The name the newest statement with this agent as its actor gave them. */
  async latestName(companyId: string, ifi: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('xapi_statements')
      .select(sql<string>`statement->'actor'->>'name'`.as('name'))
      .where('company_id', '=', companyId)
      .where(sql<boolean>`agents @> array[${ifi}]::text[]`)
      .where(sql<boolean>`statement->'actor'->>'name' is not null`)
      .orderBy('stored', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.name ?? null;
  }

  async attachments(companyId: string, sha2s: string[]): Promise<Array<{ sha2: string; contentType: string; content: Buffer }>> {
    if (sha2s.length === 0) return [];
    const rows = await this.db.selectFrom('xapi_attachments').select(['sha2', 'content_type', 'content']).where('company_id', '=', companyId).where('sha2', 'in', sha2s).execute();
    return rows.map((r) => ({ sha2: r.sha2, contentType: r.content_type, content: r.content }));
  }
}
