// AI quality scoring and the Enhanced AI Dashboard's services (part 2 section 7): the generator
// service scores, improves and analyses; premium gating and tenancy are decided there.
import { Type } from 'typebox';
import type { GatewayContext } from '../context.js';
import { Str, errorResponses } from '../schemas/common.js';
import { assessmentJson } from '../schemas/mappers.js';
import { IdParams } from '../schemas/projects.js';
import { callerOf } from '../plugins/session.js';

const AssessmentBody = Type.Object(
  {
    desired_atmosphere: Type.Optional(Str(40)),
    target_audience: Type.Optional(Str(200)),
    focus_areas: Type.Optional(Type.Union([Type.Array(Str(60), { maxItems: 10 }), Type.Null()])),
    notes: Type.Optional(Str(5000)),
  },
  { additionalProperties: false },
);

const ImprovementsBody = Type.Object(
  {
    assessment_id: Str(64),
    selected_recommendations: Type.Array(Str(100), { maxItems: 50 }),
    user_modifications: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Str(5000))),
    preserve_original: Type.Optional(Type.Boolean()),
    improvement_notes: Type.Optional(Str(5000)),
  },
  { additionalProperties: false },
);

const ServiceBody = Type.Object({ service_type: Str(40), project_id: Str(64) }, { additionalProperties: false });
const AnalyzeBody = Type.Object(
  { analysis_type: Str(40), project_id: Str(64), parameters: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])) },
  { additionalProperties: false },
);

const Open = Type.Record(Type.String(), Type.Unknown());
const AssessmentAnswer = Type.Object({ premium_required: Type.Boolean(), assessment: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]) });
const ServiceAnswer = Type.Object({
  service_type: Type.Optional(Type.String()),
  analysis_type: Type.Optional(Type.String()),
  project_id: Type.String(),
  recommendations: Type.Array(Type.String()),
  score: Type.Number(),
  insights: Open,
});

export function qualityRoutes({ app, clients }: GatewayContext) {
  const opts = (userId: string, requestId: string) => ({ userId, requestId });

  app.post(
    '/api/projects/:id/quality-assessment',
    {
      schema: {
        tags: ['quality'],
        summary: "Score a project's quality (premium: AI agents)",
        params: IdParams,
        body: AssessmentBody,
        response: { 200: AssessmentAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const b = request.body as Type.Static<typeof AssessmentBody>;
      const answer = await clients.generator.assessQuality(
        {
          userId,
          projectId: id,
          desiredAtmosphere: b.desired_atmosphere ?? '',
          targetAudience: b.target_audience ?? '',
          focusAreas: b.focus_areas ?? [],
          notes: b.notes ?? '',
        },
        opts(userId, request.id),
      );
      return { premium_required: answer.premiumRequired, assessment: assessmentJson(answer.assessment) };
    },
  );

  app.post(
    '/api/projects/:id/apply-improvements',
    {
      schema: {
        tags: ['quality'],
        summary: 'Apply selected recommendations: a new enhanced version (the original is kept)',
        params: IdParams,
        body: ImprovementsBody,
        response: { 202: Type.Object({ project_id: Type.String(), message: Type.String() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const b = request.body as Type.Static<typeof ImprovementsBody>;
      const answer = await clients.generator.applyImprovements(
        {
          userId,
          projectId: id,
          assessmentId: b.assessment_id,
          selectedRecommendations: b.selected_recommendations,
          userModifications: b.user_modifications ?? {},
          preserveOriginal: b.preserve_original ?? true,
          improvementNotes: b.improvement_notes ?? '',
        },
        opts(userId, request.id),
      );
      return reply.status(202).send({ project_id: answer.projectId, message: answer.message });
    },
  );

  app.post(
    '/api/ai-services/initialize',
    { schema: { tags: ['quality'], summary: 'Run an AI service of the Enhanced AI Dashboard on a project', body: ServiceBody, response: { 200: ServiceAnswer, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof ServiceBody>;
      const r = await clients.generator.initializeService({ userId, projectId: b.project_id, serviceType: b.service_type }, opts(userId, request.id));
      return { service_type: b.service_type, project_id: b.project_id, recommendations: r.recommendations, score: r.score, insights: r.insights ?? {} };
    },
  );

  app.post(
    '/api/ai-services/analyze',
    { schema: { tags: ['quality'], summary: 'Run one analysis on a project', body: AnalyzeBody, response: { 200: ServiceAnswer, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof AnalyzeBody>;
      const r = await clients.generator.analyze(
        { userId, projectId: b.project_id, analysisType: b.analysis_type, parameters: b.parameters ?? {} },
        opts(userId, request.id),
      );
      return { analysis_type: b.analysis_type, project_id: b.project_id, recommendations: r.recommendations, score: r.score, insights: r.insights ?? {} };
    },
  );
}
