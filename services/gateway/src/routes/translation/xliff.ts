// XLIFF 2.0 out (for a review by a translation agency) and the reviewed document back in.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { GatewayContext } from '../../context.js';
import { errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { LanguageParams, TranslationJson, translationJson } from './shapes.js';

/** The largest XLIFF document an import takes (the service parses it bounded). */
const XLIFF_MAX_BYTES = 10 * 1024 * 1024;
const XML_TYPES = ['application/xliff+xml', 'application/xml', 'text/xml'];

export function xliffRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/projects/:id/translations/:language/xliff',
    { schema: { tags: ['translation'], summary: 'The translation as XLIFF 2.0 (for a review by a translation agency)', params: LanguageParams, produces: ['application/xliff+xml'] } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id, language } = request.params as Type.Static<typeof LanguageParams>;
      const doc = await clients.translation.exportXliff({ userId, projectId: id, language }, call);
      return reply
        .header('content-type', 'application/xliff+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${doc.filename.replace(/[^\w.-]/g, '_')}"`)
        .send(doc.xml);
    },
  );

  // The import takes the XLIFF document as the body (its own parser: XML as text, bounded).
  app.register(async (scope: FastifyInstance) => {
    scope.addContentTypeParser(XML_TYPES, { parseAs: 'string', bodyLimit: XLIFF_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.put(
      '/api/projects/:id/translations/:language/xliff',
      {
        bodyLimit: XLIFF_MAX_BYTES,
        schema: {
          tags: ['translation'],
          summary: 'Import a reviewed XLIFF 2.0 document into the translation',
          params: LanguageParams,
          consumes: XML_TYPES,
          response: { 200: TranslationJson, ...errorResponses },
        },
      },
      async (request) => {
        const { userId, call } = signedIn(request);
        const { id, language } = request.params as Type.Static<typeof LanguageParams>;
        const xml = typeof request.body === 'string' ? request.body : '';
        return translationJson(await clients.translation.importXliff({ userId, projectId: id, language, xml }, call));
      },
    );
  });
}
