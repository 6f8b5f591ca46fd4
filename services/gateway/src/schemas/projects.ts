// Project shapes more than one route reads: the generator's create takes the same branding and
// voice as the project form, and the quality routes address projects by the same id.
import { Type } from 'typebox';
import { Str } from './common.js';

export const IdParams = Type.Object({ id: Str(100) });

export const BrandingBody = Type.Object(
  { company_name: Type.Optional(Str(1000)), logo_url: Type.Optional(Str(4096)), website: Type.Optional(Str(4096)) },
  { additionalProperties: false },
);

export const VoiceBody = Type.Object({ voice_id: Str(200), name: Str(200), category: Str(100) }, { additionalProperties: false });

/** Branding as a project (or its share view) answers it. */
export const Branding = Type.Union([Type.Object({ company_name: Type.String(), logo_url: Type.String(), website: Type.String() }), Type.Null()]);
