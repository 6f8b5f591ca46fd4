// Translation: a project's translations (list, start, read, edit a slide, delete, XLIFF out and
// in), its primary language, and the company glossary. Every call goes to the translation
// service, which checks tenancy, roles and the plan's languages.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { TRANSLATION_MESSAGES } from '@trainwright/catalogue';
import { contentFromMessage } from '@trainwright/platform';
import type { GlossaryTerm, ListTranslationsResponse, Translation, TranslationSummary } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { GatewayContext } from '../context.js';
import { Int32, Str, errorResponses } from '../schemas/common.js';
import { callerOf } from '../plugins/session.js';

const Language = Type.String({ pattern: '^[a-z]{2}$', maxLength: 2 });
const ProjectParams = Type.Object({ id: Str(100) });
const LanguageParams = Type.Object({ id: Str(100), language: Language });
const SlideParams = Type.Object({ id: Str(100), language: Language, index: Int32({ minimum: 0, maximum: 10_000 }) });
const CompanyParams = Type.Object({ companyId: Str(100) });
const TermParams = Type.Object({ companyId: Str(100), termId: Str(100) });

const SummaryJson = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  company_id: Type.String(),
  target_language: Type.String(),
  source_language: Type.String(),
  status: Type.String(),
  progress: Type.Integer(),
  engine: Type.String(),
  error: Type.String(),
  source_version: Type.Integer(),
  stale: Type.Boolean(),
  version: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  warnings: Type.Array(Type.String()),
  /** Words the engine left untranslated ({word, language}); needs_review: completed with some. */
  unknown_words: Type.Array(Type.Object({ word: Type.String(), language: Type.String() })),
  needs_review: Type.Boolean(),
});

const overviewFields = {
  translations: Type.Array(SummaryJson),
  primary_language: Type.String(),
  available_languages: Type.Array(Type.String()),
  engine: Type.String(),
  capabilities: Type.Array(Type.Object({ language: Type.String(), supported: Type.Boolean(), reason: Type.String(), reason_code: Type.String() })),
};
const OverviewJson = Type.Object(overviewFields);
const StartedJson = Type.Object({ message: Type.String(), ...overviewFields });

const TranslationJson = Type.Object({
  summary: SummaryJson,
  title: Type.String(),
  description: Type.String(),
  slides_content: Type.String(),
  script_content: Type.String(),
  generated_content: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
});

const TermJson = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  term: Type.String(),
  source_language: Type.String(),
  target_language: Type.String(),
  translation: Type.String(),
  case_sensitive: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});

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

