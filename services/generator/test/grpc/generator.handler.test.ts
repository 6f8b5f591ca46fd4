// The gRPC handlers as transport only: the domain's answers in the generator's messages.
import type { CallContext } from '@trainwright/platform';
import { AiServiceResult, AssessQualityResponse } from '@trainwright/proto/trainwright/generator/v1/generator';
import { createGeneratorHandlers } from '../../src/grpc/generator.handler.js';
import { scoreContent } from '../../src/quality/index.js';
import type { QualityService } from '../../src/services/quality.service.js';
import { poorContent, request } from '../quality/fixtures.js';

const CTX = {} as CallContext;
const ASSESSMENT = { id: 'assessment-1', ...scoreContent(poorContent(), request()) };

function handlersFor(quality: Partial<QualityService>) {
  return createGeneratorHandlers(quality as QualityService);
}

describe(createGeneratorHandlers.name, () => {
  describe('assessQuality', () => {
    it('should send the assessment as a message whose JSON form is the assessment', async () => {
      const handlers = handlersFor({ assess: async () => ({ premiumRequired: false, assessment: ASSESSMENT }) });
      const response = await handlers.assessQuality({ userId: 'u', projectId: 'p', desiredAtmosphere: '', targetAudience: '', focusAreas: [], notes: '' }, CTX);
      const sent = AssessQualityResponse.decode(AssessQualityResponse.encode(response).finish());
      expect(sent.premiumRequired).toBe(false);
      expect(sent.assessment?.overallScore).toBe(ASSESSMENT.overall_score);
      expect(sent.assessment?.dimensionScores).toEqual(ASSESSMENT.dimension_scores);
      expect(sent.assessment?.recommendations.map((r) => r.id)).toEqual(ASSESSMENT.recommendations.map((r) => r.id));
      expect(sent.assessment?.priorityAreas).toEqual(ASSESSMENT.priority_areas);
    });

    it('should send no assessment when premium is required', async () => {
      const handlers = handlersFor({ assess: async () => ({ premiumRequired: true, assessment: null }) });
      const response = await handlers.assessQuality({ userId: 'u', projectId: 'p', desiredAtmosphere: '', targetAudience: '', focusAreas: [], notes: '' }, CTX);
      expect(response).toEqual({ premiumRequired: true, assessment: undefined });
    });
  });

  describe('analyze', () => {
    it('should pass the parameters on as an object and send the insights as a Struct', async () => {
      const seen: Array<Record<string, unknown>> = [];
      const handlers = handlersFor({
        analyze: async (_userId, _projectId, _type, parameters) => {
          seen.push(parameters);
          return { recommendations: ['Shorten slides'], score: 70, insights: { content_quality: { score: 70, words: 120 } } };
        },
      });
      const response = await handlers.analyze({ userId: 'u', projectId: 'p', analysisType: 'content_quality', parameters: { focus_areas: ['clarity'] } }, CTX);
      expect(seen).toEqual([{ focus_areas: ['clarity'] }]);
      const sent = AiServiceResult.decode(AiServiceResult.encode(response).finish());
      expect(sent.insights).toEqual({ content_quality: { score: 70, words: 120 } });
    });

    it('should take absent parameters as none', async () => {
      const seen: Array<Record<string, unknown>> = [];
      const handlers = handlersFor({ analyze: async (_u, _p, _t, parameters) => (seen.push(parameters), { recommendations: [], score: 0, insights: {} }) });
      await handlers.analyze({ userId: 'u', projectId: 'p', analysisType: 'content_quality', parameters: undefined }, CTX);
      expect(seen).toEqual([{}]);
    });
  });
});
