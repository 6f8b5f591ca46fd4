// The education centre's library: its state per edition (education_libraries), its files
// (education_files) and the render job. repositories/education.repository.ts implements the store.
import type { EducationFormat, EducationStatus } from '@trainwright/catalogue';
import type { MessageRef } from '@trainwright/platform';
import type { VoiceSettingsSource, Renderers } from '../renders/deps.js';
import type { MediaStorage, WorkDirs } from '../ports.js';
import type { EducationLibrary } from './courses.js';

export interface LibraryState {
  key: string;
  status: EducationStatus;
  /** Items rendered of all, 0 to 100. */
  progress: number;
  /** Which start this is (the job's id names it). */
  run: number;
  error: string;
  errorMessage: MessageRef | null;
  updatedAt: Date;
}

export interface EducationFileRow {
  slug: string;
  format: EducationFormat;
  storageKey: string;
  size: number;
  /** The video's length (mp4 and vtt); 0 for a document. */
  durationMs: number;
}

export interface EducationStore {
  stateOf(key: string): Promise<LibraryState | null>;
  /** The edition's first start, or a failed one started again (run + 1) when it failed at least
   * `retryAfterMs` ago; the state as it is afterwards. */
  start(key: string, retryAfterMs: number): Promise<LibraryState>;
  /** Raises the edition's progress (never lowers it: courses may render side by side). */
  progress(key: string, percent: number): Promise<void>;
  /** Ready, and the other editions forgotten: their files' storage keys, to delete. */
  ready(key: string): Promise<string[]>;
  failed(key: string, failure: { text: string; message: MessageRef | null }): Promise<void>;
  filesOf(key: string): Promise<EducationFileRow[]>;
  recordFile(key: string, file: EducationFileRow): Promise<void>;
}

export interface EducationJobs {
  /** The jobs of these courses for this start (their ids are the key, the run and the course:
   * enqueueing one again adds nothing). */
  enqueue(key: string, run: number, slugs: string[]): Promise<void>;
}

export interface EducationDeps {
  library: EducationLibrary;
  store: EducationStore;
  jobs: EducationJobs;
  renderers: Renderers;
  voices: VoiceSettingsSource;
  storage: Pick<MediaStorage, 'save' | 'delete'>;
  workDirs: WorkDirs;
  clock: () => Date;
}
