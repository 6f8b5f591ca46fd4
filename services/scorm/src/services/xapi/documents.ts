// The State, Activity Profile and Agent Profile resources (xAPI Communication 2.2-2.7, 3.1;
// docs/analytics.md): documents of any content type kept under an activity, an agent and a
// registration; POST merges JSON objects; ETags and If-Match / If-None-Match guard changes.
import { createHash } from 'node:crypto';
import { AppError, isUuid } from '@trainwright/platform';
import type { XapiDocumentKind } from '../../repositories/database.js';
import type { DocumentKey, StoredDocument } from '../../repositories/xapi-document.repository.js';
import { ifiOf, isObject } from './agents.js';
import { requireScope, type LrsCaller } from './credentials.js';
import type { XapiDeps } from './deps.js';
import { XAPI_MESSAGES } from './messages.js';
import { validateValue } from './validation.js';

export interface DocumentRequest {
  credential?: { key: string; secret: string };
  kind: XapiDocumentKind;
  params: Record<string, string>;
  ifMatch: string;
  ifNoneMatch: string;
  content: Buffer;
  contentType: string;
}

/** Each kind's parameters: those that name the document's place, and its id's name. */
const KINDS: Record<XapiDocumentKind, { place: string[]; optional: string[]; id: string }> = {
  state: { place: ['activityId', 'agent'], optional: ['registration'], id: 'stateId' },
  activity_profile: { place: ['activityId'], optional: [], id: 'profileId' },
  agent_profile: { place: ['agent'], optional: [], id: 'profileId' },
};

const etagOf = (content: Buffer) => `"${createHash('sha1').update(content).digest('hex')}"`;

function isJson(contentType: string): boolean {
  return contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

interface Parsed {
  place: Omit<DocumentKey, 'documentId'>;
  documentId: string | undefined;
  since: Date | undefined;
}

function parse(caller: LrsCaller, request: DocumentRequest, method: 'GET' | 'PUT' | 'POST' | 'DELETE'): Parsed {
  const spec = KINDS[request.kind];
  const { params } = request;
  const known = [...spec.place, ...spec.optional, spec.id, ...(method === 'GET' ? ['since'] : [])];
  for (const name of Object.keys(params)) if (!known.includes(name)) throw AppError.validation(name, XAPI_MESSAGES.unknownParameter(name));
  for (const name of spec.place) if (params[name] === undefined) throw AppError.validation(name, XAPI_MESSAGES.parameterRequired(name));
  // Writes name their document; so does DELETE, except the State resource's, which may clear them all.
  if ((method === 'PUT' || method === 'POST' || (method === 'DELETE' && request.kind !== 'state')) && params[spec.id] === undefined) throw AppError.validation(spec.id, XAPI_MESSAGES.parameterRequired(spec.id));
  let agent = '';
  if (params.agent !== undefined) {
    let value: unknown;
    try {
      value = JSON.parse(params.agent);
    } catch {
      throw AppError.validation('agent', XAPI_MESSAGES.invalidJson('agent'));
    }
    validateValue('agent', value, 'agent');
    agent = ifiOf(value as Record<string, unknown>) ?? '';
  }
  if (params.activityId !== undefined) validateValue('iri', params.activityId, 'activityId');
  if (params.registration !== undefined && !isUuid(params.registration)) throw AppError.validation('registration', XAPI_MESSAGES.invalid('registration', 'must be a UUID'));
  let since: Date | undefined;
  if (params.since !== undefined) {
    validateValue('timestamp', params.since, 'since');
    since = new Date(params.since);
  }
  return {
    place: { companyId: caller.companyId, kind: request.kind, activityId: params.activityId ?? '', agent, registration: params.registration?.toLowerCase() ?? '' },
    documentId: params[spec.id],
    since,
  };
}

function access(kind: XapiDocumentKind, write: boolean) {
  if (kind === 'state') return write ? 'state/write' : 'state/read';
  return write ? 'profile/write' : 'profile/read';
}

/** If-Match / If-None-Match against the stored document (Communication 3.1): 412 when they do not hold. */
function checkPreconditions(request: DocumentRequest, current: StoredDocument | undefined): void {
  const matches = (header: string) => header.trim() === '*' ? current !== undefined : current !== undefined && header.split(',').map((t) => t.trim()).includes(current.etag);
  if (request.ifMatch && !matches(request.ifMatch)) throw new AppError('PRECONDITION_FAILED', XAPI_MESSAGES.preconditionFailed);
  if (request.ifNoneMatch && matches(request.ifNoneMatch)) throw new AppError('PRECONDITION_FAILED', XAPI_MESSAGES.preconditionFailed);
}

function jsonObject(content: Buffer): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(content.toString('utf8'));
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

export type DocumentAnswer = { document: StoredDocument } | { ids: string[]; newest: Date | null };

export async function getDocument(deps: XapiDeps, request: DocumentRequest): Promise<DocumentAnswer> {
  const caller = await deps.auth.authenticate(request.credential);
  requireScope(caller, access(request.kind, false));
  const { place, documentId, since } = parse(caller, request, 'GET');
  if (documentId === undefined) return deps.documents.ids(place, since);
  const document = await deps.documents.get({ ...place, documentId });
  if (!document) throw AppError.notFound(XAPI_MESSAGES.documentNotFound);
  return { document };
}

export async function writeDocument(deps: XapiDeps, request: DocumentRequest, method: 'PUT' | 'POST'): Promise<void> {
  const caller = await deps.auth.authenticate(request.credential);
  requireScope(caller, access(request.kind, true));
  const { place, documentId } = parse(caller, request, method);
  if (request.content.length > deps.options.maxDocumentBytes) throw new AppError('PAYLOAD_TOO_LARGE', XAPI_MESSAGES.documentTooLarge(deps.options.maxDocumentBytes));
  const contentType = request.contentType || 'application/octet-stream';
  const posted = method === 'POST' ? jsonObject(request.content) : null;
  if (method === 'POST' && (!isJson(contentType) || !posted)) throw AppError.validation('content', XAPI_MESSAGES.notJsonMerge);
  await deps.documents.change({ ...place, documentId: documentId! }, (current) => {
    checkPreconditions(request, current);
    // A profile is shared by many clients: one is replaced only with a precondition (409 when it
    // exists, as Communication 3.1 says; 400 when it does not, as the conformance suite requires).
    if (method === 'PUT' && request.kind !== 'state' && !request.ifMatch && !request.ifNoneMatch) {
      if (current) throw new AppError('CONFLICT', XAPI_MESSAGES.profileNeedsPrecondition);
      throw AppError.validation('If-Match', XAPI_MESSAGES.profileNeedsPrecondition);
    }
    let content = request.content;
    if (method === 'POST' && current) {
      const stored = isJson(current.contentType) ? jsonObject(current.content) : null;
      if (!stored) throw AppError.validation('content', XAPI_MESSAGES.notJsonMerge);
      content = Buffer.from(JSON.stringify({ ...stored, ...posted }));
    }
    return { contentType: method === 'POST' ? 'application/json' : contentType, content, etag: etagOf(content), updatedAt: new Date() };
  });
}

export async function deleteDocument(deps: XapiDeps, request: DocumentRequest): Promise<void> {
  const caller = await deps.auth.authenticate(request.credential);
  requireScope(caller, access(request.kind, true));
  const { place, documentId } = parse(caller, request, 'DELETE');
  if (documentId === undefined) return deps.documents.deleteAll(place);
  await deps.documents.change({ ...place, documentId }, (current) => {
    checkPreconditions(request, current);
    return null;
  });
}
