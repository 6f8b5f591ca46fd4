// The translation domain's shapes: what is translated, what a translation holds, and how it
// appears to its readers.
import type { GeneratedContent } from '@trainwright/formats';
import type { MessageRef } from '@trainwright/platform';
import type { UnknownWord } from '../adapters/engine.js';

export type { UnknownWord };

/** Every text of a project that is translated (the project's own fields, snake_case content as stored). */
export interface ProjectContent {
  title: string;
  description: string;
  slidesContent: string;
  scriptContent: string;
  generatedContent: GeneratedContent | null;
}

/** One translated segment: its id (where it sits), the source and the target (with <ph/> tags). */
export interface SegmentPair {
  id: string;
  source: string;
  target: string;
}

export const TRANSLATION_STATUSES = ['queued', 'translating', 'completed', 'failed'] as const;
export type TranslationStatus = (typeof TRANSLATION_STATUSES)[number];

/** A translation as stored (without its content). */
export interface TranslationRecord {
  id: string;
  projectId: string;
  companyId: string;
  language: string;
  sourceLanguage: string;
  status: TranslationStatus;
  progress: number;
  runId: string;
  engine: string;
  /** Why a failed translation failed ('' when it did not), and the catalogue message it is (null: a text of its own, e.g. an engine's words, or none). */
  error: string;
  errorMessage: MessageRef | null;
  /** The project content version and the hash of the content (sourceHashOf) translated. */
  sourceVersion: number;
  sourceHash: string;
  version: number;
  warnings: string[];
  /** Words the engine left untranslated that the content still holds: the translation needs a review. */
  unknownWords: UnknownWord[];
  createdAt: Date;
  updatedAt: Date;
}

/** A translation with what it holds (completed ones; null before). */
export interface TranslationWithContent extends TranslationRecord {
  content: ProjectContent | null;
  sourceContent: ProjectContent | null;
  segments: SegmentPair[] | null;
}

/** The project as the translation rules need it. */
export interface ProjectInfo {
  id: string;
  companyId: string;
  title: string;
  primaryLanguage: string;
  contentVersion: number;
  /** sourceHashOf its content now: a translation of other content is stale. */
  sourceHash: string;
  hasContent: boolean;
}

export interface GlossaryTermRecord {
  id: string;
  companyId: string;
  term: string;
  sourceLanguage: string;
  targetLanguage: string;
  translation: string;
  caseSensitive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export type GlossaryTermFields = Pick<GlossaryTermRecord, 'term' | 'sourceLanguage' | 'targetLanguage' | 'translation' | 'caseSensitive'>;
