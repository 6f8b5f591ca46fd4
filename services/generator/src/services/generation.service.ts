// One generation job: read the project's input, turn its material into a source document
// (analyzing), run the engine (generating_content), score the result and publish it. Progress is
// published as it really advances; a failure publishes one clear message and never partial
// content.
import {
  DEFAULT_ATMOSPHERE,
  DEFAULT_TARGET_AUDIENCE,
  isTierId,
  isTrialState,
  isUploadKind,
  maxUploadBytes,
  TIERS,
  trialRefusal,
  UPLOAD_KINDS,
} from '@trainwright/catalogue';
import { detectTextFormat, parseSlideText, scriptTextToDeck, type GeneratedContent, type TextFormat } from '@trainwright/formats';
import { deckToSource, sourceText } from '../domain/source.js';
import {
  GenerationError,
  type GenerationInput,
  type GenerationTask,
  type GeneratorEngine,
  type QualityAssessment,
  type ScorableContent,
  type SourceDocument,
} from '../domain/types.js';
import { brandingOf, contentFromResult, generatedContentOf, improvedContent, scorableOf } from './content.js';
import { generatorRequestOf } from './generator-request.js';
import type { Assessments, ProjectDirectory, ProjectGenerationInput, QualityEngine, SourceReader, StoredFile } from './ports.js';

export const QUALITY_IMPROVEMENT = 'quality_improvement';

/** Where a job's facts go (the event bus in production). */
export interface GenerationEvents {
  progress(projectId: string, stage: 'analyzing' | 'generating_content', percent: number): Promise<void>;
  completed(projectId: string, content: GeneratedContent, assessment: QualityAssessment): Promise<void>;
  failed(projectId: string, message: string): Promise<void>;
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

export const INTERNAL_FAILURE = 'Generation failed because of an internal error. Please try again.';
/** When the process running a generation died on every attempt (killed, out of memory). */
export const ABANDONED_GENERATION = 'Generation stopped because the process running it stopped unexpectedly several times. Please try again.';

export class GenerationService {
  constructor(
    private readonly deps: {
      projects: Pick<ProjectDirectory, 'generationInput'>;
      sources: SourceReader;
      engine: GeneratorEngine;
      assessments: Pick<Assessments, 'find'>;
      /** Scoring of the result and an enhanced version's improvements (main.ts runs them in worker threads). */
      quality: QualityEngine;
      onUnexpected: (error: unknown, projectId: string) => void;
    },
  ) {}

  /**
   * Runs a job. Throws when the attempt failed; `retryable` on the thrown GenerationError tells the
   * queue whether another attempt may help. The failure is published once, on the last attempt.
   */
  async run(projectId: string, job: JobAttempt, events: GenerationEvents): Promise<JobTimings> {
    const started = performance.now();
    try {
      const input = await this.deps.projects.generationInput(projectId);
      // A job queued before the owner's trial ended does no new work after it.
      const refusal = isTrialState(input.ownerTrialState) ? trialRefusal(input.ownerTrialState) : null;
      if (refusal) throw new GenerationError(refusal.text);
      await events.progress(projectId, 'analyzing', 0);
      if (input.project?.generatorType === QUALITY_IMPROVEMENT) {
        await this.improve(input, events);
        return { extractMs: 0, generateMs: performance.now() - started, scoreMs: 0 };
      }
      const task = await this.task(input, (p) => events.progress(projectId, 'analyzing', p));
      await events.progress(projectId, 'analyzing', 100);
      const extracted = performance.now();
      await events.progress(projectId, 'generating_content', 0);
      const project = input.project!;
      const generationInput: GenerationInput = {
        task,
        title: project.title,
        description: project.description,
        aiInstructions: project.aiInstructions,
        language: project.primaryLanguage || 'en',
      };
      const result = await this.deps.engine.generate(generationInput, (p) => events.progress(projectId, 'generating_content', Math.min(95, Math.round(p * 0.95))));
      const generated = performance.now();
      const scorable: ScorableContent = {
        deck: result.deck,
        script: '',
        objectives: result.objectives,
        questions: result.questions,
        glossary: result.glossary,
        templateId: project.templateId,
        fontStyle: project.fontStyle,
        imageStyle: project.imageStyle,
        branding: brandingOf(project),
      };
      const assessment = await this.deps.quality.score(scorable, { desired_atmosphere: DEFAULT_ATMOSPHERE, target_audience: DEFAULT_TARGET_AUDIENCE, focus_areas: [], notes: '' });
      const scored = performance.now();
      await events.progress(projectId, 'generating_content', 100);
      await events.completed(projectId, contentFromResult(result, assessment), assessment);
      return { extractMs: extracted - started, generateMs: generated - extracted, scoreMs: scored - generated };
    } catch (error) {
      const known = error instanceof GenerationError;
      if (!known) this.deps.onUnexpected(error, projectId);
      const retryable = known ? error.retryable : !isPermanent(error);
      if (!retryable || job.attempt >= job.maxAttempts) {
        await events.failed(projectId, known ? error.message : INTERNAL_FAILURE);
        throw new GenerationError(known ? error.message : INTERNAL_FAILURE, false);
      }
      throw new GenerationError(known ? error.message : INTERNAL_FAILURE, true);
    }
  }

