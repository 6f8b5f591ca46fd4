// The preview's slides as the exports draw them (media-render's video slide images): their titles,
// and each one as a PNG, for members and through a share link. Never counted as downloads. The
// image URLs carry the slides' version (`?v=`), so a browser may keep an image until the project
// changes.
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '@trainwright/platform';
import type { PreviewSlideImage, PreviewSlides } from '@trainwright/proto/trainwright/media/v1/media';
import type { GatewayContext } from '../../context.js';
import { ErrorBody, Str, errorResponses } from '../../schemas/common.js';
import { IdParams } from '../../schemas/projects.js';
import { shareLimit } from '../../lib/share-limit.js';
import { signedIn } from '../../lib/signed-in.js';
import { sendImage } from './send-image.js';
import { TokenParams } from './share-links.js';

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

export function previewSlideRoutes({ app, clients, config }: GatewayContext) {
  const sharedLimit = shareLimit(config);

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
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      const { language = '' } = request.query as Type.Static<typeof LanguageQuery>;
      const list = await clients.media.listPreviewSlides({ userId, projectId: id, shareToken: '', language }, call);
      void reply.header('cache-control', 'private, no-store');
      return slideList(list, `/api/projects/${encodeURIComponent(id)}/preview/slides`, language);
    },
  );

  app.get(
    '/api/projects/:id/preview/slides/:n',
    { schema: { tags: ['projects'], summary: 'One preview slide as a 1280x720 PNG (0: the title card)', params: SlideParams, querystring: MemberSlideQuery, response: { ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id, n } = request.params as Type.Static<typeof SlideParams>;
      const { v, language = '' } = request.query as Type.Static<typeof MemberSlideQuery>;
      const position = slidePosition(n);
      const image = await clients.media.previewSlide({ userId, projectId: id, shareToken: '', position, language }, call);
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
}
