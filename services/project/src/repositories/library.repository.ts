// The company library's documents and passages (docs/library.md), searched with PostgreSQL's full
// text search. Every query is bound to one company: a passage of another company cannot match.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { LibraryDocumentRow, LibraryHit, LibraryPage, LibraryStore, NewLibraryDocument } from '../services/library/deps.js';
import type { UploadQuota } from '../services/projects/deps.js';
import type { ProjectDatabase } from './database.js';
import { reserveStorage } from './storage-quota.js';

// Passages are inserted in batches of this many rows (well under PostgreSQL's bind parameter limit).
const INSERT_BATCH = 500;

// Markers ts_headline puts around matches; control characters, which a passage never holds.
const MARK_START = '\u0002';
const MARK_END = '\u0003';

/** The query as an OR of its lexemes in `config` ('' when it has none), for to_tsquery('simple', ...). */
const orQuery = (config: string, text: string) => sql<string>`array_to_string(array(select quote_literal(l) from unnest(tsvector_to_array(to_tsvector(${config}::regconfig, ${text}))) l), ' | ')`;

export class LibraryRepository implements LibraryStore {
  constructor(private readonly db: Kysely<ProjectDatabase>) {}

  async insert(doc: NewLibraryDocument, quota: UploadQuota | undefined): Promise<LibraryDocumentRow> {
    return this.db.transaction().execute(async (trx) => {
      // A file counted when it was uploaded; a text or a page counts here.
      if (!doc.fileId) await reserveStorage(trx, quota, doc.size);
      return insertDocument(trx, doc);
    });
  }