  /** The engine's task: the project's type and material, read into a source document. */
  private async task(input: ProjectGenerationInput, progress: (p: number) => Promise<void>): Promise<GenerationTask> {
    const project = input.project!;
    const files = input.files;
    const { sources } = this.deps;
    const readFile = async (file: StoredFile) => {
      const doc = await sources.file(file, { maxBytes: planFileLimit(input.ownerTier, file.kind) });
      await progress(80);
      return doc;
    };
    switch (project.projectType) {
      case 'ai_content_generator': {
        const request = generatorRequestOf(project.requestData);
        if (!request) throw new GenerationError('The project does not say which AI generator method to use.');
        let source: SourceDocument | null = null;
        if (files[0]) source = await readFile(files[0]);
        else if (request.generator_type === 'url_content') source = await sources.url(request.request_data.url);
        else if (request.generator_type === 'assessment_generator') source = sources.text(request.request_data.content_source, project.title);
        else if (request.generator_type === 'content_refresh') source = sources.text(request.request_data.existing_content, project.title);
        return { kind: 'generator', request, source };
      }
      case 'script_to_slides': {
        const file = files.find((f) => f.kind === 'script');
        // A script may be written in either format, typed or in a .txt file; one in slide text keeps
        // its notes as notes.
        let scriptText = project.scriptContent;
        if (file) {
          const source = await readFile(file);
          if (!writtenFormat(source)) return { kind: 'script_to_slides', source, scriptText: sourceText(source, { notes: false }) };
          scriptText = source.text!;
        }
        const deck = scriptTextToDeck(scriptText, project.title);
        return { kind: 'script_to_slides', source: deckToSource(deck, 'script'), scriptText };
      }
      case 'slides_to_script': {
        const file = files.find((f) => f.kind === 'slides');
        if (file) {
          const source = await readFile(file);
          // A .txt file in the slide text format is read as slides (its notes stay notes).
          if (writtenFormat(source) === 'slides') return { kind: 'slides_to_script', source: deckToSource(parseSlideText(source.text!), 'slides'), slidesText: source.text! };
          return { kind: 'slides_to_script', source, slidesText: '' };
        }
        return { kind: 'slides_to_script', source: deckToSource(parseSlideText(project.slidesContent), 'slides'), slidesText: project.slidesContent };
      }
      case 'software_analysis':
        return { kind: 'software_analysis', softwareDetails: project.softwareDetails, softwareList: project.softwareList };
      default:
        throw new GenerationError(`Projects of type ${project.projectType} cannot be generated.`);
    }
  }

  /** An enhanced version: the original's content with the selected recommendations applied. */
  private async improve(input: ProjectGenerationInput, events: GenerationEvents): Promise<void> {
    const project = input.project!;
    const plan = project.requestData?.qualityImprovement;
    const original = input.sourceProject;
    if (!original) throw new GenerationError('The original project no longer exists, so its improvements cannot be applied.');
    const content = scorableOf(original);
    if (!content) throw new GenerationError('The original project has no content to improve.');
    const stored = await this.deps.assessments.find(plan?.assessmentId ?? '', original.id);
    if (!stored) throw new GenerationError('The quality assessment these improvements come from no longer exists.');
    await events.progress(project.id, 'analyzing', 100);
    await events.progress(project.id, 'generating_content', 10);
    const { quality } = this.deps;
    const improved = await quality.improve(content, stored.result, plan?.selectedRecommendations ?? [], plan?.userModifications ?? {}, plan?.improvementNotes ?? '');
    const assessment = await quality.score(improved.content, stored.request);
    const notices = [
      `Enhanced version of "${original.title}": applied ${improved.applied.length} recommendation(s): ${improved.applied.join(', ')}.`,
      ...improved.skipped.map((s) => `Not applied: ${s.id} (${s.reason}).`),
      `Quality score ${stored.result.overall_score} -> ${assessment.overall_score}.`,
    ];
    await events.progress(project.id, 'generating_content', 100);
    await events.completed(project.id, improvedContent(generatedContentOf(original), improved.content, assessment, notices), assessment);
  }
}

/** The largest file of this kind the owner's plan accepts (the upload was checked too; a job
 * queued before a downgrade, or a file stored another way, is held to it here). */
function planFileLimit(tier: string, kind: string): number {
  const rule = isUploadKind(kind) ? UPLOAD_KINDS[kind] : UPLOAD_KINDS.document;
  return maxUploadBytes(rule, isTierId(tier) ? TIERS[tier].limits.fileUploadLimitMB : null);
}

/** Errors another attempt cannot fix: the project is gone or its input is invalid. */
function isPermanent(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  return status === 404 || status === 400;
}

/** The format a plain-text file is written in (slide text or a script), or null for any other source. */
function writtenFormat(source: SourceDocument): TextFormat | null {
  return source.text === undefined ? null : detectTextFormat(source.text);
}
