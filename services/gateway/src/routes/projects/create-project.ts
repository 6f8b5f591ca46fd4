// POST /api/projects: a project from the create form. The project service validates it and checks
// the plan and the voice.
import { Type } from 'typebox';
import { PROJECT_LIMITS as L } from '@trainwright/catalogue';
import { Branding as ProtoBranding } from '@trainwright/proto/trainwright/project/v1/project';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { BrandingBody, RenderSettingsBody, renderSettingsOf } from '../../schemas/projects.js';
import { signedIn } from '../../lib/signed-in.js';

/** Field limits come from the catalogue, as the project service's validation reads them. */
const CreateProjectBody = Type.Object(
  {
    title: Str(L.title),
    description: Type.Optional(Str(L.description)),
    project_type: Type.Optional(Str(40)),
    input_method: Type.Optional(Str(10)),
    script_content: Type.Optional(Str(L.content)),
    slides_content: Type.Optional(Str(L.content)),
    software_details: Type.Optional(Str(L.softwareDetails)),
    ...RenderSettingsBody,
    include_branding: Type.Optional(Type.Boolean()),
    company_name: Type.Optional(Str(L.brandingText)),
    logo_url: Type.Optional(Str(L.url)),
    website: Type.Optional(Str(L.url)),
    branding: Type.Optional(Type.Union([BrandingBody, Type.Null()])),
    ai_instructions: Type.Optional(Str(L.aiInstructions)),
    file_ids: Type.Optional(Type.Array(Str(64), { maxItems: 20 })),
    company_id: Type.Optional(Str(64)),
  },
  { additionalProperties: false },
);
type CreateProjectInput = Type.Static<typeof CreateProjectBody>;

/** The project service's request; the form sends branding either flat (company_name, logo_url, website) or as an object. */
function createRequest(userId: string, b: CreateProjectInput) {
  const branding = b.branding ?? { company_name: b.company_name, logo_url: b.logo_url, website: b.website };
  return {
    userId,
    companyId: b.company_id ?? '',
    title: b.title,
    description: b.description ?? '',
    projectType: b.project_type ?? '',
    inputMethod: b.input_method ?? '',
    scriptContent: b.script_content ?? '',
    slidesContent: b.slides_content ?? '',
    softwareDetails: b.software_details ?? '',
    ...renderSettingsOf(b),
    includeBranding: b.branding === null ? false : (b.include_branding ?? true),
    branding: ProtoBranding.fromJSON(branding),
    aiInstructions: b.ai_instructions ?? '',
    fileIds: b.file_ids ?? [],
    generatorType: '',
    requestData: undefined,
    derivedFromProjectId: '',
  };
}

export function createProjectRoute({ app, clients }: GatewayContext) {
  app.post(
    '/api/projects',
    { schema: { tags: ['projects'], summary: 'Create a project', body: CreateProjectBody, response: { 201: Type.Object({ id: Type.String(), title: Type.String() }), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const created = await clients.project.createProject(createRequest(userId, request.body as CreateProjectInput), call);
      return reply.status(201).send(created);
    },
  );
}