  async replaceProjectSource(doc: NewLibraryDocument & { projectId: string }): Promise<LibraryDocumentRow> {
    return this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('library_documents').where('project_id', '=', doc.projectId).execute();
      return insertDocument(trx, doc);
    });
  }

  async list(companyId: string, page: { limit: number; offset: number }): Promise<LibraryPage> {
    const rows = await this.db
      .selectFrom('library_documents')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const totals = await this.db
      .selectFrom('library_documents')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.coalesce(eb.fn.sum<string>('size'), sql<string>`0`).as('bytes')])
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(totals.n), totalSize: Number(totals.bytes) };
  }

  find(id: string): Promise<LibraryDocumentRow | undefined> {
    return this.db.selectFrom('library_documents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Deletes a document (its file's upload too); the file's storage key, or '' when it had none. */
  async delete(id: string): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('library_documents').where('id', '=', id).returning('file_id').executeTakeFirst();
      if (!row?.file_id) return '';
      const file = await trx.deleteFrom('project_files').where('id', '=', row.file_id).returning('storage_key').executeTakeFirst();
      return file?.storage_key ?? '';
    });
  }

  /** An upload of kind 'library' in the company that no project and no library document uses yet. */
  async unusedLibraryUpload(fileId: string, companyId: string): Promise<{ filename: string; storage_key: string; size: number } | undefined> {
    const row = await this.db
      .selectFrom('project_files')
      .select(['filename', 'storage_key', 'size'])
      .where('id', '=', fileId)
      .where('company_id', '=', companyId)
      .where('kind', '=', 'library')
      .where('project_id', 'is', null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('library_documents').select('id').where('file_id', '=', fileId))))
      .executeTakeFirst();
    return row && { ...row, size: Number(row.size) };
  }

  /**
   * The company's passages that match any word of `query`, best first: those matching more of its
   * words, then by cover density (ts_rank_cd, normalised to 0..1). `documentIds` narrows to some
   * documents; `highlight` marks the matches.
   */
  async search(companyId: string, query: string, options: { limit: number; documentIds?: string[]; highlight: boolean }): Promise<LibraryHit[]> {
    const configs = await this.configsOf(companyId);
    const hits: LibraryHit[] = [];
    for (const config of configs) {
      const { rows } = await sql<LibraryHit & { marked: string | null }>`
        with q as (
          select to_tsquery('simple', ${orQuery(config, query)}) as query,
                 tsvector_to_array(to_tsvector(${config}::regconfig, ${query})) as lexemes
        )
        select p.id as passage_id, p.document_id, d.title, p.heading, p.text, p.position,
               ts_rank_cd(p.tsv, q.query, 32) as score,
               cardinality(array(select unnest(tsvector_to_array(p.tsv)) intersect select unnest(q.lexemes))) as matched,
               ${options.highlight ? sql`ts_headline(p.config, p.text, q.query, ${`HighlightAll=true, StartSel=${MARK_START}, StopSel=${MARK_END}`})` : sql`null`} as marked
        from q, library_passages p join library_documents d on d.id = p.document_id
        where p.company_id = ${companyId} and p.config = ${config}::regconfig and cardinality(q.lexemes) > 0 and p.tsv @@ q.query
          ${options.documentIds ? sql`and p.document_id = any(${options.documentIds}::uuid[])` : sql``}
        order by matched desc, score desc, p.position
        limit ${options.limit}`.execute(this.db);
      for (const row of rows) hits.push({ ...row, score: Number(row.score), matched: Number(row.matched), highlights: row.marked ? highlightsOf(row.marked, row.text) : [] });
    }
    return hits.sort((a, b) => b.matched - a.matched || b.score - a.score).slice(0, options.limit);
  }

  /**
   * The documents that cover a topic: every word of it in their title or passages (all but one
   * when it has five words or more), so 'Fire safety for warehouse staff' does not take a
   * forklift manual that never mentions fire.
   */
  async documentsCovering(companyId: string, topic: string): Promise<string[]> {
    const ids: string[] = [];
    for (const config of await this.configsOf(companyId)) {
      const { rows } = await sql<{ id: string }>`
        with q as (select tsvector_to_array(to_tsvector(${config}::regconfig, ${topic})) as lexemes)
        select d.id from q, library_documents d
        where d.company_id = ${companyId} and d.config = ${config}::regconfig and cardinality(q.lexemes) > 0
          and (select count(*) from unnest(q.lexemes) l
               where to_tsvector(d.config, d.title) @@ to_tsquery('simple', quote_literal(l))
                  or exists (select 1 from library_passages p where p.document_id = d.id and p.tsv @@ to_tsquery('simple', quote_literal(l))))
              >= case when cardinality(q.lexemes) >= 5 then cardinality(q.lexemes) - 1 else cardinality(q.lexemes) end`.execute(this.db);
      ids.push(...rows.map((r) => r.id));
    }
    return ids;
  }

  async documentPassages(documentId: string, limit: number): Promise<LibraryHit[]> {
    const rows = await this.db
      .selectFrom('library_passages as p')
      .innerJoin('library_documents as d', 'd.id', 'p.document_id')
      .select(['p.id as passage_id', 'p.document_id', 'd.title', 'p.heading', 'p.text', 'p.position'])
      .where('p.document_id', '=', documentId)
      .orderBy('p.position')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, score: 0, matched: 0, highlights: [] }));
  }

  private async configsOf(companyId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('library_documents').select(sql<string>`config::text`.as('config')).distinct().where('company_id', '=', companyId).execute();
    return rows.map((r) => r.config);
  }
}

/** A document and its passages (in batches), within `trx`. */
async function insertDocument(trx: Transaction<ProjectDatabase>, doc: NewLibraryDocument): Promise<LibraryDocumentRow> {
  const row = await trx
    .insertInto('library_documents')
    .values({
      company_id: doc.companyId,
      file_id: doc.fileId,
      project_id: doc.projectId,
      title: doc.title,
      kind: doc.kind,
      source: doc.source,
      size: doc.size,
      language: doc.language,
      config: doc.config,
      passage_count: doc.passages.length,
      created_by: doc.createdBy,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  for (let i = 0; i < doc.passages.length; i += INSERT_BATCH) {
    await trx
      .insertInto('library_passages')
      .values(
        doc.passages.slice(i, i + INSERT_BATCH).map((p, j) => ({
          document_id: row.id,
          company_id: doc.companyId,
          position: i + j,
          heading: p.heading,
          text: p.text,
          config: doc.config,
        })),
      )
      .execute();
  }
  return row;
}

/** The [start, end) ranges ts_headline marked, as offsets into the unmarked text ([] when it changed the text). */
export function highlightsOf(marked: string, text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let plain = '';
  let start = -1;
  for (const ch of marked) {
    if (ch === MARK_START) start = plain.length;
    else if (ch === MARK_END) {
      if (start >= 0) ranges.push([start, plain.length]);
      start = -1;
    } else plain += ch;
  }
  return plain === text ? ranges : [];
}
