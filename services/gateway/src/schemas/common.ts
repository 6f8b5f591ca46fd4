import { Type, type TSchema } from 'typebox';
import { INTERFACE_LANGUAGES, type MessageParam } from '@trainwright/catalogue';
import { messageFromProto } from '@trainwright/platform';
import type { MessageRef as ProtoMessageRef } from '@trainwright/proto/trainwright/messages/v1/messages';

export const ErrorBody = Type.Object(
  {
    code: Type.String(),
    message: Type.String(),
    detail: Type.Optional(Type.Unknown()),
    message_id: Type.Optional(Type.String({ description: 'The catalogue message, `<namespace>.<key>`, for a client to show in its own language' })),
    params: Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]), { description: "The message's arguments, in order" })),
  },
  { $id: 'Error', description: 'Every error: a stable code, a human message, optional detail; a catalogue message also by id.' },
);

export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  413: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
};

/** The schema, or null. */
export const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);

/** A request string of at most `max` characters: every string a client sends has a bound. */
export const Str = (max: number) => Type.String({ maxLength: max });

/** An email's language (an invitation, a support ticket's confirmation). */
export const InterfaceLanguage = Type.Union(INTERFACE_LANGUAGES.map((l) => Type.Literal(l)));

/** What a protobuf int32 carries: a request integer outside it would not reach a service intact. */
export const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 } as const;

/**
 * A request integer carried as int32: every integer a client sends has the bounds of its field
 * (`minimum`, `maximum`, default int32's own). `message`: the specification's text for a value
 * outside them (plugins/errors.ts answers it; otherwise "<field> must be a whole number from a to b").
 */
export const Int32 = ({ minimum = INT32.min, maximum = INT32.max, message }: { minimum?: number; maximum?: number; message?: string } = {}) =>
  Type.Integer({ minimum: Math.max(minimum, INT32.min), maximum: Math.min(maximum, INT32.max), ...(message ? { 'x-message': message } : {}) });

export const Limits = Type.Object({
  projectLimit: Type.Integer(),
  userLimit: Type.Integer(),
  companyLimit: Type.Integer(),
  storageGB: Type.Integer(),
  videoCredits: Type.Integer(),
  trialDays: Type.Integer(),
  downloadLimit: Type.Integer(),
  fileUploadLimitMB: Type.Integer(),
  dataRetentionDays: Type.Integer(),
  aiGeneratorMethods: Type.Array(Type.String()),
  templateCount: Type.Integer(),
  languages: Type.Array(Type.String()),
  videoRatePerMinute: Type.Union([Type.Number(), Type.Null()]),
});

// additionalProperties rather than Type.Record's patternProperties '^.*$': the same JSON, without a
// regular-expression test per key when fast-json-stringify writes a User.
export const Capabilities = Type.Object({}, { additionalProperties: Type.Boolean() });

export const Notifications = Type.Object(
  {
    projectUpdates: Type.Boolean(),
    marketingEmails: Type.Boolean(),
    systemAlerts: Type.Boolean(),
  },
  { additionalProperties: false },
);

export const User = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    company: Type.String(),
    bio: Type.String(),
    currentCompanyId: Type.String(),
    role: Type.String(),
    notifications: Notifications,
    subscription: Type.Object({
      tier: Type.String(),
      plan: Type.String(),
      projectsUsed: Type.Integer(),
      createdAt: Type.String(),
      selectedTier: Type.String(),
      addOns: Type.Array(Type.String()),
      limits: Limits,
    }),
    capabilities: Capabilities,
    created_at: Type.String(),
  },
  { $id: 'User' },
);

export const Company = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    website: Type.String(),
    logo_url: Type.String(),
    subscription_tier: Type.String(),
    current_users: Type.Integer(),
    max_users: Type.Integer(),
    current_projects: Type.Integer(),
    created_at: Type.String(),
    role: Type.String(),
  },
  { $id: 'Company' },
);

export const SessionResponse = Type.Object({
  token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  user: User,
});

const MessageId = Type.Optional(Type.String({ description: 'The catalogue message the text beside it is, `<namespace>.<key>`, for a client to show in its own language' }));
const MessageParams = Type.Optional(Type.Array(Type.Union([Type.String(), Type.Number()]), { description: "The message's arguments, in order" }));

/** Beside a stored failure's `error` text: the catalogue message it is (absent: a text of its own). */
export const ErrorMessageFields = { error_message_id: MessageId, error_params: MessageParams };
/** Beside a project's `video_error`: the catalogue message it is. */
export const VideoErrorMessageFields = { video_error_message_id: MessageId, video_error_params: MessageParams };

/** ErrorMessageFields of a message a service answered or an event carried. */
export function errorMessageJson(message: ProtoMessageRef | undefined): { error_message_id?: string; error_params?: MessageParam[] } {
  const ref = messageFromProto(message);
  return ref ? { error_message_id: ref.id, error_params: ref.params } : {};
}

/** VideoErrorMessageFields of a project's video failure. */
export function videoErrorMessageJson(message: ProtoMessageRef | undefined): { video_error_message_id?: string; video_error_params?: MessageParam[] } {
  const ref = messageFromProto(message);
  return ref ? { video_error_message_id: ref.id, video_error_params: ref.params } : {};
}
