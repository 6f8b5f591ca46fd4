// Transport only: proto <-> domain.
import { AppError, type UnaryHandlers } from '@trainwright/platform';
import type { GeneratorServiceService } from '@trainwright/proto/trainwright/generator/v1/generator';
import type { QualityService } from '../services/quality.service.js';

function parameters(json: string): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw AppError.validation('parameters', 'parameters must be a JSON object');
}

export function createGeneratorHandlers(quality: QualityService): UnaryHandlers<typeof GeneratorServiceService> {
  const result = (r: { recommendations: string[]; score: number; insights: Record<string, unknown> }) => ({
    recommendations: r.recommendations,
    score: r.score,
    insightsJson: JSON.stringify(r.insights),
  });
  return {
    assessQuality: async (req) => {
      const answer = await quality.assess(req.userId, req.projectId, {
        desiredAtmosphere: req.desiredAtmosphere,
        targetAudience: req.targetAudience,
        focusAreas: req.focusAreas,
        notes: req.notes,
      });
      return { premiumRequired: answer.premiumRequired, assessmentJson: answer.assessment ? JSON.stringify(answer.assessment) : '' };
    },
    applyImprovements: async (req) =>
      quality.applyImprovements(req.userId, req.projectId, {
        assessmentId: req.assessmentId,
        selected: req.selectedRecommendations,
        modifications: req.userModifications,
        preserveOriginal: req.preserveOriginal,
        notes: req.improvementNotes,
      }),
    initializeService: async (req) => result(await quality.initialize(req.userId, req.projectId, req.serviceType)),
    analyze: async (req) => result(await quality.analyze(req.userId, req.projectId, req.analysisType, parameters(req.parametersJson))),
  };
}
