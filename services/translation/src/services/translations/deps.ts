// What every translation operation works with: the ports it reads and writes through (the
// repositories implement them: SQL, the project service over gRPC, the queue, the engines; unit
// tests fake them), the company glossary it applies, and the limits from the config.
import type { Failure, Logger } from '@trainwright/platform';
import type { GlossaryStore, Memberships } from '../glossary/deps.js';
import type { GlossaryTermRecord, ProjectContent, ProjectInfo, SegmentPair, TranslationRecord, TranslationWithContent, UnknownWord } from '../types.js';

export interface ProjectDirectory {
  /** The project with the caller's rights (NOT_FOUND for another company's). */
  project(userId: string, projectId: string): Promise<ProjectInfo>;
  /** Internal: the project's current content (a job has no caller). */
  source(projectId: string): Promise<{ project: ProjectInfo; content: ProjectContent }>;
  /**
   * Makes `language` the project's language with `content` as its content (a new content version),
   * only while the project is still at `expectedContentVersion` (CONFLICT otherwise, nothing written).
   */
  replaceContent(userId: string, projectId: string, language: string, content: ProjectContent, expectedContentVersion: number): Promise<ProjectInfo>;
}

/** A new or restarted translation: the start's run id and the project version it translates. */
export interface TranslationStart {
  projectId: string;
  companyId: string;
  language: string;
  sourceLanguage: string;
  sourceVersion: number;
  sourceHash: string;
  runId: string;
}

/** What a finished run writes. */
export interface TranslationResult {
  content: ProjectContent;
  sourceContent: ProjectContent;
  segments: SegmentPair[];
  engine: string;
  warnings: string[];
  unknownWords: UnknownWord[];
}

export interface TranslationStore {
  list(projectId: string): Promise<TranslationRecord[]>;
  find(projectId: string, language: string): Promise<TranslationWithContent | null>;
  findById(id: string): Promise<TranslationWithContent | null>;
  /** Queues each start (a new row, or the existing one reset to queued with the new run id); events go out with the change. */
  start(starts: TranslationStart[]): Promise<TranslationRecord[]>;
  /** The run takes the translation (queued -> translating); false when the run is void (restarted, deleted). */
  begin(id: string, runId: string): Promise<boolean>;
  progress(id: string, runId: string, percent: number): Promise<TranslationRecord | null>;
  /** Stores the result with the version and hash of the project content it was made from. */
  complete(id: string, runId: string, result: TranslationResult, source: SourceStamp): Promise<TranslationRecord | null>;
  /** Fails the run's translation with why: its text and, when it is one, its catalogue message. */
  fail(id: string, runId: string, failure: Failure): Promise<TranslationRecord | null>;
  /** Replaces a completed translation's content (a hand edit, an import) when its version is still `version`. */
  replace(id: string, version: number, result: Omit<TranslationResult, 'sourceContent'>): Promise<TranslationRecord | 'conflict'>;
  remove(projectId: string, language: string): Promise<TranslationRecord | null>;
  /**
   * set-primary-language: `makePrimary` makes the translation `t` the project's content while the
   * row is held as read (an edit, a restart or a deletion meanwhile waits, then finds it changed);
   * when it succeeds the row becomes the translation into the former primary language, holding
   * the content it replaced. When `t` changed since it was read (CONFLICT) or `makePrimary` fails,
   * nothing changes.
   */
  swapWithPrimary(t: TranslationWithContent, makePrimary: () => Promise<SwappedTranslation>): Promise<void>;
  removeProject(projectId: string, eventId: string): Promise<void>;
}

/** The project content a translation was made from. */
export interface SourceStamp {
  version: number;
  hash: string;
}

/** The former primary language's content, as the translation a swap leaves. */
export interface SwappedTranslation {
  language: string;
  content: ProjectContent;
  segments: SegmentPair[];
  source: SourceStamp;
}

/** What the translation service keeps per company (the glossary and the translation memory). */
export interface CompanyDataStore {
  /** account.data_expired: every company's glossary and memory go (once per event). */
  removeCompanies(companyIds: string[], eventId: string): Promise<void>;
}

export interface TranslationJobs {
  enqueue(translationId: string, runId: string): Promise<void>;
}

/** Live progress (not kept): the browser's progress bar per language. */
export interface ProgressEvents {
  progress(translation: TranslationRecord): Promise<void>;
}

/** A route the engine takes from one language to another, or why it cannot. */
export type EngineRoute = { ok: true; engine: string } | { ok: false; reason: string; code?: 'offline_no_pair' };

/** The configured engine with the segmentation, glossary and translation memory around it. */
export interface ContentTranslator {
  /** 'apertium', 'openai:<model>' or 'deepl'. */
  readonly engine: string;
  route(from: string, to: string): EngineRoute;
  translate(
    content: ProjectContent,
    options: { companyId: string; from: string; to: string; glossary: GlossaryTermRecord[]; onProgress(percent: number): Promise<void> },
  ): Promise<Omit<TranslationResult, 'sourceContent'>>;
  /**
   * Plain texts that go with a project's content (its interactive video's), translated as the
   * content is: one per text, in order (a JobError when the engine has no route or fails).
   */
  translateTexts(
    texts: readonly string[],
    options: { companyId: string; from: string; to: string; glossary: GlossaryTermRecord[] },
  ): Promise<{ texts: string[]; engine: string; warnings: string[] }>;
  /** The segment pairs of a source and a translation with the same line structure. */
  pairs(source: ProjectContent, translated: ProjectContent, glossary: GlossaryTermRecord[], from: string, to: string): SegmentPair[];
  /** The same content again from edited segments (a hand edit, an XLIFF import). */
  reassemble(source: ProjectContent, segments: SegmentPair[], glossary: GlossaryTermRecord[], from: string, to: string): Omit<TranslationResult, 'sourceContent' | 'engine' | 'unknownWords'>;
}

/** An uploaded XLIFF 2.0 document read off the event loop (VALIDATION_FAILED with the reason when refused). */
export interface XliffReader {
  read(xml: string, expected: { sourceLanguage: string; targetLanguage: string; unitIds: ReadonlySet<string> }): Promise<{ sourceLanguage: string; targetLanguage: string; units: SegmentPair[] }>;
}

/** Writes an XLIFF 2.0 document of a translation's segments. */
export type XliffWriter = (input: { projectId: string; sourceLanguage: string; targetLanguage: string; segments: SegmentPair[] }) => string;

export interface TranslationDeps {
  store: TranslationStore;
  glossary: Pick<GlossaryStore, 'list'>;
  projects: ProjectDirectory;
  memberships: Memberships;
  jobs: TranslationJobs;
  translator: ContentTranslator;
  progressEvents: ProgressEvents;
  companyData: CompanyDataStore;
  xliff: { read: XliffReader['read']; write: XliffWriter };
  logger: Logger;
  /** Characters of text one translation may hold (every text of the project together). */
  maxChars: number;
  /** The run id of each start (a job of an earlier start then ends without writing). */
  newRunId: () => string;
}
