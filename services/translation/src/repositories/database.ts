import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { OutboxTable, ProcessedEventsTable } from '@trainwright/platform';
import type { ProjectContent, SegmentPair, UnknownWord } from '../services/types.js';

/** The PostgreSQL schema the translation service owns. */
export const TRANSLATION_SCHEMA = 'translation';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type Json<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface TranslationsTable {
  id: Generated<string>;
  project_id: string;
  company_id: string;
  language: string;
  source_language: string;
  status: string;
  progress: Generated<number>;
  run_id: string;
  engine: Generated<string>;
  error: Generated<string>;
  /**
   * The catalogue message `error` is ({id, params}, written with JSON.stringify; null for a text of
   * its own, none, or a row failed before it was kept): read back with storedMessage.
   */
  error_message: ColumnType<unknown, string | null | undefined, string | null>;
  source_version: number;
  /** sourceHashOf the content translated ('' for rows made before it was kept). */
  source_hash: Generated<string>;
  version: Generated<number>;
  content: Json<ProjectContent>;
  source_content: Json<ProjectContent>;
  segments: Json<SegmentPair[]>;
  warnings: JSONColumnType<string[], string | undefined, string>;
  unknown_words: JSONColumnType<UnknownWord[], string | undefined, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface GlossaryTermsTable {
  id: Generated<string>;
  company_id: string;
  term: string;
  source_language: string;
  target_language: string;
  translation: Generated<string>;
  case_sensitive: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface MemorySegmentsTable {
  company_id: string;
  source_language: string;
  target_language: string;
  engine: string;
  source_hash: string;
  target: string;
  unknown_words: JSONColumnType<UnknownWord[], string | undefined, string>;
  created_at: CreatedAt;
}

export interface TranslationDatabase {
  translations: TranslationsTable;
  glossary_terms: GlossaryTermsTable;
  memory_segments: MemorySegmentsTable;
  outbox: OutboxTable;
  processed_events: ProcessedEventsTable;
}