const TermBody = Type.Object(
  {
    term: Str(1000),
    source_language: Type.Optional(Str(10)),
    target_language: Type.Optional(Str(10)),
    translation: Type.Optional(Str(1000)),
    case_sensitive: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The largest XLIFF document an import takes (the service parses it bounded). */
const XLIFF_MAX_BYTES = 10 * 1024 * 1024;
const XML_TYPES = ['application/xliff+xml', 'application/xml', 'text/xml'];

function summaryJson(s: TranslationSummary) {
  return {
    id: s.id,
    project_id: s.projectId,
    company_id: s.companyId,
    target_language: s.targetLanguage,
    source_language: s.sourceLanguage,
    status: s.status,
    progress: s.progress,
    engine: s.engine,
    error: s.error,
    source_version: s.sourceVersion,
    stale: s.stale,
    version: s.version,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    warnings: s.warnings,
    unknown_words: s.unknownWords.map((u) => ({ word: u.word, language: u.language })),
    needs_review: s.needsReview,
  };
}

const overviewJson = (o: ListTranslationsResponse) => ({
  translations: o.translations.map(summaryJson),
  primary_language: o.primaryLanguage,
  available_languages: o.availableLanguages,
  engine: o.engine,
  capabilities: o.capabilities.map((c) => ({ language: c.language, supported: c.supported, reason: c.reason, reason_code: c.reasonCode })),
});

const translationJson = (t: Translation) => ({
  summary: summaryJson(t.summary!),
  title: t.title,
  description: t.description,
  slides_content: t.slidesContent,
  script_content: t.scriptContent,
  generated_content: t.generatedContent ? contentFromMessage(t.generatedContent) : null,
});

const termJson = (t: GlossaryTerm) => ({
  id: t.id,
  company_id: t.companyId,
  term: t.term,
  source_language: t.sourceLanguage,
  target_language: t.targetLanguage,
  translation: t.translation,
  case_sensitive: t.caseSensitive,
  created_at: t.createdAt,
  updated_at: t.updatedAt,
});

/** The term's fields from a body; a PATCH leaves the fields it omits as they are (`current`). */
const termInput = (b: Partial<Type.Static<typeof TermBody>>, current?: GlossaryTerm) => ({
  term: b.term ?? current?.term ?? '',
  sourceLanguage: b.source_language ?? current?.sourceLanguage ?? 'en',
  targetLanguage: b.target_language ?? current?.targetLanguage ?? '',
  translation: b.translation ?? current?.translation ?? '',
  caseSensitive: b.case_sensitive ?? current?.caseSensitive ?? false,
});

const TermPatchBody = Type.Partial(TermBody, { additionalProperties: false });

export function translationRoutes({ app, clients }: GatewayContext) {
  const translation = clients.translation;
  const opts = (userId: string, requestId: string) => ({ userId, requestId });

  app.get(
    '/api/projects/:id/translations',
    { schema: { tags: ['translation'], summary: "A project's translations, languages and what the engine can do", params: ProjectParams, response: { 200: OverviewJson, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof ProjectParams>;
      return overviewJson(await translation.listTranslations({ userId, projectId: id, language: '' }, opts(userId, request.id)));
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
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof ProjectParams>;
      const body = request.body as Type.Static<typeof BulkTranslateBody>;
      const started = await translation.startTranslations({ userId, projectId: id, targetLanguages: body.target_languages }, opts(userId, request.id));
      return reply.code(202).send({ message: TRANSLATION_MESSAGES.started, ...overviewJson(started) });
    },
  );

  app.get(
    '/api/projects/:id/translations/:language',
    { schema: { tags: ['translation'], summary: 'One translation with its content', params: LanguageParams, response: { 200: TranslationJson, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { id, language } = request.params as Type.Static<typeof LanguageParams>;
      return translationJson(await translation.getTranslation({ userId, projectId: id, language }, opts(userId, request.id)));
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
      const { userId } = callerOf(request);
      const { id, language, index } = request.params as Type.Static<typeof SlideParams>;
      const b = request.body as Type.Static<typeof SlideBody>;
      const edited = await translation.updateTranslatedSlide(
        { userId, projectId: id, language, slideIndex: index, title: b.title, points: b.points, notes: b.notes ?? '', version: b.version },
        opts(userId, request.id),
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
      const { userId } = callerOf(request);
      const { id, language } = request.params as Type.Static<typeof LanguageParams>;
      const removed = await translation.deleteTranslation({ userId, projectId: id, language }, opts(userId, request.id));
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
      const { userId } = callerOf(request);
      const { id } = request.params as Type.Static<typeof ProjectParams>;
      const { primary_language } = request.body as Type.Static<typeof PrimaryBody>;
      const r = await translation.setPrimaryLanguage({ userId, projectId: id, language: primary_language }, opts(userId, request.id));
      return { message: TRANSLATION_MESSAGES.primarySet(r.primaryLanguage), primary_language: r.primaryLanguage, available_languages: r.availableLanguages };
    },
  );

  app.get(
    '/api/projects/:id/translations/:language/xliff',
    { schema: { tags: ['translation'], summary: 'The translation as XLIFF 2.0 (for a review by a translation agency)', params: LanguageParams, produces: ['application/xliff+xml'] } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { id, language } = request.params as Type.Static<typeof LanguageParams>;
      const doc = await translation.exportXliff({ userId, projectId: id, language }, opts(userId, request.id));
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
        const { userId } = callerOf(request);
        const { id, language } = request.params as Type.Static<typeof LanguageParams>;
        const xml = typeof request.body === 'string' ? request.body : '';
        return translationJson(await translation.importXliff({ userId, projectId: id, language, xml }, opts(userId, request.id)));
      },
    );
  });

  app.get(
    '/api/companies/:companyId/glossary',
    { schema: { tags: ['translation'], summary: "The company's glossary", params: CompanyParams, response: { 200: Type.Object({ terms: Type.Array(TermJson) }), ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { companyId } = request.params as Type.Static<typeof CompanyParams>;
      const { terms } = await translation.listGlossary({ userId, companyId }, opts(userId, request.id));
      return { terms: terms.map(termJson) };
    },
  );

  app.post(
    '/api/companies/:companyId/glossary',
    { schema: { tags: ['translation'], summary: 'Add a glossary term', params: CompanyParams, body: TermBody, response: { 201: TermJson, ...errorResponses } } },
    async (request, reply) => {
      const { userId } = callerOf(request);
      const { companyId } = request.params as Type.Static<typeof CompanyParams>;
      const term = await translation.createGlossaryTerm({ userId, companyId, id: '', ...termInput(request.body as Type.Static<typeof TermBody>) }, opts(userId, request.id));
      return reply.code(201).send(termJson(term));
    },
  );

  app.patch(
    '/api/companies/:companyId/glossary/:termId',
    { schema: { tags: ['translation'], summary: 'Change a glossary term (the fields sent)', params: TermParams, body: TermPatchBody, response: { 200: TermJson, ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { companyId, termId } = request.params as Type.Static<typeof TermParams>;
      const { terms } = await translation.listGlossary({ userId, companyId }, opts(userId, request.id));
      const current = terms.find((t) => t.id === termId);
      const body = request.body as Type.Static<typeof TermPatchBody>;
      const term = await translation.updateGlossaryTerm({ userId, companyId, id: termId, ...termInput(body, current) }, opts(userId, request.id));
      return termJson(term);
    },
  );

  app.delete(
    '/api/companies/:companyId/glossary/:termId',
    { schema: { tags: ['translation'], summary: 'Delete a glossary term', params: TermParams, response: { 200: Type.Object({ id: Type.String() }), ...errorResponses } } },
    async (request) => {
      const { userId } = callerOf(request);
      const { companyId, termId } = request.params as Type.Static<typeof TermParams>;
      return translation.deleteGlossaryTerm({ userId, companyId, id: termId }, opts(userId, request.id));
    },
  );
}
