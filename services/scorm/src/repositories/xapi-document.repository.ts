// The State, Activity Profile and Agent Profile resources' documents (schema scorm, xapi_documents).
// A write runs under a lock of its document's key, so a precondition checked is the one that holds.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ScormDatabase, XapiDocumentKind } from './database.js';

export interface DocumentKey {
  companyId: string;
  kind: XapiDocumentKind;
  activityId: string;
  agent: string;
  registration: string;
  documentId: string;
}

export interface StoredDocument {
  contentType: string;
  content: Buffer;
  etag: string;
  updatedAt: Date;
}

type Db = Kysely<ScormDatabase> | Transaction<ScormDatabase>;

/** The key's columns, for `where((eb) => eb.and(...))` (no documentId: every document there). */
function keyColumns(key: Omit<DocumentKey, 'documentId'> & { documentId?: string }) {
  return {
    company_id: key.companyId,
    kind: key.kind,
    activity_id: key.activityId,
    agent: key.agent,
    registration: key.registration,
    ...(key.documentId !== undefined ? { document_id: key.documentId } : {}),
  };
}

export class XapiDocumentRepository {
  constructor(private readonly db: Kysely<ScormDatabase>) {}

  async get(key: DocumentKey, db: Db = this.db): Promise<StoredDocument | undefined> {
    const row = await db.selectFrom('xapi_documents').where((eb) => eb.and(keyColumns(key))).select(['content_type', 'content', 'etag', 'updated_at']).executeTakeFirst();
    return row && { contentType: row.content_type, content: row.content, etag: row.etag, updatedAt: row.updated_at };
  }

  /** The ids of the documents under a key (stored after `since`), and when the newest changed. */
  async ids(key: Omit<DocumentKey, 'documentId'>, since: Date | undefined): Promise<{ ids: string[]; newest: Date | null }> {
    let q = this.db.selectFrom('xapi_documents').where((eb) => eb.and(keyColumns(key))).select(['document_id', 'updated_at']);
    if (since) q = q.where('updated_at', '>', since);
    const rows = await q.orderBy('document_id').execute();
    const newest = rows.reduce<Date | null>((max, r) => (!max || r.updated_at > max ? r.updated_at : max), null);
    return { ids: rows.map((r) => r.document_id), newest };
  }

  /**
   * Runs `decide` with the document as stored (undefined when there is none), its key locked, and
   * writes what it answers: a document to keep, or null to delete.
   */
  async change(key: DocumentKey, decide: (current: StoredDocument | undefined) => StoredDocument | null | 'unchanged'): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${JSON.stringify(key)}))`.execute(trx);
      const current = await this.get(key, trx);
      const next = decide(current);
      if (next === 'unchanged') return;
      if (next === null) {
        if (current) await this.deleteWhere(trx, key);
        return;
      }
      await trx
        .insertInto('xapi_documents')
        .values({ company_id: key.companyId, kind: key.kind, activity_id: key.activityId, agent: key.agent, registration: key.registration, document_id: key.documentId, content_type: next.contentType, content: next.content, etag: next.etag, updated_at: next.updatedAt })
        .onConflict((oc) => oc.columns(['company_id', 'kind', 'activity_id', 'agent', 'registration', 'document_id']).doUpdateSet({ content_type: next.contentType, content: next.content, etag: next.etag, updated_at: next.updatedAt }))
        .execute();
    });
  }

  /** Deletes every document under the key (the State resource without a stateId). */
  async deleteAll(key: Omit<DocumentKey, 'documentId'>): Promise<void> {
    await this.deleteWhere(this.db, key);
  }

  private async deleteWhere(db: Db, key: Omit<DocumentKey, 'documentId'> & { documentId?: string }): Promise<void> {
    await db.deleteFrom('xapi_documents').where((eb) => eb.and(keyColumns(key))).execute();
  }
}
