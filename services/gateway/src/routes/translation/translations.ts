// A project's translations: the overview, starting translations, one with its content, a slide
// edited by hand, deleting one, and making a translated language the primary one.
import { Type } from 'typebox';
import { TRANSLATION_MESSAGES } from '@trainwright/catalogue';
import type { GatewayContext } from '../../context.js';
import { Int32, Str, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';
import { Language, LanguageParams, OverviewJson, ProjectParams, StartedJson, TranslationJson, overviewJson, translationJson } from './shapes.js';

const SlideParams = Type.Object({ id: Str(100), language: Language, index: Int32({ minimum: 0, maximum: 10_000 }) });

/** The body the specification's client sends: the languages, and the content it shows (the service translates the stored content). */
const BulkTranslateBody = Type.Object(
  {
    target_languages: Type.Array(Str(10), { maxItems: 50 }),
    content: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false },
);

const PrimaryBody = Type.Object({ primary_language: Str(10) }, { additionalProperties: false });

const SlideBody = Type.Object(
  {
    title: Str(500),
    points: Type.Array(Str(2000), { maxItems: 100 }),
    notes: Type.Optional(Str(20_000)),
    version: Int32({ minimum: 0 }),
  },
  { additionalProperties: false },
);

export function translationsRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/projects/:id/translations',
    { schema: { tags: ['translation'], summary: "A project's translations, languages and what the engine can do", params: ProjectParams, response: { 200: OverviewJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof ProjectParams>;
      return overviewJson(await clients.translation.listTranslations({ userId, projectId: id, language: '' }, call));
    },
  );

  app.post(
    '/api/projects/:id/bulk-translate',
    {
      schema: {
        tags: ['translation'],
        summary: 'Translate the project into each language (in the background, one job per language)',
        params: ProjectParams,
        body: BulkTranslateBody,
        response: { 202: StartedJson, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof ProjectParams>;
      const body = request.body as Type.Static<typeof BulkTranslateBody>;
      const started = await clients.translation.startTranslations({ userId, projectId: id, targetLanguages: body.target_languages }, call);
      return reply.code(202).send({ message: TRANSLATION_MESSAGES.started, ...overviewJson(started) });
    },
  );

  app.get(
    '/api/projects/:id/translations/:language',
    { schema: { tags: ['translation'], summary: 'One translation with its content', params: LanguageParams, response: { 200: TranslationJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id, language } = request.params as Type.Static<typeof LanguageParams>;
      return translationJson(await clients.translation.getTranslation({ userId, projectId: id, language }, call));
    },
  );

  app.patch(
    '/api/projects/:id/translations/:language/slides/:index',
    {
      schema: {
        tags: ['translation'],
        summary: 'Edit one translated slide by hand (title, points, notes)',
        params: SlideParams,
        body: SlideBody,
        response: { 200: TranslationJson, ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id, language, index } = request.params as Type.Static<typeof SlideParams>;
      const b = request.body as Type.Static<typeof SlideBody>;
      const edited = await clients.translation.updateTranslatedSlide(
        { userId, projectId: id, language, slideIndex: index, title: b.title, points: b.points, notes: b.notes ?? '', version: b.version },
        call,
      );
      return translationJson(edited);
    },
  );

  app.delete(
    '/api/projects/:id/translations/:language',
    {
      schema: {
        tags: ['translation'],
        summary: 'Delete a translation (its files go with it)',
        params: LanguageParams,
        response: { 200: Type.Object({ message: Type.String(), language: Type.String() }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id, language } = request.params as Type.Static<typeof LanguageParams>;
      const removed = await clients.translation.deleteTranslation({ userId, projectId: id, language }, call);
      return { message: TRANSLATION_MESSAGES.deleted(removed.language), language: removed.language };
    },
  );

  app.post(
    '/api/projects/:id/set-primary-language',
    {
      schema: {
        tags: ['translation'],
        summary: "Make a translated language the project's primary language",
        params: ProjectParams,
        body: PrimaryBody,
        response: { 200: Type.Object({ message: Type.String(), primary_language: Type.String(), available_languages: Type.Array(Type.String()) }), ...errorResponses },
      },
    },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof ProjectParams>;
      const { primary_language } = request.body as Type.Static<typeof PrimaryBody>;
      const r = await clients.translation.setPrimaryLanguage({ userId, projectId: id, language: primary_language }, call);
      return { message: TRANSLATION_MESSAGES.primarySet(r.primaryLanguage), primary_language: r.primaryLanguage, available_languages: r.availableLanguages };
    },
  );
}
