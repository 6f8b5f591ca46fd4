// The education centre (docs/education.md): the training videos and manuals our exporter renders
// from our own courses, for anyone signed in. media-render keeps the library and says where a file
// is; the gateway streams it from object storage, with byte ranges so the video player can seek.
import { Type } from 'typebox';
import { EDUCATION_FORMATS, EDUCATION_STATUSES } from '@trainwright/catalogue';
import type { ObjectStorage } from '@trainwright/platform';
import type { GatewayContext } from '../../context.js';
import { ErrorMessageFields, errorMessageJson, errorResponses } from '../../schemas/common.js';
import { sendFile } from '../../plugins/send-file.js';
import { signedIn } from '../../lib/signed-in.js';

const FileParams = Type.Object({ slug: Type.String({ pattern: '^[a-z0-9-]{1,60}$' }), format: Type.Union(EDUCATION_FORMATS.map((f) => Type.Literal(f))) });
const FileQuery = Type.Object({ download: Type.Optional(Type.Boolean()) });

const CourseJson = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  language: Type.String(),
  slide_count: Type.Integer(),
  has_video: Type.Boolean(),
  has_manual: Type.Boolean(),
  duration_seconds: Type.Integer(),
  files: Type.Array(Type.Object({ format: Type.String(), size: Type.Integer(), url: Type.String() })),
});
const LibraryJson = Type.Object({
  status: Type.Union(EDUCATION_STATUSES.map((s) => Type.Literal(s))),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  error: Type.Optional(Type.String()),
  ...ErrorMessageFields,
  courses: Type.Array(CourseJson),
});

const fileUrl = (slug: string, format: string) => `/api/education/${encodeURIComponent(slug)}/${format}`;

export function educationRoutes({ app, clients }: GatewayContext, storage: ObjectStorage) {
  app.get(
    '/api/education',
    {
      schema: {
        tags: ['education'],
        summary: "The education centre's training videos and manuals, with the library's state (the first visit starts their render, with its progress)",
        response: { 200: LibraryJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const library = await clients.media.getEducationLibrary({ userId }, call);
      return {
        status: library.status as (typeof EDUCATION_STATUSES)[number],
        progress: library.progress,
        ...(library.error ? { error: library.error, ...errorMessageJson(library.errorMessage) } : {}),
        courses: library.courses.map((c) => ({
          slug: c.slug,
          title: c.title,
          language: c.language,
          slide_count: c.slideCount,
          has_video: c.hasVideo,
          has_manual: c.hasManual,
          duration_seconds: c.durationSeconds,
          files: c.files.map((f) => ({ format: f.format, size: f.size, url: fileUrl(c.slug, f.format) })),
        })),
      };
    },
  );

  app.get(
    '/api/education/:slug/:format',
    {
      schema: {
        tags: ['education'],
        summary: 'A training video (mp4, played inline; byte ranges supported), its subtitles (vtt) or a manual (pdf, docx); ?download=true saves it',
        params: FileParams,
        querystring: FileQuery,
        response: { ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { slug, format } = request.params as Type.Static<typeof FileParams>;
      const { download = false } = request.query as Type.Static<typeof FileQuery>;
      const target = await clients.media.openEducationFile({ userId, slug, format }, call);
      const inline = !download && (format === 'mp4' || format === 'vtt' || format === 'pdf');
      return sendFile(storage, request.headers.range, target, inline ? 'inline' : 'attachment', reply);
    },
  );
}
