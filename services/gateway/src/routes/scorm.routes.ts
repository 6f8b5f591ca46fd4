// SCORM export (part 2 sections 3, 7, 8; issue 16): start a package of a project (a job on the
// scorm service), list the caller's packages, follow one, download a ready one's zip. The scorm
// service checks tenancy, roles and the plan's scormCompliance; the zip streams from storage.
import { create as contentDisposition } from 'content-disposition';
import { Type } from 'typebox';
import {
  ACTIVITY_TYPES,
  COMPLETION_RULES,
  OBJECTIVE_TYPES,
  SCORM_LIMITS,
  SCORM_MESSAGES,
  SCORM_VERSIONS,
  STATUS_PAIRS,
} from '@trainwright/catalogue';
import type { ObjectStorage } from '@trainwright/platform';
import type { Package } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { GatewayContext } from '../context.js';
import { Int32, Str, errorResponses } from '../schemas/common.js';
import { callerOf } from '../plugins/session.js';

const ProjectParams = Type.Object({ projectId: Str(100) });
const PackageParams = Type.Object({ id: Str(100) });
const ListQuery = Type.Object({ project_id: Type.Optional(Str(100)) }, { additionalProperties: false });
const Enum = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

const ObjectiveJson = Type.Object({ id: Str(100), title: Str(SCORM_LIMITS.objectiveTitle), description: Str(SCORM_LIMITS.objectiveDescription), type: Enum(OBJECTIVE_TYPES) });
/** Minutes; absent or 0: DEFAULT_ACTIVITY_DURATION. The tracking percents are ScormTracking's ranges. */
const ActivityMinutes = Int32({ minimum: 0, maximum: SCORM_LIMITS.activityDurationMax });
const ActivityJson = Type.Object({ id: Str(100), title: Str(SCORM_LIMITS.activityTitle), type: Enum(ACTIVITY_TYPES), estimated_duration: ActivityMinutes });
const TrackingJson = Type.Object({
  completion_rule: Enum(COMPLETION_RULES),
  completion_threshold: Int32({ minimum: 1, maximum: 100 }),
  passing_score: Int32({ minimum: 0, maximum: 100 }),
  status_pair: Enum(STATUS_PAIRS),
});

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

const PackageJson = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  company_id: Type.String(),
  package_name: Type.String(),
  scorm_version: Type.String(),
  status: Type.String(),
  progress: Type.Integer(),
  error: Type.String(),
  created_at: Type.String(),
  updated_at: Type.String(),
  download_count: Type.Integer(),
  size: Type.Integer(),
  include_tracking: Type.Boolean(),
  tracking: TrackingJson,
  learning_objectives: Type.Array(ObjectiveJson),
  activities: Type.Array(ActivityJson),
  content_version: Type.Integer(),
  has_video: Type.Boolean(),
  // The language packaged ('' for packages made before translated packages: the project's own).
  language: Type.String(),
});
const ExportedJson = Type.Object({ success: Type.Boolean(), message: Type.String(), package_id: Type.String(), package: PackageJson });

const packageJson = (p: Package) => ({
  id: p.id,
  project_id: p.projectId,
  company_id: p.companyId,
  package_name: p.packageName,
  scorm_version: p.scormVersion,
  status: p.status,
  progress: p.progress,
  error: p.error,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
  download_count: p.downloadCount,
  size: Number(p.size),
  include_tracking: p.includeTracking,
  tracking: {
    completion_rule: p.tracking!.completionRule,
    completion_threshold: p.tracking!.completionThreshold,
    passing_score: p.tracking!.passingScore,
    status_pair: p.tracking!.statusPair,
  },
  learning_objectives: p.learningObjectives,
  activities: p.activities.map((a) => ({ id: a.id, title: a.title, type: a.type, estimated_duration: a.estimatedDuration })),
  content_version: p.contentVersion,
  has_video: p.hasVideo,
  language: p.language,
});

export function scormRoutes({ app, clients }: GatewayContext, storage: ObjectStorage) {
  const scorm = clients.scorm;
  const opts = (userId: string, requestId: string) => ({ userId, requestId });

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
      const { userId } = callerOf(request);
      const { projectId } = request.params as Type.Static<typeof ProjectParams>;
      const body = request.body as Type.Static<typeof ExportBody>;
      if (body.project_id && body.project_id !== projectId) {
        return reply.code(400).send({ code: 'VALIDATION_FAILED', message: 'project_id must name the project of the path.', detail: { field: 'project_id' } });
      }
      const t = body.tracking;
      const created = await scorm.exportPackage(
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
        opts(userId, request.id),
      );
      return reply.code(202).send({ success: true, message: SCORM_MESSAGES.started, package_id: created.id, package: packageJson(created) });
    },
  );

  app.get(
    '/api/scorm/packages',
    { schema: { tags: ['scorm'], summary: "The caller's packages, newest first (one project's with ?project_id=)", querystring: ListQuery, response: { 200: Type.Object({ packages: Type.Array(PackageJson) }), ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { project_id = '' } = request.query as Type.Static<typeof ListQuery>;
      const list = await scorm.listPackages({ userId, projectId: project_id }, opts(userId, request.id));
      return { packages: list.packages.map(packageJson) };
    },
  );

  app.get(
    '/api/scorm/packages/:id',
    { schema: { tags: ['scorm'], summary: 'One package: its settings and its build (status, progress, error)', params: PackageParams, response: { 200: PackageJson, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof PackageParams>;
      return packageJson(await scorm.getPackage({ userId, packageId: id }, opts(userId, request.id)));
    },
  );

  app.get(
    '/api/scorm/packages/:id/download',
    { schema: { tags: ['scorm'], summary: "A ready package's zip (counted in its download_count)", params: PackageParams, response: { ...errorResponses } } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof PackageParams>;
      const file = await scorm.openPackage({ userId, packageId: id }, opts(userId, request.id));
      reply.header('content-type', 'application/zip');
      reply.header('content-length', String(file.size));
      reply.header('content-disposition', contentDisposition(file.filename, { type: 'attachment' }));
      reply.header('cache-control', 'private, no-store');
      return reply.send(storage.get(file.storageKey));
    },
  );
}
