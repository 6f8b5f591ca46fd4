import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { PROJECT_LIMITS as L } from '@trainwright/catalogue';
import { learnerText } from '@trainwright/formats';
import { AppError, type ObjectStorage } from '@trainwright/platform';
import type { LogoTarget, PreviewSlideImage, PreviewSlides } from '@trainwright/proto/trainwright/media/v1/media';
import { Branding as ProtoBranding, ProjectStats, VoiceSelection } from '@trainwright/proto/trainwright/project/v1/project';
import type { GatewayContext } from '../context.js';
import { ErrorBody, Int32, Str, errorResponses } from '../schemas/common.js';
import { brandingJson, projectJson } from '../schemas/mappers.js';
import { Branding, BrandingBody, IdParams, VoiceBody } from '../schemas/projects.js';
import { requireVoiceAllowed } from '../lib/voice-access.js';
import { callerOf } from '../plugins/session.js';

/** Field limits come from the catalogue, as the project service's validation reads them. */
const CONTENT_MAX = L.content;
/** Left out of list items (ListProjectsResponse leaves them empty). */
const LONG_FIELDS = new Set(['script_content', 'slides_content', 'generated_content', 'software_details', 'ai_instructions', 'request_data']);

const CreateProjectBody = Type.Object(
  {
    title: Str(L.title),
    description: Type.Optional(Str(L.description)),
    project_type: Type.Optional(Str(40)),
    input_method: Type.Optional(Str(10)),
    script_content: Type.Optional(Str(CONTENT_MAX)),
    slides_content: Type.Optional(Str(CONTENT_MAX)),
    software_details: Type.Optional(Str(L.softwareDetails)),
    visual_format: Type.Optional(Str(20)),
    document_format: Type.Optional(Str(20)),
    include_branding: Type.Optional(Type.Boolean()),
    company_name: Type.Optional(Str(L.brandingText)),
    logo_url: Type.Optional(Str(L.url)),
    website: Type.Optional(Str(L.url)),
    branding: Type.Optional(Type.Union([BrandingBody, Type.Null()])),
    ai_instructions: Type.Optional(Str(L.aiInstructions)),
    font_style: Type.Optional(Str(20)),
    image_style: Type.Optional(Str(20)),
    burn_subtitles: Type.Optional(Type.Boolean()),
    voice_selection: Type.Optional(Type.Union([VoiceBody, Type.Null()])),
    template_id: Type.Optional(Type.Union([Str(100), Type.Null()])),
    file_ids: Type.Optional(Type.Array(Str(64), { maxItems: 20 })),
    company_id: Type.Optional(Str(64)),
  },
  { additionalProperties: false },
);

const UpdateProjectBody = Type.Object(
  {
    title: Type.Optional(Str(L.title)),
    description: Type.Optional(Str(L.description)),
    script_content: Type.Optional(Str(CONTENT_MAX)),
    slides_content: Type.Optional(Str(CONTENT_MAX)),
    generated_slides: Type.Optional(Str(CONTENT_MAX)),
    generated_script: Type.Optional(Str(CONTENT_MAX)),
    visual_format: Type.Optional(Str(20)),
    document_format: Type.Optional(Str(20)),
    branding: Type.Optional(Type.Union([BrandingBody, Type.Null()])),
    ai_instructions: Type.Optional(Str(L.aiInstructions)),
    font_style: Type.Optional(Str(20)),
    image_style: Type.Optional(Str(20)),
    burn_subtitles: Type.Optional(Type.Boolean()),
    template_id: Type.Optional(Str(100)),
    voice_selection: Type.Optional(VoiceBody),
  },
  { additionalProperties: false },
);

