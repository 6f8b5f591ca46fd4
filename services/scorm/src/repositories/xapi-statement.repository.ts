// The learning record store's statements (schema scorm; docs/analytics.md, "Storage"): appended in
// one transaction per request, never changed; voiding adds a row to xapi_voided. Month partitions
// are made ahead of the clock.
import { sql, type Kysely, type Transaction } from 'kysely';
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

const languageMapMerge = (key: string) =>
  sql`case when jsonb_typeof(xapi_activities.definition->${key}) = 'object' and jsonb_typeof(excluded.definition->${key}) = 'object'
    then jsonb_build_object(${key}::text, (xapi_activities.definition->${key}) || (excluded.definition->${key})) else '{}'::jsonb end`;
const mergedDefinition = sql<string>`xapi_activities.definition || excluded.definition || ${languageMapMerge('name')} || ${languageMapMerge('description')}`;

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

const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

export class XapiStatementRepository {
  constructor(private readonly db: Kysely<ScormDatabase>) {}

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
   * Stores the statements not stored yet, in one transaction. A statement whose id the company has
   * already stored is handed to `existing` with the stored one (which throws to refuse the whole
   * request) and is not stored again. Returns the ids stored now.
   */
  async append(
    input: { companyId: string; keyId: string; stored: Date; statements: NewStatement[]; define: boolean; attachments: Array<{ sha2: string; contentType: string; content: Buffer }> },
    existing: (stored: Json, received: NewStatement) => void,
  ): Promise<string[]> {
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
      if (input.define) {
        // The canonical definition: the newest one sent over the stored, with the languages of its
        // name and description added to those already known (Communication 2.5: all that is known).
        const definitions = new Map<string, Json>();
        for (const s of toStore) for (const d of s.definitions) definitions.set(d.id, mergeDefinitions(definitions.get(d.id), d.definition));
        if (definitions.size > 0) {
          await trx
            .insertInto('xapi_activities')
            .values([...definitions].map(([id, definition]) => ({ company_id: companyId, id, definition: JSON.stringify(definition) })))
            .onConflict((oc) => oc.columns(['company_id', 'id']).doUpdateSet({ definition: mergedDefinition, updated_at: sql`now()` }))
            .execute();
        }
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
