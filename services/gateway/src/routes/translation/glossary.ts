// The company glossary: its terms, adding, changing (the fields sent) and deleting one.
import { Type } from 'typebox';
import type { GlossaryTerm } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { GatewayContext } from '../../context.js';
import { Str, errorResponses } from '../../schemas/common.js';
import { signedIn } from '../../lib/signed-in.js';

const CompanyParams = Type.Object({ companyId: Str(100) });
const TermParams = Type.Object({ companyId: Str(100), termId: Str(100) });

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

const TermPatchBody = Type.Partial(TermBody, { additionalProperties: false });

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

export function glossaryRoutes({ app, clients }: GatewayContext) {
  app.get(
    '/api/companies/:companyId/glossary',
    { schema: { tags: ['translation'], summary: "The company's glossary", params: CompanyParams, response: { 200: Type.Object({ terms: Type.Array(TermJson) }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { companyId } = request.params as Type.Static<typeof CompanyParams>;
      const { terms } = await clients.translation.listGlossary({ userId, companyId }, call);
      return { terms: terms.map(termJson) };
    },
  );

  app.post(
    '/api/companies/:companyId/glossary',
    { schema: { tags: ['translation'], summary: 'Add a glossary term', params: CompanyParams, body: TermBody, response: { 201: TermJson, ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { companyId } = request.params as Type.Static<typeof CompanyParams>;
      const term = await clients.translation.createGlossaryTerm({ userId, companyId, id: '', ...termInput(request.body as Type.Static<typeof TermBody>) }, call);
      return reply.code(201).send(termJson(term));
    },
  );

  app.patch(
    '/api/companies/:companyId/glossary/:termId',
    { schema: { tags: ['translation'], summary: 'Change a glossary term (the fields sent)', params: TermParams, body: TermPatchBody, response: { 200: TermJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { companyId, termId } = request.params as Type.Static<typeof TermParams>;
      const { terms } = await clients.translation.listGlossary({ userId, companyId }, call);
      const current = terms.find((t) => t.id === termId);
      const body = request.body as Type.Static<typeof TermPatchBody>;
      const term = await clients.translation.updateGlossaryTerm({ userId, companyId, id: termId, ...termInput(body, current) }, call);
      return termJson(term);
    },
  );

  app.delete(
    '/api/companies/:companyId/glossary/:termId',
    { schema: { tags: ['translation'], summary: 'Delete a glossary term', params: TermParams, response: { 200: Type.Object({ id: Type.String() }), ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { companyId, termId } = request.params as Type.Static<typeof TermParams>;
      return clients.translation.deleteGlossaryTerm({ userId, companyId, id: termId }, call);
    },
  );
}