const projectFields = {
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  status: Type.String(),
  project_type: Type.String(),
  script_content: Type.String(),
  slides_content: Type.String(),
  generated_content: Type.Union([
    Type.Object({
      script: Type.String(),
      slides: Type.Object({ slide_content: Type.String(), quality_assessment: Type.Optional(Type.Unknown()) }),
      engine: Type.Optional(Type.String()),
    }, { additionalProperties: true }),
    Type.Null(),
  ]),
  software_details: Type.String(),
  software_list: Type.Array(Type.String()),
  visual_format: Type.String(),
  document_format: Type.String(),
  quality_score: Type.Union([Type.Number(), Type.Null()]),
  engagement_prediction: Type.Union([Type.Number(), Type.Null()]),
  branding: Branding,
  created_at: Type.String(),
  updated_at: Type.String(),
  company_id: Type.String(),
  company_name: Type.String(),
  progress: Type.Record(Type.String(), Type.Integer()),
  is_collaborative: Type.Boolean(),
  members: Type.Integer(),
  primary_language: Type.String(),
  available_languages: Type.Array(Type.String()),
  ai_instructions: Type.String(),
  template_id: Type.String(),
  font_style: Type.String(),
  image_style: Type.String(),
  burn_subtitles: Type.Boolean(),
  voice_selection: Type.Union([Type.Object({ voice_id: Type.String(), name: Type.String(), category: Type.String() }), Type.Null()]),
  input_method: Type.String(),
  files: Type.Array(
    Type.Object({ id: Type.String(), kind: Type.String(), filename: Type.String(), size: Type.Integer(), content_type: Type.String() }),
  ),
  error: Type.Union([Type.String(), Type.Null()]),
  needs_regeneration: Type.Boolean(),
  can_edit: Type.Boolean(),
  can_delete: Type.Boolean(),
  generator_type: Type.String(),
  request_data: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  derived_from_project_id: Type.Union([Type.String(), Type.Null()]),
  content_version: Type.Integer(),
  files_version: Type.Union([Type.Integer(), Type.Null()]),
  // The pay-per-use narrated video: '' (none), payment_required, queued, rendering, ready, failed.
  video_status: Type.String(),
  video_progress: Type.Integer(),
};

/** Every field of a project (GET, PATCH). */
const Project = Type.Object({ ...projectFields, has_content: Type.Boolean() }, { $id: 'Project' });

/** A list item: the project without its long texts (GET /api/projects/{id} has them). */
const ProjectSummary = Type.Object(
  {
    ...Object.fromEntries(Object.entries(projectFields).filter(([name]) => !LONG_FIELDS.has(name))),
    has_content: Type.Boolean(),
  },
  { $id: 'ProjectSummary' },
);

const ProjectList = Type.Object({
  projects: Type.Array(ProjectSummary),
  total: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
  stats: Type.Object({
    total: Type.Integer(),
    this_month: Type.Integer(),
    completed: Type.Integer(),
    in_progress: Type.Integer(),
    failed: Type.Integer(),
    success_rate: Type.Integer(),
  }),
});

const ListQuery = Type.Object({
  search: Type.Optional(Str(200)),
  status: Type.Optional(Str(40)),
  project_type: Type.Optional(Str(40)),
  company_id: Type.Optional(Str(64)),
  page: Type.Optional(Int32({ minimum: 1, maximum: 100_000 })),
  page_size: Type.Optional(Int32({ minimum: 1, maximum: 100 })),
});

const TokenParams = Type.Object({ token: Str(100) });
const SlideParams = Type.Object({ id: Str(100), n: Str(20) });
const SharedSlideParams = Type.Object({ token: Str(100), n: Str(20) });
const SlideQuery = Type.Object({ v: Type.Optional(Str(64)) });
/** `language`: a translation's slides ('es'); absent for the project's own. */
const Language = Type.Optional(Type.String({ pattern: '^[a-z]{2}$' }));
const LanguageQuery = Type.Object({ language: Language });
const MemberSlideQuery = Type.Object({ v: Type.Optional(Str(64)), language: Language });
const PreviewSlideList = Type.Object({ version: Type.String(), slides: Type.Array(Type.Object({ position: Type.Integer(), title: Type.String(), image_path: Type.String() })) });

/** The slide position of a preview route: 0 (the title card) and up; anything else is 400. */
function slidePosition(n: string): number {
  if (!/^\d{1,6}$/.test(n)) throw AppError.validation('n', 'The slide number must be a whole number from 0 (the title card).');
  return Number(n);
}

const TemplateQuery = Type.Object({
  search: Type.Optional(Str(200)),
  category: Type.Optional(Str(60)),
  level: Type.Optional(Str(40)),
  sort: Type.Optional(Str(20)),
});

// Templates are documents of the @trainwright/templates shape; their schema is open here.
const TemplateDoc = Type.Object({ id: Type.String(), name: Type.String() }, { additionalProperties: true });

const SharedProject = Type.Object({
  title: Type.String(),
  description: Type.String(),
  project_type: Type.String(),
  status: Type.String(),
  created_at: Type.String(),
  company_name: Type.String(),
  branding: Branding,
  slide_content: Type.String(),
  script: Type.String(),
  font_style: Type.String(),
  image_style: Type.String(),
});

