// The translation memory in PostgreSQL: segments already translated for a company, language
// pair, engine and glossary, keyed by the hash of their source text (tags included).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { UnknownWord } from '../services/types.js';
import type { TranslationDatabase } from './database.js';

export interface MemoryKey {
  companyId: string;
  from: string;
  to: string;
  /** The engine and the glossary rules the segments were translated with (a change misses). */
  engine: string;
}

/** A remembered translation and the words the engine left unknown in it. */
export interface RememberedSegment {
  target: string;
  unknown: UnknownWord[];
}

const hashOf = (source: string) => createHash('sha256').update(source).digest('base64url');

/** Rows written per statement (PostgreSQL takes at most 65,535 parameters). */
const CHUNK = 1000;

export class TranslationMemoryRepository {
  constructor(private readonly db: Kysely<TranslationDatabase>) {}

  /** The kept translations of these sources. */
  async lookup(key: MemoryKey, sources: readonly string[]): Promise<Map<string, RememberedSegment>> {
    const found = new Map<string, RememberedSegment>();
    const bySource = new Map(sources.map((s) => [hashOf(s), s]));
    const hashes = [...bySource.keys()];
    for (let i = 0; i < hashes.length; i += CHUNK) {
      const rows = await this.db
        .selectFrom('memory_segments')
        .select(['source_hash', 'target', 'unknown_words'])
        .where('company_id', '=', key.companyId)
        .where('source_language', '=', key.from)
        .where('target_language', '=', key.to)
        .where('engine', '=', key.engine)
        .where('source_hash', 'in', hashes.slice(i, i + CHUNK))
        .execute();
      for (const row of rows) found.set(bySource.get(row.source_hash)!, { target: row.target, unknown: row.unknown_words });
    }
    return found;
  }

  async save(key: MemoryKey, pairs: ReadonlyArray<{ source: string; target: string; unknown?: UnknownWord[] }>): Promise<void> {
    for (let i = 0; i < pairs.length; i += CHUNK) {
      await this.db
        .insertInto('memory_segments')
        .values(
          pairs.slice(i, i + CHUNK).map((p) => ({
            company_id: key.companyId,
            source_language: key.from,
            target_language: key.to,
            engine: key.engine,
            source_hash: hashOf(p.source),
            target: p.target,
            unknown_words: JSON.stringify(p.unknown ?? []),
          })),
        )
        .onConflict((oc) => oc.columns(['company_id', 'source_language', 'target_language', 'engine', 'source_hash']).doNothing())
        .execute();
    }
  }
}
