// One project: read it, edit it (the project service checks a voice named as on create), delete it
// (with its files).
import { Type } from 'typebox';
import { PROJECT_LIMITS as L } from '@trainwright/catalogue';
import { Branding as ProtoBranding, VoiceSelection } from '@trainwright/proto/trainwright/project/v1/project';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { projectJson } from '../../schemas/mappers.js';
import { BrandingBody, IdParams, VoiceBody } from '../../schemas/projects.js';
import { signedIn } from '../../lib/signed-in.js';
import { Project } from './shapes.js';

const UpdateProjectBody = Type.Object(
  {
    title: Type.Optional(Str(L.title)),
    description: Type.Optional(Str(L.description)),
    script_content: Type.Optional(Str(L.content)),
    slides_content: Type.Optional(Str(L.content)),
    generated_slides: Type.Optional(Str(L.content)),
    generated_script: Type.Optional(Str(L.content)),
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

export function oneProjectRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/projects/:id',
    { schema: { tags: ['projects'], summary: 'One project', params: IdParams, response: { 200: Project, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      return projectJson(await clients.project.getProject({ userId, projectId: id }, call));
    },
  );

  app.patch(
    '/api/projects/:id',
    { schema: { tags: ['projects'], summary: 'Edit a project', params: IdParams, body: UpdateProjectBody, response: { 200: Project, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const b = request.body as Type.Static<typeof UpdateProjectBody>;
      const updated = await clients.project.updateProject(
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
        call,
      );
      return projectJson(updated);
    },
  );

  app.delete(
    '/api/projects/:id',
    { schema: { tags: ['projects'], summary: 'Delete a project and its files', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      await clients.project.deleteProject({ userId, projectId: id }, call);
      return reply.status(204).send();
    },
  );
}
