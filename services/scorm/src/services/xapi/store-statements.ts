// The Statements resource's PUT and POST (xAPI Communication 2.1.1-2.1.2; docs/analytics.md): the
// whole request is validated before anything is stored, and stored in one transaction, so a
// request refused for any statement stores none. A statement sent again (a sender's retry) is
// answered as stored; one that differs from the stored statement with its id is 409.
import { createHash } from 'node:crypto';
import { AppError, isUuid } from '@trainwright/platform';
import { allows, requireScope, type LrsCaller } from './credentials.js';
import type { XapiDeps } from './deps.js';
import { isObject } from './agents.js';
import { XAPI_MESSAGES } from './messages.js';
import { authorityOf, prepareStatement, withContextActivityArrays } from './prepare-statement.js';
import { sameStatement } from './statement-equality.js';
import { SIGNATURE_USAGE, checkSignature } from './signature.js';
import { validateStatement, validatingOneRequest } from './validation.js';

type Json = Record<string, unknown>;

export interface AttachmentPart {
  sha2: string;
  contentType: string;
  content: Buffer;
}

export interface StoreRequest {
  credential?: { key: string; secret: string };
  /** The body as received: one statement or an array. */
  body: string;
  /** PUT: the statementId parameter; POST: undefined. */
  statementId?: string;
  /** The raw parts of a multipart/mixed request after the statements. */
  parts: AttachmentPart[];
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new AppError('INVALID_JSON', XAPI_MESSAGES.invalidJson('The body'));
  }
}

function statementsOf(request: StoreRequest, options: XapiDeps['options']): Json[] {
  const parsed = parseBody(request.body);
  if (request.statementId !== undefined) {
    if (!request.statementId) throw AppError.validation('statementId', XAPI_MESSAGES.statementIdRequired);
    if (!isUuid(request.statementId)) throw AppError.validation('statementId', XAPI_MESSAGES.invalid('statementId', 'must be a UUID'));
    if (!isObject(parsed)) throw AppError.validation('statement', XAPI_MESSAGES.notStatements);
    if (parsed.id !== undefined && String(parsed.id).toLowerCase() !== request.statementId.toLowerCase()) throw AppError.validation('statement.id', XAPI_MESSAGES.idMismatch);
    return [withContextActivityArrays({ ...parsed, id: request.statementId }) as Json];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  if (list.length === 0) throw AppError.validation('statements', XAPI_MESSAGES.emptyBatch);
  if (list.length > options.maxBatch) throw new AppError('PAYLOAD_TOO_LARGE', XAPI_MESSAGES.tooManyStatements(options.maxBatch), { field: 'statements', limit: options.maxBatch });
  return list.map(withContextActivityArrays) as Json[];
}

function validateAll(statements: Json[], options: XapiDeps['options'], now: number): void {
  const seen = new Set<string>();
  validatingOneRequest(statements.length, () => statements.forEach((s, i) => {
    try {
      validateStatement(s, { maxFutureMs: options.maxFutureMs, now });
    } catch (error) {
      // In a batch, say which statement.
      if (error instanceof AppError && statements.length > 1) throw new AppError(error.code, `Statement ${i + 1} of ${statements.length}: ${error.message}`, error.detail);
      throw error;
    }
    if (typeof s.id === 'string') {
      const id = s.id.toLowerCase();
      if (seen.has(id)) throw AppError.validation('statements', XAPI_MESSAGES.duplicateInBatch(id));
      seen.add(id);
    }
  }));
}

/** Each attachment without a fileUrl has its part (matched by sha2), and no part is left over (Communication 1.5.2). */
function checkAttachments(statements: Json[], parts: AttachmentPart[]): AttachmentPart[] {
  const bySha = new Map(parts.map((p) => [p.sha2, p]));
  const used = new Set<string>();
  for (const part of parts) {
    if (createHash('sha256').update(part.content).digest('hex') !== part.sha2.toLowerCase()) throw AppError.validation('attachments', XAPI_MESSAGES.invalid(`The part with X-Experience-API-Hash ${part.sha2}`, 'does not have that SHA-256'));
  }
  for (const statement of statements) {
    for (const attachment of (statement.attachments as Json[] | undefined) ?? []) {
      const sha2 = String(attachment.sha2);
      if (bySha.has(sha2)) used.add(sha2);
      else if (attachment.fileUrl === undefined) throw AppError.validation('attachments', parts.length === 0 ? XAPI_MESSAGES.attachmentsNeedMultipart : XAPI_MESSAGES.attachmentMissing(sha2));
    }
  }
  if (used.size < bySha.size) throw AppError.validation('attachments', XAPI_MESSAGES.attachmentExtra);
  return [...used].map((sha2) => bySha.get(sha2)!);
}

/** A sender's credential writes statements whose object is its own activity or one under it. */
function requireOwnActivity(statements: Json[], activityId: string): void {
  for (const s of statements) {
    const object = s.object as Json;
    const id = typeof object.id === 'string' ? object.id : '';
    const isActivity = object.objectType === undefined || object.objectType === 'Activity';
    if (!isActivity || (id !== activityId && !id.startsWith(`${activityId}/`))) throw AppError.forbidden(XAPI_MESSAGES.outsideActivity);
  }
}

/** Stores the statements; returns their ids in the order they were sent. */
export async function storeStatements(deps: XapiDeps, request: StoreRequest, now = new Date()): Promise<string[]> {
  const caller: LrsCaller = await deps.auth.authenticate(request.credential);
  requireScope(caller, 'statements/write');
  const received = statementsOf(request, deps.options);
  validateAll(received, deps.options, now.getTime());
  if (caller.activityId) requireOwnActivity(received, caller.activityId);
  const attachments = checkAttachments(received, request.parts);
  for (const statement of received) {
    const signature = ((statement.attachments as Json[] | undefined) ?? []).find((a) => a.usageType === SIGNATURE_USAGE);
    const part = signature && attachments.find((a) => a.sha2 === signature.sha2);
    if (part) await checkSignature(statement, part.content);
  }
  const authority = authorityOf(caller, deps.options.homePage);
  const prepared = received.map((s) => prepareStatement(s, now, authority));
  const sent = new Map(prepared.map((p, i) => [p.id, received[i]!]));
  const stored = await deps.statements.append(
    { companyId: caller.companyId, keyId: caller.keyId, stored: now, statements: prepared, define: allows(caller, 'define'), attachments },
    (stored, again) => {
      if (!sameStatement(stored, sent.get(again.id)!)) throw new AppError('CONFLICT', XAPI_MESSAGES.idConflict(again.id));
    },
  );
  // The dashboards catch up (a statement sent again adds nothing to read).
  if (stored.length > 0) await deps.rollups.schedule(caller.companyId);
  return prepared.map((s) => s.id);
}
