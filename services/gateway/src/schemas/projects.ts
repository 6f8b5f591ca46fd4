// Project shapes more than one route reads: the generator's create takes the same branding and
// voice as the project form, and the quality routes address projects by the same id.
import { Type } from 'typebox';
import { PROJECT_LIMITS } from '@trainwright/catalogue';
import { VoiceSelection } from '@trainwright/proto/trainwright/project/v1/project';
import { Str } from './common.js';

export const IdParams = Type.Object({ id: Str(100) });

export const BrandingBody = Type.Object(
  { company_name: Type.Optional(Str(PROJECT_LIMITS.brandingText)), logo_url: Type.Optional(Str(PROJECT_LIMITS.url)), website: Type.Optional(Str(PROJECT_LIMITS.url)) },
  { additionalProperties: false },
);

export const VoiceBody = Type.Object({ voice_id: Str(PROJECT_LIMITS.voiceId), name: Str(PROJECT_LIMITS.voiceName), category: Str(PROJECT_LIMITS.voiceCategory) }, { additionalProperties: false });

/** Branding as a project (or its share view) answers it; `logo_path` serves the logo we keep (null: no logo URL). */
export const Branding = Type.Union([
  Type.Object({ company_name: Type.String(), logo_url: Type.String(), website: Type.String(), logo_path: Type.Union([Type.String(), Type.Null()]) }),
  Type.Null(),
]);

/** How a new project is rendered, as both doors that create one take it (the create form and the
 * generator methods). */
export const RenderSettingsBody = {
  visual_format: Type.Optional(Str(20)),
  document_format: Type.Optional(Str(20)),
  template_id: Type.Optional(Type.Union([Str(100), Type.Null()])),
  font_style: Type.Optional(Str(20)),
  image_style: Type.Optional(Str(20)),
  burn_subtitles: Type.Optional(Type.Boolean()),
  voice_selection: Type.Optional(Type.Union([VoiceBody, Type.Null()])),
};
const RenderSettings = Type.Object(RenderSettingsBody);

/** RenderSettingsBody as the project service's CreateProjectRequest takes it. */
export function renderSettingsOf(b: Type.Static<typeof RenderSettings>) {
  return {
    visualFormat: b.visual_format ?? '',
    documentFormat: b.document_format ?? '',
    fontStyle: b.font_style ?? '',
    imageStyle: b.image_style ?? '',
    burnSubtitles: b.burn_subtitles ?? false,
    voiceSelection: b.voice_selection ? VoiceSelection.fromJSON(b.voice_selection) : undefined,
    templateId: b.template_id ?? '',
  };
}