export function projectRoutes({ app, clients, config }: GatewayContext, storage: ObjectStorage) {
  // A share link's public routes have no account to count against: limited per address.
  const sharedLimit = { max: config.RATE_LIMIT_SHARED_MAX, timeWindow: config.RATE_LIMIT_WINDOW_MS };
  const opts = (userId: string, requestId: string) => ({ userId, requestId });

  app.post(
    '/api/projects',
    { schema: { tags: ['projects'], summary: 'Create a project', body: CreateProjectBody, response: { 201: Type.Object({ id: Type.String(), title: Type.String() }), ...errorResponses } } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const b = request.body as Type.Static<typeof CreateProjectBody>;
      // The form sends branding either flat (company_name, logo_url, website) or as an object.
      const branding = b.branding ?? { company_name: b.company_name, logo_url: b.logo_url, website: b.website };
      await requireVoiceAllowed(clients, userId, request.id, b.company_id ?? '', b.voice_selection?.voice_id);
      const created = await clients.project.createProject(
        {
          userId,
          companyId: b.company_id ?? '',
          title: b.title,
          description: b.description ?? '',
          projectType: b.project_type ?? '',
          inputMethod: b.input_method ?? '',
          scriptContent: b.script_content ?? '',
          slidesContent: b.slides_content ?? '',
          softwareDetails: b.software_details ?? '',
          visualFormat: b.visual_format ?? '',
          documentFormat: b.document_format ?? '',
          includeBranding: b.branding === null ? false : (b.include_branding ?? true),
          branding: ProtoBranding.fromJSON(branding),
          aiInstructions: b.ai_instructions ?? '',
          fontStyle: b.font_style ?? '',
          imageStyle: b.image_style ?? '',
          burnSubtitles: b.burn_subtitles ?? false,
          voiceSelection: b.voice_selection ? VoiceSelection.fromJSON(b.voice_selection) : undefined,
          templateId: b.template_id ?? '',
          fileIds: b.file_ids ?? [],
          generatorType: '',
          requestData: undefined,
          derivedFromProjectId: '',
        },
        opts(userId, request.id),
      );
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/projects',
    { schema: { tags: ['projects'], summary: "The caller's projects, newest first", querystring: ListQuery, response: { 200: ProjectList, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const q = request.query as Type.Static<typeof ListQuery>;
      const page = await clients.project.listProjects(
        {
          userId,
          search: q.search ?? '',
          status: q.status ?? '',
          projectType: q.project_type ?? '',
          companyId: q.company_id ?? '',
          page: q.page ?? 1,
          pageSize: q.page_size ?? 20,
        },
        opts(userId, request.id),
      );
      return {
        projects: page.projects.map(projectJson),
        total: page.total,
        page: page.page,
        page_size: page.pageSize,
        stats: ProjectStats.toJSON(page.stats!),
      };
    },
  );

  app.get(
    '/api/projects/:id',
    { schema: { tags: ['projects'], summary: 'One project', params: IdParams, response: { 200: Project, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      return projectJson(await clients.project.getProject({ userId, projectId: id }, opts(userId, request.id)));
    },
  );

  app.patch(
    '/api/projects/:id',
    { schema: { tags: ['projects'], summary: 'Edit a project', params: IdParams, body: UpdateProjectBody, response: { 200: Project, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const b = request.body as Type.Static<typeof UpdateProjectBody>;
      // The voice is checked exactly as on create, for the project's own company (a project the
      // caller cannot see answers 404 before any voice is looked at).
      if (b.voice_selection?.voice_id) {
        const project = await clients.project.getProject({ userId, projectId: id }, opts(userId, request.id));
        await requireVoiceAllowed(clients, userId, request.id, project.companyId, b.voice_selection.voice_id);
      }
      return projectJson(
        await clients.project.updateProject(
          {
            userId,
            projectId: id,
            title: b.title,
            description: b.description,
            scriptContent: b.script_content,
            slidesContent: b.slides_content,
            generatedSlides: b.generated_slides,
            generatedScript: b.generated_script,
            visualFormat: b.visual_format,
            documentFormat: b.document_format,
            branding: b.branding ? ProtoBranding.fromJSON(b.branding) : undefined,
            clearBranding: b.branding === null,
            aiInstructions: b.ai_instructions,
            fontStyle: b.font_style,
            imageStyle: b.image_style,
            burnSubtitles: b.burn_subtitles,
            templateId: b.template_id,
            voiceSelection: b.voice_selection ? VoiceSelection.fromJSON(b.voice_selection) : undefined,
          },
          opts(userId, request.id),
        ),
      );
    },
  );

  app.delete(
    '/api/projects/:id',
    { schema: { tags: ['projects'], summary: 'Delete a project and its files', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      await clients.project.deleteProject({ userId, projectId: id }, opts(userId, request.id));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/projects/:id/share',
    {
      schema: {
        tags: ['projects'],
        summary: 'Create (or return) the read-only share link',
        params: IdParams,
        response: { 200: Type.Object({ token: Type.String(), url: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const link = await clients.project.createShareLink({ userId, projectId: id }, opts(userId, request.id));
      return { token: link.token, url: `${config.PUBLIC_WEB_URL.replace(/\/$/, '')}/shared/${link.token}` };
    },
  );

  app.delete(
    '/api/projects/:id/share',
    { schema: { tags: ['projects'], summary: 'Revoke the share link', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      await clients.project.revokeShareLink({ userId, projectId: id }, opts(userId, request.id));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/shared/:token',
    {
      config: { public: true, rateLimit: sharedLimit },
      schema: { tags: ['projects'], summary: 'A shared project, read-only', params: TokenParams, response: { 200: SharedProject, 404: ErrorBody, 503: ErrorBody } },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const p = await clients.project.getSharedProject({ token }, { requestId: request.id });
      void reply.header('cache-control', 'no-store');
      // Learners' text only, as it is now: no trainer notes, and the narration of the current slides.
      const text = learnerText(p.slideContent, p.script);
      return {
        title: p.title,
        description: p.description,
        project_type: p.projectType,
        status: p.status,
        created_at: p.createdAt,
        company_name: p.companyName,
        branding: brandingJson(p.branding, `/api/shared/${encodeURIComponent(token)}/logo`),
        slide_content: text.slideContent,
        script: text.script,
        font_style: p.fontStyle,
        image_style: p.imageStyle,
      };
    },
  );

  // Logos come from the copy media-render fetched once and checked (docs/security.md, case 12):
  // browsers, the anonymous visitors of a share page too, never contact the URL a user typed.
  // Served as an image only: never sniffed into anything else, nothing it could load or run.
  /** An image we keep or draw: nothing it could load or run (nosniff comes with every answer). */
  function sendImage(reply: FastifyReply, contentType: string, size: number, cacheControl: string, body: Buffer | NodeJS.ReadableStream) {
    void reply
      .header('content-type', contentType)
      .header('content-length', String(size))
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', cacheControl);
    return reply.send(body);
  }

  function sendLogo(target: LogoTarget, cacheControl: string, reply: FastifyReply) {
    return sendImage(reply, target.contentType, target.size, cacheControl, storage.get(target.storageKey));
  }

  app.get(
    '/api/projects/:id/logo',
    { schema: { tags: ['projects'], summary: "The project's branding logo as we keep it (PNG or JPEG)", params: IdParams, response: { ...errorResponses } } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const target = await clients.media.getLogo({ userId, projectId: id, shareToken: '' }, opts(userId, request.id));
      return sendLogo(target, 'private, max-age=300', reply);
    },
  );

  app.get(
    '/api/shared/:token/logo',
    {
      config: { public: true, rateLimit: sharedLimit },
      schema: { tags: ['projects'], summary: "A shared project's branding logo (PNG or JPEG)", params: TokenParams, response: { 404: ErrorBody, 503: ErrorBody } },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const target = await clients.media.getLogo({ userId: '', projectId: '', shareToken: token }, { requestId: request.id });
      // Short: a revoked link stops showing it soon.
      return sendLogo(target, 'public, max-age=300', reply);
    },
  );

  // The preview's slides as the exports draw them (media-render's video slide images): their titles,
  // and each one as a PNG. Never counted as downloads. The image URLs carry the slides' version
  // (`?v=`), so a browser may keep an image until the project changes.
  function slideList(list: PreviewSlides, base: string, language = '') {
    const query = `?v=${encodeURIComponent(list.version)}${language ? `&language=${language}` : ''}`;
    return { version: list.version, slides: list.titles.map((title, position) => ({ position, title, image_path: `${base}/${position}${query}` })) };
  }

  /** A slide image; only a URL naming the version it was drawn at may be kept long. */
  function sendSlide(image: PreviewSlideImage, askedVersion: string | undefined, scope: 'private' | 'public', reply: FastifyReply) {
    const png = Buffer.from(image.png);
    void reply.header('x-slide-count', String(image.slideCount)).header('x-slides-version', image.version);
    return sendImage(reply, 'image/png', png.length, askedVersion === image.version ? `${scope}, max-age=86400` : `${scope}, max-age=60`, png);
  }

  app.get(
    '/api/projects/:id/preview/slides',
    {
      schema: {
        tags: ['projects'],
        summary: "The preview's slides as the exports draw them: the title card, then each slide (a translation's with ?language=)",
        params: IdParams,
        querystring: LanguageQuery,
        response: { 200: PreviewSlideList, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const { language = '' } = request.query as Type.Static<typeof LanguageQuery>;
      const list = await clients.media.listPreviewSlides({ userId, projectId: id, shareToken: '', language }, opts(userId, request.id));
      void reply.header('cache-control', 'private, no-store');
      return slideList(list, `/api/projects/${encodeURIComponent(id)}/preview/slides`, language);
    },
  );

  app.get(
    '/api/projects/:id/preview/slides/:n',
    { schema: { tags: ['projects'], summary: 'One preview slide as a 1280x720 PNG (0: the title card)', params: SlideParams, querystring: MemberSlideQuery, response: { ...errorResponses } } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id, n } = request.params as Type.Static<typeof SlideParams>;
      const { v, language = '' } = request.query as Type.Static<typeof MemberSlideQuery>;
      const position = slidePosition(n);
      const image = await clients.media.previewSlide({ userId, projectId: id, shareToken: '', position, language }, opts(userId, request.id));
      return sendSlide(image, v, 'private', reply);
    },
  );

  app.get(
    '/api/shared/:token/preview/slides',
    {
      config: { public: true, rateLimit: sharedLimit },
      schema: { tags: ['projects'], summary: "A shared project's preview slides", params: TokenParams, response: { 200: PreviewSlideList, 400: ErrorBody, 404: ErrorBody, 503: ErrorBody } },
    },
    async (request, reply) => {
      const { token } = request.params as Type.Static<typeof TokenParams>;
      const list = await clients.media.listPreviewSlides({ userId: '', projectId: '', shareToken: token, language: '' }, { requestId: request.id });
      void reply.header('cache-control', 'no-store');
      return slideList(list, `/api/shared/${encodeURIComponent(token)}/preview/slides`);
    },
  );

  app.get(
    '/api/shared/:token/preview/slides/:n',
    {
      config: { public: true, rateLimit: sharedLimit },
      schema: { tags: ['projects'], summary: "One of a shared project's preview slides as a PNG", params: SharedSlideParams, querystring: SlideQuery, response: { 400: ErrorBody, 404: ErrorBody, 503: ErrorBody } },
    },
    async (request, reply) => {
      const { token, n } = request.params as Type.Static<typeof SharedSlideParams>;
      const position = slidePosition(n);
      const image = await clients.media.previewSlide({ userId: '', projectId: '', shareToken: token, position, language: '' }, { requestId: request.id });
      // Short even when versioned: a revoked link stops showing the slides soon.
      return sendSlide(image, undefined, 'public', reply);
    },
  );

  app.get(
    '/api/templates',
    {
      schema: {
        tags: ['templates'],
        summary: 'Built-in and company templates',
        querystring: TemplateQuery,
        response: { 200: Type.Object({ templates: Type.Array(TemplateDoc), total: Type.Integer(), categories: Type.Record(Type.String(), Type.Integer()) }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const q = request.query as Type.Static<typeof TemplateQuery>;
      const result = await clients.project.listTemplates(
        { userId, search: q.search ?? '', category: q.category ?? '', level: q.level ?? '', sort: q.sort ?? '' },
        opts(userId, request.id),
      );
      const templates = result.templates.map((t) => JSON.parse(t.json));
      return { templates, total: templates.length, categories: result.categories };
    },
  );

  app.post(
    '/api/templates',
    {
      schema: {
        tags: ['templates'],
        summary: "Create one of the company's own templates",
        body: Type.Object({}, { additionalProperties: true, maxProperties: 40 }),
        response: { 201: TemplateDoc, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const created = await clients.project.createTemplate({ userId, json: JSON.stringify(request.body) }, opts(userId, request.id));
      return reply.status(201).send(JSON.parse(created.json));
    },
  );
}
