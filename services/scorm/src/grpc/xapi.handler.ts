// Transport of the learning record store's xAPI methods of ScormService (docs/analytics.md):
// proto <-> domain, and their lines of the access table (each request's LRS credential is its
// own authority, checked by the operations).
import { AppError, type AccessTable, type UnaryHandlers } from '@trainwright/platform';
import type { ScormServiceService, XapiCredential, XapiDocumentRequest } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import type { XapiDocumentKind } from '../repositories/database.js';
import { getActivity, getPerson } from '../services/xapi/activities-agents.js';
import type { XapiDeps } from '../services/xapi/deps.js';
import { deleteDocument, getDocument, writeDocument, type DocumentRequest } from '../services/xapi/documents.js';
import { queryStatements } from '../services/xapi/query-statements.js';
import { storeStatements } from '../services/xapi/store-statements.js';

type XapiMethods = Pick<
  typeof ScormServiceService,
  'storeXapiStatements' | 'queryXapiStatements' | 'getXapiDocument' | 'putXapiDocument' | 'postXapiDocument' | 'deleteXapiDocument' | 'getXapiActivity' | 'getXapiPerson'
>;

const CREDENTIAL = { public: 'the LRS credential (HTTP Basic) of the request, checked by the operation' } as const;

export const xapiAccess: AccessTable<XapiMethods> = {
  storeXapiStatements: CREDENTIAL,
  queryXapiStatements: CREDENTIAL,
  getXapiDocument: CREDENTIAL,
  putXapiDocument: CREDENTIAL,
  postXapiDocument: CREDENTIAL,
  deleteXapiDocument: CREDENTIAL,
  getXapiActivity: CREDENTIAL,
  getXapiPerson: CREDENTIAL,
};

const KINDS: readonly XapiDocumentKind[] = ['state', 'activity_profile', 'agent_profile'];

function documentRequest(req: XapiDocumentRequest): DocumentRequest {
  if (!(KINDS as readonly string[]).includes(req.kind)) throw AppError.validation('kind', 'kind must be state, activity_profile or agent_profile');
  return {
    credential: credentialOf(req.credential),
    kind: req.kind as XapiDocumentKind,
    params: req.params,
    ifMatch: req.ifMatch,
    ifNoneMatch: req.ifNoneMatch,
    content: Buffer.from(req.content),
    contentType: req.contentType,
  };
}

const credentialOf = (c: XapiCredential | undefined) => (c ? { key: c.key, secret: c.secret } : undefined);

export function createXapiHandlers(deps: XapiDeps): UnaryHandlers<XapiMethods> {
  return {
    storeXapiStatements: async (req) => ({
      ids: await storeStatements(deps, {
        credential: credentialOf(req.credential),
        body: req.body.toString('utf8'),
        statementId: req.hasStatementId ? req.statementId : undefined,
        parts: req.attachments.map((a) => ({ sha2: a.sha2, contentType: a.contentType, content: Buffer.from(a.content) })),
      }),
    }),
    queryXapiStatements: async (req) => {
      const result = await queryStatements(deps, { credential: credentialOf(req.credential), params: req.params, acceptLanguage: req.acceptLanguage });
      return { json: result.json, single: result.single, more: result.more, attachments: result.attachments, lastModified: result.lastModified.toISOString() };
    },
    getXapiDocument: async (req) => {
      const answer = await getDocument(deps, documentRequest(req));
      if ('document' in answer) {
        const d = answer.document;
        return { content: d.content, contentType: d.contentType, etag: d.etag, updatedAt: d.updatedAt.toISOString(), list: false };
      }
      return { content: Buffer.from(JSON.stringify(answer.ids)), contentType: 'application/json', etag: '', updatedAt: answer.newest?.toISOString() ?? '', list: true };
    },
    putXapiDocument: async (req) => {
      await writeDocument(deps, documentRequest(req), 'PUT');
      return {};
    },
    postXapiDocument: async (req) => {
      await writeDocument(deps, documentRequest(req), 'POST');
      return {};
    },
    deleteXapiDocument: async (req) => {
      await deleteDocument(deps, documentRequest(req));
      return {};
    },
    getXapiActivity: async (req) => ({ json: JSON.stringify(await getActivity(deps, { credential: credentialOf(req.credential), params: req.params })) }),
    getXapiPerson: async (req) => ({ json: JSON.stringify(await getPerson(deps, { credential: credentialOf(req.credential), params: req.params })) }),
  };
}
