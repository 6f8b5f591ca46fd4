// What every generation operation works with: the project service's generation input, the
// source material, the engine, the stored assessments and the quality engine (an enhanced
// version's improvements and the result's score), and where each run publishes its facts.
import type { GeneratedContent } from '@trainwright/formats';
import type { Failure, Logger } from '@trainwright/platform';
import type { GeneratorEngine, QualityAssessment, SourceDocument } from '../../domain/types.js';
import type { Assessments, ProjectDirectory, QualityEngine, StoredFile } from '../ports.js';

/** Limits of one file that come from the owner's plan (the reader adds the configured ones). */
export interface FileLimits {
  /** The largest file the plan accepts for this kind of upload. */
  maxBytes?: number;
}

/** A generation's source material read into a source document. */
export interface SourceReader {
  file(file: StoredFile, limits?: FileLimits): Promise<SourceDocument>;
  url(url: string): Promise<SourceDocument>;
  text(text: string, title: string): SourceDocument;
}

/** Where a job's facts go (the event bus in production). */
export interface GenerationEvents {
  progress(projectId: string, stage: 'analyzing' | 'generating_content', percent: number): Promise<void>;
  completed(projectId: string, content: GeneratedContent, assessment: QualityAssessment): Promise<void>;
  /** generation.failed: the text and, when it is one, the catalogue message (error_message). */
  failed(projectId: string, failure: Failure): Promise<void>;
}

/** Where each attempt of a job publishes (`run.id` tells attempts apart; every event carries the
 * job's content version); progress goes to `onProgress` too. */
export interface GenerationEventChannel {
  forRun(run: { id: string; contentVersion: number }, onProgress: (stage: string, percent: number) => Promise<void>): GenerationEvents;
}

export interface JobAttempt {
  /** 1-based. */
  attempt: number;
  maxAttempts: number;
}

/** Where a job's time went (the job's return value; the generate benchmark reads it). */
export interface JobTimings {
  extractMs: number;
  generateMs: number;
  scoreMs: number;
}

export interface GenerationDeps {
  projects: Pick<ProjectDirectory, 'generationInput' | 'indexSource'>;
  sources: SourceReader;
  engine: GeneratorEngine;
  assessments: Pick<Assessments, 'find'>;
  /** Scoring of the result and an enhanced version's improvements (main.ts runs them in worker threads). */
  quality: QualityEngine;
  events: GenerationEventChannel;
  /** Failures that are not a GenerationError (a bug or a service away). */
  logger: Pick<Logger, 'error'>;
}
