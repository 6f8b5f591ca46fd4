// Shared by offline-engine.test.ts and offline-engine.timed.test.ts: one offline engine and the
// tasks and inputs the tests give it.
import { type GeneratorType, normalizeGeneratorRequest } from '@trainwright/catalogue';
import type { GenerationInput, GenerationResult, GenerationTask, SourceDocument } from '../../../src/domain/types.js';
import { OfflineEngine } from '../../../src/adapters/offline/offline-engine.js';

export const engine = new OfflineEngine();

export function generatorTask(type: GeneratorType, data: Record<string, unknown>, source: SourceDocument | null): GenerationTask {
  return { kind: 'generator', request: normalizeGeneratorRequest(type, data, source !== null), source };
}

export function input(task: GenerationTask, title = 'Fire safety induction'): GenerationInput {
  return { task, title, description: '', aiInstructions: '', language: 'en' };
}

export async function run(task: GenerationTask, title?: string): Promise<{ result: GenerationResult; progress: number[] }> {
  const progress: number[] = [];
  const result = await engine.generate(input(task, title), (p) => {
    progress.push(p);
  });
  return { result, progress };
}

/** The two generator runs the offline engine must finish on a 20-page document well under a second. */
export const LARGE_DOCUMENT_RUNS = [
  ['document_analysis', { analysis_output: 'slides' }],
  ['assessment_generator', { question_count: 20, assessment_types: ['multiple_choice', 'true_false', 'scenario'] }],
] as const;
