// What both generator creates send: the body, and the ai_content_generator project it becomes
// (the project service validates it, checks the plan and the voice, and enqueues its generation job).
import { Type } from 'typebox';
import { Branding } from '@trainwright/proto/trainwright/project/v1/project';
import type { ServiceClients } from '../../clients.js';
import { Str } from '../../schemas/common.js';
import { BrandingBody, RenderSettingsBody, renderSettingsOf } from '../../schemas/projects.js';
import type { SignedIn } from '../../lib/signed-in.js';

export const GeneratorBody = Type.Object(
  {
    generator_type: Str(40),
    request_data: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    project_name: Str(10_000),
    branding: Type.Optional(Type.Union([BrandingBody, Type.Null()])),
    company_id: Type.Optional(Str(64)),
    description: Type.Optional(Str(20_000)),
    ...RenderSettingsBody,
    ai_instructions: Type.Optional(Str(20_000)),
  },
  { additionalProperties: false },
);
export type GeneratorInput = Type.Static<typeof GeneratorBody>;

export const Created = Type.Object({
  project_id: Type.String(),
  title: Type.String(),
  file: Type.Optional(Type.Object({ id: Type.String(), filename: Type.String(), size: Type.Integer() })),
});

/** Creates the generator's project from the body and the files uploaded with it. */
export async function createGeneratorProject(clients: ServiceClients, { userId, call }: SignedIn, b: GeneratorInput, fileIds: string[]) {
  return clients.project.createProject(
    {
      userId,
      companyId: b.company_id ?? '',
      title: b.project_name,
      description: b.description ?? '',
      projectType: 'ai_content_generator',
      inputMethod: fileIds.length > 0 ? 'file' : 'text',
      scriptContent: '',
      slidesContent: '',
      softwareDetails: '',
      ...renderSettingsOf(b),
      includeBranding: b.branding !== null,
      branding: Branding.fromJSON(b.branding ?? {}),
      aiInstructions: b.ai_instructions ?? '',
      fileIds,
      generatorType: b.generator_type,
      requestData: b.request_data ?? {},
      derivedFromProjectId: '',
    },
    call,
  );
}
