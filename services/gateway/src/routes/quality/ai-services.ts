// The Enhanced AI Dashboard's services: run one service, or one analysis, on a project.
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

const ServiceBody = Type.Object({ service_type: Str(40), project_id: Str(64) }, { additionalProperties: false });
const AnalyzeBody = Type.Object(
  { analysis_type: Str(40), project_id: Str(64), parameters: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])) },
  { additionalProperties: false },
);

const Open = Type.Record(Type.String(), Type.Unknown());
const ServiceAnswer = Type.Object({
  service_type: Type.Optional(Type.String()),
  analysis_type: Type.Optional(Type.String()),
  project_id: Type.String(),
  recommendations: Type.Array(Type.String()),
  score: Type.Number(),
  insights: Open,
});

export function aiServiceRoutes({ app, clients }: GatewayContext) {
  app.post(
    '/api/ai-services/initialize',
    { schema: { tags: ['quality'], summary: 'Run an AI service of the Enhanced AI Dashboard on a project', body: ServiceBody, response: { 200: ServiceAnswer, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof ServiceBody>;
      const r = await clients.generator.initializeService({ userId, projectId: b.project_id, serviceType: b.service_type }, call);
      return { service_type: b.service_type, project_id: b.project_id, recommendations: r.recommendations, score: r.score, insights: r.insights ?? {} };
    },
  );

  app.post(
    '/api/ai-services/analyze',
    { schema: { tags: ['quality'], summary: 'Run one analysis on a project', body: AnalyzeBody, response: { 200: ServiceAnswer, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const b = request.body as Type.Static<typeof AnalyzeBody>;
      const r = await clients.generator.analyze({ userId, projectId: b.project_id, analysisType: b.analysis_type, parameters: b.parameters ?? {} }, call);
      return { analysis_type: b.analysis_type, project_id: b.project_id, recommendations: r.recommendations, score: r.score, insights: r.insights ?? {} };
    },
  );
}
