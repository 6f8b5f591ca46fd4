// The gRPC handlers as transport only: the domain's answers in the generator's messages. The
// operations run on faked ports whose quality engine answers what each test gives it.
import type { CallContext } from '@trainwright/platform';
import { AiServiceResult, AssessQualityResponse } from '@trainwright/proto/trainwright/generator/v1/generator';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { AiServiceResult as AiServiceAnswer } from '../../src/domain/types.js';
import { createGeneratorHandlers } from '../../src/grpc/generator.handler.js';
import { scoreContent } from '../../src/quality/index.js';
import type { AssessmentDeps } from '../../src/services/assessments/deps.js';
import type { QualityEngine } from '../../src/services/ports.js';
import { POOR_SLIDES, poorContent, request } from '../quality/fixtures.js';

const CTX = {} as CallContext;
const SCORED = scoreContent(poorContent(), request());
const ASSESSMENT = { id: 'assessment-1', ...SCORED };

/** The handlers over a project with content, in a company whose capabilities are given. */
function handlersFor(quality: Partial<QualityEngine>, capabilities = ['aiAgents']) {
  const deps: AssessmentDeps = {
    projects: {
      get: async () => Project.fromPartial({ id: 'p', companyId: 'c', title: 'Password Security', status: 'completed', slidesContent: POOR_SLIDES }),
      createEnhancedVersion: async () => ({ id: '', title: '' }),
      updateGenerated: async () => undefined,
    },
    memberships: { find: async () => ({ role: 'editor' as const, capabilities }) },
    assessments: { insert: async () => ASSESSMENT.id, find: async () => undefined },
    quality: quality as QualityEngine,
  };
  // The library's reader is not called by these methods (test/services/library covers it).
  const notRead = async (): Promise<never> => {
    throw new Error('not read in these tests');
  };
  return createGeneratorHandlers(deps, { sources: { file: notRead, url: notRead, textInSandbox: notRead } });
}

describe(createGeneratorHandlers.name, () => {
  describe('assessQuality', () => {
    it('should send the assessment as a message whose JSON form is the assessment', async () => {
      const handlers = handlersFor({ score: async () => SCORED });
      const response = await handlers.assessQuality({ userId: 'u', projectId: 'p', desiredAtmosphere: '', targetAudience: '', focusAreas: [], notes: '' }, CTX);
      const sent = AssessQualityResponse.decode(AssessQualityResponse.encode(response).finish());
      expect(sent.premiumRequired).toBe(false);
      expect(sent.assessment?.overallScore).toBe(ASSESSMENT.overall_score);
      expect(sent.assessment?.dimensionScores).toEqual(ASSESSMENT.dimension_scores);
      expect(sent.assessment?.recommendations.map((r) => r.id)).toEqual(ASSESSMENT.recommendations.map((r) => r.id));
      expect(sent.assessment?.priorityAreas).toEqual(ASSESSMENT.priority_areas);
    });

    it('should send no assessment when premium is required', async () => {
      const handlers = handlersFor({}, []);
      const response = await handlers.assessQuality({ userId: 'u', projectId: 'p', desiredAtmosphere: '', targetAudience: '', focusAreas: [], notes: '' }, CTX);
      expect(response).toEqual({ premiumRequired: true, assessment: undefined });
    });
  });

  describe('analyze', () => {
    it('should pass the parameters on as an object and send the insights as a Struct', async () => {
      const seen: Array<Record<string, unknown>> = [];
      const handlers = handlersFor({
        analyze: async (_type, _content, parameters): Promise<AiServiceAnswer> => {
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
      const handlers = handlersFor({ analyze: async (_t, _c, parameters) => (seen.push(parameters), { recommendations: [], score: 0, insights: {} }) });
      await handlers.analyze({ userId: 'u', projectId: 'p', analysisType: 'content_quality', parameters: undefined }, CTX);
      expect(seen).toEqual([{}]);
    });
  });
});
