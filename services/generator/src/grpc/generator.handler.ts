// Transport only: proto <-> domain.
import { AppError, type AccessTable, type UnaryHandlers } from '@trainwright/platform';
import { QualityAssessment, type GeneratorServiceService } from '@trainwright/proto/trainwright/generator/v1/generator';
import { analyzeProject } from '../services/assessments/analyze-project.js';
import { applyImprovements } from '../services/assessments/apply-improvements.js';
import { assessQuality } from '../services/assessments/assess-quality.js';
import type { AssessmentDeps } from '../services/assessments/deps.js';
import { initializeService } from '../services/assessments/initialize-service.js';

function parameters(value: unknown): Record<string, unknown> {
  if (value === undefined) return {};
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw AppError.validation('parameters', 'parameters must be an object');
}

/**
 * How each method reaches company data (platform access.ts): the server refuses to answer a method
 * that names an action unless the access check decided. A new method needs its line here.
 */
export const generatorAccess: AccessTable<typeof GeneratorServiceService> = {
  assessQuality: { action: 'project.update' },
  applyImprovements: { action: 'project.update' },
  initializeService: { action: 'project.read' },
  analyze: { action: 'project.read' },
};

export function createGeneratorHandlers(deps: AssessmentDeps): UnaryHandlers<typeof GeneratorServiceService> {
  return {
    assessQuality: async (req) => {
      const answer = await assessQuality(deps, req.userId, req.projectId, {
        desiredAtmosphere: req.desiredAtmosphere,
        targetAudience: req.targetAudience,
        focusAreas: req.focusAreas,
        notes: req.notes,
      });
      // The domain assessment has the message's JSON (proto) field names.
      return { premiumRequired: answer.premiumRequired, assessment: answer.assessment ? QualityAssessment.fromJSON(answer.assessment) : undefined };
    },
    applyImprovements: async (req) =>
      applyImprovements(deps, req.userId, req.projectId, {
        assessmentId: req.assessmentId,
        selected: req.selectedRecommendations,
        modifications: req.userModifications,
        preserveOriginal: req.preserveOriginal,
        notes: req.improvementNotes,
      }),
    initializeService: (req) => initializeService(deps, req.userId, req.projectId, req.serviceType),
    analyze: (req) => analyzeProject(deps, req.userId, req.projectId, req.analysisType, parameters(req.parameters)),
  };
}
