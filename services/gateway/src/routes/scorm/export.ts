// POST /api/scorm/export/{projectId}: start building a package (a job on the scorm service).
import { Type } from 'typebox';
import { SCORM_LIMITS, SCORM_MESSAGES, SCORM_VERSIONS } from '@trainwright/catalogue';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { ActivityJson, ActivityMinutes, Enum, ObjectiveJson, PackageJson, TrackingJson, packageJson } from './shapes.js';

const ProjectParams = Type.Object({ projectId: Str(100) });

const ExportBody = Type.Object(
  {
    project_id: Type.Optional(Str(100)),
    package_name: Str(SCORM_LIMITS.packageName),
    scorm_version: Type.Optional(Enum(SCORM_VERSIONS)),
    include_tracking: Type.Optional(Type.Boolean()),
    learning_objectives: Type.Optional(Type.Array(Type.Object({ ...ObjectiveJson.properties, id: Type.Optional(Str(100)), description: Type.Optional(Str(SCORM_LIMITS.objectiveDescription)) }, { additionalProperties: false }), { maxItems: SCORM_LIMITS.objectives })),
    activities: Type.Optional(Type.Array(Type.Object({ ...ActivityJson.properties, id: Type.Optional(Str(100)), estimated_duration: Type.Optional(ActivityMinutes) }, { additionalProperties: false }), { maxItems: SCORM_LIMITS.activities })),
    tracking: Type.Optional(Type.Partial(TrackingJson, { additionalProperties: false })),
    // A completed translation's language ('es'); absent or empty: the project's own language.
    language: Type.Optional(Type.String({ pattern: '^([a-z]{2})?$', maxLength: 2 })),
  },
  { additionalProperties: false },
);

const ExportedJson = Type.Object({ success: Type.Boolean(), message: Type.String(), package_id: Type.String(), package: PackageJson });

export function exportRoute({ app, clients }: GatewayContext) {
  app.post(
    '/api/scorm/export/:projectId',
    {
      schema: {
        tags: ['scorm'],
        summary: 'Build a SCORM 1.2, SCORM 2004 or cmi5 package of the project (in the background; Enterprise)',
        params: ProjectParams,
        body: ExportBody,
        response: { 202: ExportedJson, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { projectId } = request.params as Type.Static<typeof ProjectParams>;
      const body = request.body as Type.Static<typeof ExportBody>;
      if (body.project_id && body.project_id !== projectId) {
        return reply.code(400).send({ code: 'VALIDATION_FAILED', message: 'project_id must name the project of the path.', detail: { field: 'project_id' } });
      }
      const t = body.tracking;
      const created = await clients.scorm.exportPackage(
        {
          userId,
          projectId,
          packageName: body.package_name,
          scormVersion: body.scorm_version ?? '',
          includeTracking: body.include_tracking ?? true,
          learningObjectives: (body.learning_objectives ?? []).map((o) => ({ id: o.id ?? '', title: o.title, description: o.description ?? '', type: o.type })),
          activities: (body.activities ?? []).map((a) => ({ id: a.id ?? '', title: a.title, type: a.type, estimatedDuration: a.estimated_duration ?? 0 })),
          // Absent parts: the service's defaults (a passing score of 0 is a real choice, hence -1 for "not given").
          tracking: t ? { completionRule: t.completion_rule ?? '', completionThreshold: t.completion_threshold ?? 0, passingScore: t.passing_score ?? -1, statusPair: t.status_pair ?? '' } : undefined,
          language: body.language ?? '',
        },
        call,
      );
      return reply.code(202).send({ success: true, message: SCORM_MESSAGES.started, package_id: created.id, package: packageJson(created) });
    },
  );
}
