// Apply-improvements: the chosen recommendations of a stored assessment, either as an enhanced
// version the generation job makes (the original kept) or on the project itself.
import { QUALITY_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { deckToScript, printScript, printSlideText } from '@trainwright/formats';
import { AppError } from '@trainwright/platform';
import { hasAiAgents } from './access.js';
import type { AssessmentDeps } from './deps.js';
import { contentOf } from './project-content.js';

export interface ApplyImprovementsInput {
  assessmentId: string;
  selected: string[];
  modifications: Record<string, string>;
  preserveOriginal: boolean;
  notes: string;
}

export async function applyImprovements(
  deps: AssessmentDeps,
  userId: string,
  projectId: string,
  input: ApplyImprovementsInput,
): Promise<{ projectId: string; message: string }> {
  const selected = [...new Set(input.selected.map((s) => s.trim()).filter(Boolean))];
  if (selected.length === 0) throw AppError.validation('selected_recommendations', catalogueMessage(QUALITY_MESSAGES, 'selectRecommendation'));
  const project = await deps.projects.get(userId, projectId);
  if (!(await hasAiAgents(deps, userId, project, 'project.update'))) throw new AppError('FEATURE_NOT_AVAILABLE', catalogueMessage(QUALITY_MESSAGES, 'premiumRequired'));
  const stored = await deps.assessments.find(input.assessmentId, project.id);
  if (!stored) throw AppError.notFound(catalogueMessage(QUALITY_MESSAGES, 'assessmentNotFound'));
  const known = new Set(stored.result.recommendations.map((r) => r.id));
  const unknown = selected.find((id) => !known.has(id));
  if (unknown) throw AppError.validation('selected_recommendations', `${unknown} is not a recommendation of this assessment`);
  // Modifications count only for chosen recommendations.
  const modifications = Object.fromEntries(Object.entries(input.modifications).filter(([id]) => selected.includes(id)));
  if (input.preserveOriginal) {
    const created = await deps.projects.createEnhancedVersion(userId, project.id, {
      assessment_id: stored.id,
      selected_recommendations: selected,
      user_modifications: modifications,
      improvement_notes: input.notes,
    });
    return { projectId: created.id, message: QUALITY_MESSAGES.applyStarted };
  }
  // In place: the project's own content changes (needs the editor or owner role).
  const improved = await deps.quality.improve(contentOf(project), stored.result, selected, modifications, input.notes);
  await deps.projects.updateGenerated(userId, project.id, printSlideText(improved.content.deck), printScript(deckToScript(improved.content.deck)));
  return { projectId: project.id, message: `Quality improvements applied: ${improved.applied.join(', ')}.` };
}
