// A member's side of a project's interactive video: the template built from its content, creating
// a version (a job on the scorm service that pins the narrated video the elements were timed
// against), the current version with its share and embed links, and the list of versions.
import { Type } from 'typebox';
import { INTERACTIVE_VIDEO_MESSAGES, type InteractiveVideoMetadata } from '@trainwright/catalogue';
import { interactiveElementsFromMessage, interactiveMetadataFromMessage, interactiveMetadataToMessage } from '@trainwright/platform';
import type { InteractiveVideo } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { GatewayContext } from '../../context.js';
import { Str, errorMessageJson, errorResponses } from '../../schemas/common.js';
import { InteractiveElementsJson, InteractiveVideoJson, InteractiveVideoMetadataJson } from '../../schemas/interactive-video.js';
import { signedIn } from '../../lib/signed-in.js';

const TemplateParams = Type.Object({ durationOrId: Str(100) });
const TemplateQuery = Type.Object({ project_id: Type.Optional(Str(100)) }, { additionalProperties: false });
const ProjectParams = Type.Object({ projectId: Str(100) });

const CreateBody = Type.Object(
  {
    project_id: Str(100),
    video_metadata: InteractiveVideoMetadataJson,
    generate_analytics: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const TemplateJson = Type.Object({ template: InteractiveElementsJson, video_duration: Type.Number(), has_video: Type.Boolean() });
const CreatedJson = Type.Object({ success: Type.Boolean(), message: Type.String(), interactive_video: InteractiveVideoJson });
const VersionsJson = Type.Object({ versions: Type.Array(Type.Object({ version: Type.Integer(), created_at: Type.String(), element_count: Type.Integer() })) });

/** A version as members see it, with the web app's share and embed links (`web`: its public address). */
const videoJson = (v: InteractiveVideo, web: string) => ({
  id: v.id,
  project_id: v.projectId,
  version: v.version,
  published_version: v.publishedVersion || null,
  status: v.status,
  progress: v.progress,
  error: v.error,
  ...errorMessageJson(v.errorMessage),
  token: v.token,
  share_url: `${web}/watch/${encodeURIComponent(v.token)}`,
  embed_url: `${web}/embed/${encodeURIComponent(v.token)}`,
  generate_analytics: v.generateAnalytics,
  video_metadata: interactiveMetadataFromMessage(v.videoMetadata!),
  created_at: v.createdAt,
  updated_at: v.updatedAt,
});

export function authoringRoutes({ app, clients, config }: GatewayContext) {
  const web = config.PUBLIC_WEB_URL.replace(/\/$/, '');

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
      const { userId, call } = signedIn(request);
      const { durationOrId } = request.params as Type.Static<typeof TemplateParams>;
      const { project_id = '' } = request.query as Type.Static<typeof TemplateQuery>;
      const t = await clients.scorm.getInteractiveTemplate({ userId, durationOrId, projectId: project_id }, call);
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
      const { userId, call } = signedIn(request);
      const { projectId } = request.params as Type.Static<typeof ProjectParams>;
      const body = request.body as Type.Static<typeof CreateBody>;
      if (body.project_id !== projectId) {
        return reply.code(400).send({ code: 'VALIDATION_FAILED', message: 'project_id must name the project of the path.', detail: { field: 'project_id' } });
      }
      const created = await clients.scorm.createInteractiveVideo(
        {
          userId,
          projectId,
          videoMetadata: interactiveMetadataToMessage(body.video_metadata as InteractiveVideoMetadata),
          generateAnalytics: body.generate_analytics ?? false,
        },
        call,
      );
      return reply.code(202).send({ success: true, message: INTERACTIVE_VIDEO_MESSAGES.created, interactive_video: videoJson(created, web) });
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
      const { userId, call } = signedIn(request);
      const { projectId } = request.params as Type.Static<typeof ProjectParams>;
      return videoJson(await clients.scorm.getInteractiveVideo({ userId, projectId }, call), web);
    },
  );

  app.get(
    '/api/projects/:projectId/interactive-video/versions',
    {
      schema: { tags: ['interactive-video'], summary: "The versions of the project's interactive video, newest first", params: ProjectParams, response: { 200: VersionsJson, ...errorResponses } },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { projectId } = request.params as Type.Static<typeof ProjectParams>;
      const { versions } = await clients.scorm.listInteractiveVideoVersions({ userId, projectId }, call);
      return { versions: versions.map((v) => ({ version: v.version, created_at: v.createdAt, element_count: v.elementCount })) };
    },
  );
}
