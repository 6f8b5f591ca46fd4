// One attempt of a generation job: read the project's input, turn its material into a source
// document (analyzing), run the engine (generating_content), score the result and publish it.
// Progress is published as it really advances; a failure publishes one clear message and never
// partial content.
import { DEFAULT_ATMOSPHERE, DEFAULT_TARGET_AUDIENCE, GENERATION_FAILURES, catalogueMessage } from '@trainwright/catalogue';
import { failureOf, isExpectedFailure } from '@trainwright/platform';
import { GenerationError, type GenerationInput, type ScorableContent } from '../../domain/types.js';
import { brandingOf, contentFromResult } from '../content.js';
import type { GenerationDeps, GenerationEvents, JobAttempt, JobTimings } from './deps.js';
import { generateEnhancedVersion, QUALITY_IMPROVEMENT } from './enhanced-version.js';
import { readGenerationInput, type GenerationJob } from './generation-input.js';
import { generationTask } from './generation-task.js';
import { groundedResult } from '../library/grounded-result.js';
import { usedSourceOf } from '../library/used-source.js';
import type { UsedSource } from '../ports.js';

export const INTERNAL_FAILURE = GENERATION_FAILURES.internal;

/**
 * Throws when the attempt failed; `retryable` on the thrown GenerationError tells the queue
 * whether another attempt may help. The failure is published once, on the last attempt.
 */
export async function runGeneration(
  deps: Pick<GenerationDeps, 'projects' | 'sources' | 'engine' | 'assessments' | 'quality' | 'logger'>,
  request: GenerationJob,
  job: JobAttempt,
  events: GenerationEvents,
): Promise<JobTimings> {
  const { projectId } = request;
  const started = performance.now();
  try {
    const input = await readGenerationInput(deps, request);
    await events.progress(projectId, 'analyzing', 0);
    if (input.project?.generatorType === QUALITY_IMPROVEMENT) {
      await generateEnhancedVersion(deps, input, events);
      return { extractMs: 0, generateMs: performance.now() - started, scoreMs: 0 };
    }
    const task = await generationTask(deps, input, (p) => events.progress(projectId, 'analyzing', p));
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
    const made = await deps.engine.generate(generationInput, (p) => events.progress(projectId, 'generating_content', Math.min(95, Math.round(p * 0.95))));
    const result = task.kind === 'generator' && task.library ? groundedResult(made, task.library.passages, generationInput.language) : made;
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
    const assessment = await deps.quality.score(scorable, { desired_atmosphere: DEFAULT_ATMOSPHERE, target_audience: DEFAULT_TARGET_AUDIENCE, focus_areas: [], notes: '' });
    const scored = performance.now();
    await events.progress(projectId, 'generating_content', 100);
    await events.completed(projectId, contentFromResult(result, assessment), assessment);
    await keepInLibrary(deps, projectId, usedSourceOf(task, input.files, project.title));
    return { extractMs: extracted - started, generateMs: generated - extracted, scoreMs: scored - generated };
  } catch (error) {
    if (!isExpectedFailure(error)) deps.logger.error({ err: error, projectId }, 'generation failed unexpectedly');
    const retryable = error instanceof GenerationError ? error.retryable : !isPermanent(error);
    // The user's message, with its catalogue id when it is one (a trial refusal): the project keeps both.
    const failure = failureOf(error, catalogueMessage(GENERATION_FAILURES, 'internal'));
    if (!retryable || job.attempt >= job.maxAttempts) {
      await events.failed(projectId, failure);
      throw GenerationError.of(failure, false);
    }
    throw GenerationError.of(failure, true);
  }
}

/**
 * The material the generation read goes to the company library. The content is made and
 * published by then: a library that cannot take it is logged, never a failed generation.
 */
async function keepInLibrary(deps: Pick<GenerationDeps, 'projects' | 'logger'>, projectId: string, source: UsedSource | null): Promise<void> {
  if (!source) return;
  try {
    await deps.projects.indexSource(projectId, source);
  } catch (error) {
    deps.logger.error({ err: error, projectId }, 'the generation material could not be kept in the library');
  }
}

/** Errors another attempt cannot fix: the project is gone or its input is invalid. */
function isPermanent(error: unknown): boolean {
  const status = (error as { status?: number }).status;
  return status === 404 || status === 400;
}
