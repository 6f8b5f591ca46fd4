// An enhanced version (quality_improvement): the original's content with the recommendations
// chosen from its stored assessment applied, scored with that assessment's request.
import { GENERATION_FAILURES, catalogueMessage } from '@trainwright/catalogue';
import { GenerationError } from '../../domain/types.js';
import { generatedContentOf, improvedContent, scorableOf } from '../content.js';
import type { ProjectGenerationInput } from '../ports.js';
import type { GenerationDeps, GenerationEvents } from './deps.js';

/** The generator type of an enhanced version's project. */
export const QUALITY_IMPROVEMENT = 'quality_improvement';

export async function generateEnhancedVersion(deps: Pick<GenerationDeps, 'assessments' | 'quality'>, input: ProjectGenerationInput, events: GenerationEvents): Promise<void> {
  const project = input.project!;
  const plan = project.requestData?.qualityImprovement;
  const original = input.sourceProject;
  if (!original) throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'originalGone'));
  const content = scorableOf(original);
  if (!content) throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'originalWithoutContent'));
  const stored = await deps.assessments.find(plan?.assessmentId ?? '', original.id);
  if (!stored) throw new GenerationError(catalogueMessage(GENERATION_FAILURES, 'assessmentGone'));
  await events.progress(project.id, 'analyzing', 100);
  await events.progress(project.id, 'generating_content', 10);
  const { quality } = deps;
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
