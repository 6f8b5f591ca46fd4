// A project's quality: score it (premium: AI agents), and apply selected recommendations as a new
// enhanced version (the original is kept).
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { assessmentJson } from '../../schemas/mappers.js';
import { IdParams } from '../../schemas/projects.js';
import { signedIn } from '../../lib/signed-in.js';

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

const AssessmentAnswer = Type.Object({ premium_required: Type.Boolean(), assessment: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]) });

export function assessmentRoutes({ app, clients }: GatewayContext) {
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
      const { userId, call } = signedIn(request);
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
        call,
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
      const { userId, call } = signedIn(request);
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
        call,
      );
      return reply.status(202).send({ project_id: answer.projectId, message: answer.message });
    },
  );
}
