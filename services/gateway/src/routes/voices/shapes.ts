// A voice as the library answers it: its labels, the plan that unlocks it and whether the caller's
// company's plan does.
import { Type } from 'typebox';

export const Voice = Type.Object(
  {
    voice_id: Type.String(),
    name: Type.String(),
    category: Type.String(),
    description: Type.String(),
    settings: Type.Record(Type.String(), Type.Unknown()),
    is_premium: Type.Boolean(),
    labels: Type.Object({ gender: Type.String(), age: Type.String(), accent: Type.String(), language: Type.String() }),
    tier: Type.String(),
    locked: Type.Boolean(),
    locked_message: Type.String(),
  },
  { $id: 'Voice' },
);
