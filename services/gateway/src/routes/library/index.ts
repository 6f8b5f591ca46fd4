// The company library (docs/library.md): documents added as a file (multipart), a web page or a
// pasted text, listed, removed and searched. The project service decides tenancy and roles and
// keeps the passages; the generator reads the material.
import { Type } from 'typebox';
import { LIBRARY_KINDS, LIBRARY_LIMITS } from '@trainwright/catalogue';
import { AppError, type ObjectStorage } from '@trainwright/platform';
import type { LibraryDocument } from '@trainwright/proto/trainwright/project/v1/project';
import type { GatewayContext } from '../../context.js';
import { signedIn, type SignedIn } from '../../lib/signed-in.js';
import { ownerStorageOf, uploadTimeouts, uploadsLimitOf, type UploadReceiver } from '../../lib/upload-receiver.js';
import { Int32, Str, errorResponses } from '../../schemas/common.js';

const DocumentJson = Type.Object({
  id: Type.String(),
  company_id: Type.String(),
  title: Type.String(),
  kind: Type.Union(LIBRARY_KINDS.map((k) => Type.Literal(k))),
  source: Type.String(),
  size: Type.Integer(),
  passages: Type.Integer(),
  language: Type.String(),
  created_at: Type.String(),
  project_id: Type.Union([Type.String(), Type.Null()]),
});
const DocumentsJson = Type.Object({
  documents: Type.Array(DocumentJson),
  total: Type.Integer(),
  total_size: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});
/** The JSON form's fields, checked here: the route also takes multipart, so it has no body schema. */
const JSON_FIELDS = { company_id: 100, title: LIBRARY_LIMITS.title * 2, url: 2048, text: LIBRARY_LIMITS.text } as const;
type JsonBody = Partial<Record<keyof typeof JSON_FIELDS, string>>;

function jsonBody(body: unknown): JsonBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw AppError.validation('body', 'Send a JSON object with url, or title and text.');
  for (const [key, value] of Object.entries(body)) {
    const max = JSON_FIELDS[key as keyof typeof JSON_FIELDS];
    if (max === undefined) throw AppError.validation(key, `${key} is not a field of a library document`);
    if (typeof value !== 'string') throw AppError.validation(key, `${key} must be text`);
    if (value.length > max) throw AppError.validation(key, `${key} can be at most ${max.toLocaleString('en-US')} characters`);
  }
  return body as JsonBody;
}
const ListQuery = Type.Object(
  {
    company_id: Type.Optional(Str(100)),
    page: Type.Optional(Int32({ minimum: 1, maximum: 100_000 })),
    page_size: Type.Optional(Int32({ minimum: 1, maximum: LIBRARY_LIMITS.pageSize })),
  },
  { additionalProperties: false },
);
const SearchQuery = Type.Object(
  {
    q: Type.String({ maxLength: LIBRARY_LIMITS.query }),
    company_id: Type.Optional(Str(100)),
    limit: Type.Optional(Int32({ minimum: 1, maximum: LIBRARY_LIMITS.results })),
  },
  { additionalProperties: false },
);
const SearchJson = Type.Object({
  results: Type.Array(
    Type.Object({
      document_id: Type.String(),
      title: Type.String(),
      passage_id: Type.String(),
      heading: Type.String(),
      passage: Type.String(),
      score: Type.Number(),
      highlights: Type.Array(Type.Tuple([Type.Integer(), Type.Integer()])),
    }),
  ),
});
const IdParams = Type.Object({ id: Str(100) });

const documentJson = (d: LibraryDocument) => ({
  id: d.id,
  company_id: d.companyId,
  title: d.title,
  kind: d.kind as (typeof LIBRARY_KINDS)[number],
  source: d.source,
  size: d.size,
  passages: d.passages,
  language: d.language,
  created_at: d.createdAt,
  project_id: d.projectId || null,
});

/** [a, b, c, d] -> [[a, b], [c, d]] */
const pairs = (flat: number[]) => Array.from({ length: Math.floor(flat.length / 2) }, (_, i) => [flat[2 * i]!, flat[2 * i + 1]!] as [number, number]);

