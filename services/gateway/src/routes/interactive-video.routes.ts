// Interactive video (part 2 sections 2-5, 7-9; issue 16): the template built from a project's
// content, creating a version (a job on the scorm service that pins the narrated video the elements
// were timed against), the current version and the list of versions; and the public side a share
// token opens without an account: the published version, its video (byte ranges) and captions, and
// learners' events. The scorm service checks tenancy, roles, the plan's videoGeneration and every
// rule of the elements (the catalogue's validateInteractiveVideo).
import { Type } from 'typebox';
import { INTERACTIVE_VIDEO_MESSAGES, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import { interactiveElementsFromMessage, interactiveMetadataFromMessage, interactiveMetadataToMessage, type ObjectStorage } from '@trainwright/platform';
import type { InteractiveVideo } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { GatewayContext } from '../context.js';
import { ErrorBody, Str, errorResponses } from '../schemas/common.js';
import { InteractiveElementsJson, InteractiveVideoJson, InteractiveVideoMetadataJson } from '../schemas/interactive-video.js';
import { sendFile } from '../plugins/send-file.js';
import { callerOf } from '../plugins/session.js';

const TemplateParams = Type.Object({ durationOrId: Str(100) });
const TemplateQuery = Type.Object({ project_id: Type.Optional(Str(100)) }, { additionalProperties: false });
const ProjectParams = Type.Object({ projectId: Str(100) });
const TokenParams = Type.Object({ token: Str(200) });

const CreateBody = Type.Object(
  {
    project_id: Str(100),
    video_metadata: InteractiveVideoMetadataJson,
    generate_analytics: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const EventBody = Type.Object(
  {
    session_id: Str(100),
    type: Str(100),
    element_id: Type.Optional(Str(500)),
    value: Type.Optional(Type.Union([Str(4000), Type.Number(), Type.Boolean()])),
    media_time: Type.Number(),
  },
  { additionalProperties: false },
);

const TemplateJson = Type.Object({ template: InteractiveElementsJson, video_duration: Type.Number(), has_video: Type.Boolean() });
const CreatedJson = Type.Object({ success: Type.Boolean(), message: Type.String(), interactive_video: InteractiveVideoJson });
const VersionsJson = Type.Object({ versions: Type.Array(Type.Object({ version: Type.Integer(), created_at: Type.String(), element_count: Type.Integer() })) });
const PublishedJson = Type.Object({
  title: Type.String(),
  version: Type.Integer(),
  video_metadata: InteractiveVideoMetadataJson,
  video_url: Type.String(),
  captions_url: Type.Union([Type.String(), Type.Null()]),
  branch_targets: Type.Object({}, { additionalProperties: Type.String() }),
});
const publicErrors = { 400: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody };

export function interactiveVideoRoutes({ app, clients, config }: GatewayContext, storage: ObjectStorage) {
  const scorm = clients.scorm;
  const opts = (userId: string, requestId: string) => ({ userId, requestId });
  const sharedLimit = { max: config.RATE_LIMIT_SHARED_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
  const web = config.PUBLIC_WEB_URL.replace(/\/$/, '');
  const publicPath = (token: string) => `/api/interactive/${encodeURIComponent(token)}`;

  const videoJson = (v: InteractiveVideo) => ({
    id: v.id,
    project_id: v.projectId,
    version: v.version,
    published_version: v.publishedVersion || null,
    status: v.status,
    progress: v.progress,
    error: v.error,
    token: v.token,
    share_url: `${web}/watch/${encodeURIComponent(v.token)}`,
    embed_url: `${web}/embed/${encodeURIComponent(v.token)}`,
    generate_analytics: v.generateAnalytics,
    video_metadata: interactiveMetadataFromMessage(v.videoMetadata!),
    created_at: v.createdAt,
    updated_at: v.updatedAt,
  });

  app.get(
    '/api/interactive-video-template/:durationOrId',
    {
      schema: {
        tags: ['interactive-video'],
        summary: "A template of interactive elements: the path is a duration in seconds (30-3600) or a project id; with a project, built from its slides, assessment and narrated video",
        params: TemplateParams,
        querystring: TemplateQuery,
        response: { 200: TemplateJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { durationOrId } = request.params as Type.Static<typeof TemplateParams>;
      const { project_id = '' } = request.query as Type.Static<typeof TemplateQuery>;
      const t = await scorm.getInteractiveTemplate({ userId, durationOrId, projectId: project_id }, opts(userId, request.id));
      return { template: interactiveElementsFromMessage(t.template), video_duration: t.videoDuration, has_video: t.hasVideo };
    },
  );

  app.post(
    '/api/projects/:projectId/interactive-video',
    {
      schema: {
        tags: ['interactive-video'],
        summary: "Create a new version of the project's interactive video (prepared in the background; Professional and above)",
        params: ProjectParams,
        body: CreateBody,
        response: { 202: CreatedJson, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { projectId } = request.params as Type.Static<typeof ProjectParams>;
      const body = request.body as Type.Static<typeof CreateBody>;
      if (body.project_id !== projectId) {
        return reply.code(400).send({ code: 'VALIDATION_FAILED', message: 'project_id must name the project of the path.', detail: { field: 'project_id' } });
      }
      const created = await scorm.createInteractiveVideo(
        {
          userId,
          projectId,
          videoMetadata: interactiveMetadataToMessage(body.video_metadata as InteractiveVideoMetadata),
          generateAnalytics: body.generate_analytics ?? false,
        },
        opts(userId, request.id),
      );
      return reply.code(202).send({ success: true, message: INTERACTIVE_VIDEO_MESSAGES.created, interactive_video: videoJson(created) });
    },
  );

  app.get(
    '/api/projects/:projectId/interactive-video',
    {
      schema: {
        tags: ['interactive-video'],
        summary: "The project's interactive video: its newest version's elements and state, the share and embed links",
        params: ProjectParams,
        response: { 200: InteractiveVideoJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { projectId } = request.params as Type.Static<typeof ProjectParams>;
      return videoJson(await scorm.getInteractiveVideo({ userId, projectId }, opts(userId, request.id)));
    },
  );

  app.get(
    '/api/projects/:projectId/interactive-video/versions',
    {
      schema: { tags: ['interactive-video'], summary: "The versions of the project's interactive video, newest first", params: ProjectParams, response: { 200: VersionsJson, ...errorResponses } },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { projectId } = request.params as Type.Static<typeof ProjectParams>;
      const { versions } = await scorm.listInteractiveVideoVersions({ userId, projectId }, opts(userId, request.id));
      return { versions: versions.map((v) => ({ version: v.version, created_at: v.createdAt, element_count: v.elementCount })) };
    },
  );

  app.get(
    '/api/interactive/:token',
    {
      config: { public: true, rateLimit: sharedLimit },
      schema: { tags: ['interactive-video'], summary: 'A published interactive video (public, by its share token)', params: TokenParams, response: { 200: PublishedJson, ...publicErrors } },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const p = await scorm.getPublishedInteractiveVideo({ token }, { requestId: request.id });
      void reply.header('cache-control', 'no-store');
      return {
        title: p.title,
        version: p.version,
        video_metadata: interactiveMetadataFromMessage(p.videoMetadata!),
        video_url: `${publicPath(token)}/video`,
        captions_url: p.hasCaptions ? `${publicPath(token)}/captions` : null,
        branch_targets: p.branchTargets,
      };
    },
  );

  for (const kind of ['video', 'captions'] as const) {
    app.get(
      `/api/interactive/:token/${kind}`,
      {
        config: { public: true, rateLimit: sharedLimit },
        schema: {
          tags: ['interactive-video'],
          summary: kind === 'video' ? "A published interactive video's mp4 (public; byte ranges supported)" : "A published interactive video's WebVTT captions (public)",
          params: TokenParams,
          response: publicErrors,
        },
      },
      async (request, reply) => {
        const { token } = request.params as Type.Static<typeof TokenParams>;
        const media = await scorm.openInteractiveMedia({ token, kind }, { requestId: request.id });
        const target = { storageKey: media.storageKey, size: Number(media.size), contentType: media.contentType, filename: kind === 'video' ? 'interactive-video.mp4' : 'captions.vtt' };
        return sendFile(storage, request.headers.range, target, 'inline', reply);
      },
    );
  }

  app.post(
    '/api/interactive/:token/events',
    {
      config: { public: true, rateLimit: sharedLimit },
      schema: {
        tags: ['interactive-video'],
        summary: "A learner's event on a published interactive video (public): view, progress, hotspot_click, quiz_answer, cta_click, chapter, branch or complete",
        params: TokenParams,
        body: EventBody,
        response: { 204: Type.Null(), ...publicErrors },
      },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const body = request.body as Type.Static<typeof EventBody>;
      await scorm.recordInteractiveEvent(
        { token, sessionId: body.session_id, type: body.type, elementId: body.element_id ?? '', value: body.value === undefined ? '' : String(body.value), mediaTime: body.media_time },
        { requestId: request.id },
      );
      return reply.code(204).send();
    },
  );
}
