// Project shapes more than one route reads: the generator's create takes the same branding and
// voice as the project form, and the quality routes address projects by the same id.
import { Type } from 'typebox';
import { PROJECT_LIMITS } from '@trainwright/catalogue';
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