/** The plan's storage refusal of a library document is 413 (it does not fit), with the plan's message. */
function asTooLarge(error: unknown): unknown {
  if (error instanceof AppError && error.code === 'PLAN_LIMIT_REACHED') return new AppError('PAYLOAD_TOO_LARGE', error.message, error.detail, error.messageRef);
  return error;
}

export function libraryRoutes({ app, clients, config }: GatewayContext, receiveUpload: UploadReceiver, storage: ObjectStorage) {
  /** A file the library refused is not kept. */
  async function discard(caller: SignedIn, fileId: string): Promise<void> {
    const { storageKey } = await clients.project.discardUpload({ userId: caller.userId, fileId, companyId: '' }, caller.call);
    if (storageKey) await storage.delete(storageKey);
  }

  app.post(
    '/api/library/documents',
    {
      schema: {
        tags: ['library'],
        summary: "Add a document to the company library: multipart (file, optional company_id and title) or JSON {url} or {title, text}",
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: DocumentJson, ...errorResponses },
      },
    },
    async (request, reply) => {
      const caller = signedIn(request);
      if (request.isMultipart()) {
        const { fields, file } = await receiveUpload(request, reply, {
          timeouts: uploadTimeouts(config),
          maxFields: 4,
          fieldSize: 1000,
          // Always a library document: the kind field is not sent.
          kindField: 'kind',
          kindOf: () => 'library',
          kinds: ['library'],
        }).catch((error: unknown) => {
          throw asTooLarge(error);
        });
        if (!file) throw AppError.validation('file', 'Please choose a file to upload.');
        try {
          const added = await clients.project.addLibraryDocument({ userId: caller.userId, companyId: fields.company_id ?? '', title: fields.title ?? '', fileId: file.id }, caller.call);
          return reply.status(201).send(documentJson(added));
        } catch (error) {
          await discard(caller, file.id);
          throw error;
        }
      }
      const body = jsonBody(request.body);
      const { target, rendered } = await ownerStorageOf(clients, caller.userId, body.company_id ?? '');
      const added = await clients.project
        .addLibraryDocument(
          {
            userId: caller.userId,
            companyId: target.companyId,
            title: body.title ?? '',
            ...(body.url !== undefined ? { url: body.url } : body.text !== undefined ? { text: body.text } : {}),
            uploadsLimitBytes: uploadsLimitOf(target, rendered),
          },
          caller.call,
        )
        .catch((error: unknown) => {
          throw asTooLarge(error);
        });
      return reply.status(201).send(documentJson(added));
    },
  );

  app.get(
    '/api/library/documents',
    { schema: { tags: ['library'], summary: "A page of the company library's documents, newest first", querystring: ListQuery, response: { 200: DocumentsJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const q = request.query as Type.Static<typeof ListQuery>;
      const answer = await clients.project.listLibraryDocuments({ userId, companyId: q.company_id ?? '', page: q.page ?? 1, pageSize: q.page_size ?? LIBRARY_LIMITS.defaultPageSize }, call);
      return { documents: answer.documents.map(documentJson), total: answer.total, total_size: answer.totalSize, page: answer.page, page_size: answer.pageSize };
    },
  );

  app.delete(
    '/api/library/documents/:id',
    { schema: { tags: ['library'], summary: 'Remove a document (its passages and file) from the company library', params: IdParams, response: { 204: Type.Null(), ...errorResponses } } },
    async (request, reply) => {
      const { userId, call } = signedIn(request);
      const { id } = request.params as Type.Static<typeof IdParams>;
      await clients.project.deleteLibraryDocument({ userId, documentId: id }, call);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/library/search',
    { schema: { tags: ['library'], summary: "Search the company library's passages, best first", querystring: SearchQuery, response: { 200: SearchJson, ...errorResponses } } },
    async (request) => {
      const { userId, call } = signedIn(request);
      const { q, company_id, limit } = request.query as Type.Static<typeof SearchQuery>;
      const answer = await clients.project.searchLibrary({ userId, companyId: company_id ?? '', query: q, limit: limit ?? LIBRARY_LIMITS.defaultResults }, call);
      return {
        results: answer.results.map((r) => ({
          document_id: r.documentId,
          title: r.title,
          passage_id: r.passageId,
          heading: r.heading,
          passage: r.passage,
          score: r.score,
          highlights: pairs(r.highlights),
        })),
      };
    },
  );
}
