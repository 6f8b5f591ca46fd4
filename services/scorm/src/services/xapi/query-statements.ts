// The Statements resource's GET (xAPI Communication 2.1.3, Data 2.5; docs/analytics.md): one
// statement by statementId or voidedStatementId, or a StatementResult of the statements matching
// the query's filters, a page at a time; `more` is a token that holds the query and where the next
// page starts, so it works for as long as the statements exist.
import { AppError, isUuid } from '@trainwright/platform';
import { ifiOf, isObject } from './agents.js';
import { readsOnlyOwn, requireScope } from './credentials.js';
import type { XapiDeps } from './deps.js';
import { formatStatement, type StatementFormat } from './statement-format.js';
import { XAPI_MESSAGES } from './messages.js';
import { validateValue } from './validation.js';
import type { StatementFilter } from '../../repositories/xapi-statement.repository.js';

type Json = Record<string, unknown>;

const PARAMETERS = ['statementId', 'voidedStatementId', 'agent', 'verb', 'activity', 'registration', 'related_activities', 'related_agents', 'since', 'until', 'limit', 'format', 'attachments', 'ascending', 'more'] as const;
const SINGLE_COMPANIONS = new Set(['attachments', 'format']);

export interface QueryRequest {
  credential?: { key: string; secret: string };
  params: Record<string, string>;
  acceptLanguage: string;
}

export interface QueryResult {
  /** One statement (single) or the array of a StatementResult, as JSON text. */
  json: string;
  single: boolean;
  /** The token of the next page ('' when none). */
  more: string;
  attachments: Array<{ sha2: string; contentType: string; content: Buffer }>;
  lastModified: Date;
}

function bool(params: Record<string, string>, name: string): boolean {
  const value = params[name];
  if (value === undefined) return false;
  if (value !== 'true' && value !== 'false') throw AppError.validation(name, XAPI_MESSAGES.badBoolean(name));
  return value === 'true';
}

function format(params: Record<string, string>): StatementFormat {
  const value = params.format ?? 'exact';
  if (value !== 'exact' && value !== 'ids' && value !== 'canonical') throw AppError.validation('format', XAPI_MESSAGES.badFormat);
  return value;
}

function jsonParam(params: Record<string, string>, name: string): unknown {
  try {
    return JSON.parse(params[name]!);
  } catch {
    throw AppError.validation(name, XAPI_MESSAGES.invalidJson(name));
  }
}

function timestampParam(params: Record<string, string>, name: string): Date | undefined {
  if (params[name] === undefined) return undefined;
  validateValue('timestamp', params[name], name);
  return new Date(params[name]!);
}

/** The query's parameters: only the resource's own (names are case-sensitive, Communication 3.2.s3.b8). */
function checkNames(params: Record<string, string>): void {
  for (const name of Object.keys(params)) {
    if (!(PARAMETERS as readonly string[]).includes(name)) throw AppError.validation(name, XAPI_MESSAGES.unknownParameter(name));
  }
}

interface Cursor {
  q: Record<string, string>;
  after: { stored: string; seq: string };
}

function encodeMore(params: Record<string, string>, after: { stored: string; seq: string }): string {
  const q = Object.fromEntries(Object.entries(params).filter(([k]) => k !== 'more'));
  return Buffer.from(JSON.stringify({ q, after } satisfies Cursor)).toString('base64url');
}

function decodeMore(token: string): Cursor {
  try {
    const cursor = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Cursor;
    if (isObject(cursor) && isObject(cursor.q) && isObject(cursor.after) && typeof cursor.after.stored === 'string' && /^\d{1,19}$/.test(String(cursor.after.seq)) && !Number.isNaN(Date.parse(cursor.after.stored))) {
      if (Object.values(cursor.q).every((v) => typeof v === 'string')) return cursor;
    }
  } catch {
    // Refused below.
  }
  throw AppError.validation('more', XAPI_MESSAGES.badMore);
}

export async function queryStatements(deps: XapiDeps, request: QueryRequest): Promise<QueryResult> {
  const caller = await deps.auth.authenticate(request.credential);
  requireScope(caller, 'statements/read');
  let params = request.params;
  checkNames(params);
  let after: Cursor['after'] | null = null;
  if (params.more !== undefined) {
    if (Object.keys(params).length > 1) throw AppError.validation('more', XAPI_MESSAGES.unknownParameter(Object.keys(params).find((k) => k !== 'more')!));
    const cursor = decodeMore(params.more);
    params = cursor.q;
    checkNames(params);
    after = cursor.after;
  }
  const shape = format(params);
  const withAttachments = bool(params, 'attachments');
  const storedByKey = readsOnlyOwn(caller) ? caller.keyId : undefined;
  const output = async (statements: Json[]) => {
    const formatted = await formatStatement(deps, caller.companyId, statements, shape, request.acceptLanguage);
    const sha2s = withAttachments ? [...new Set(statements.flatMap((s) => ((s.attachments as Json[] | undefined) ?? []).map((a) => String(a.sha2))))] : [];
    return { formatted, attachments: await deps.statements.attachments(caller.companyId, sha2s) };
  };

  const single = params.statementId ?? params.voidedStatementId;
  if (params.statementId !== undefined || params.voidedStatementId !== undefined) {
    const name = params.statementId !== undefined ? 'statementId' : 'voidedStatementId';
    if (Object.keys(params).some((k) => k !== name && !SINGLE_COMPANIONS.has(k))) throw AppError.validation(name, XAPI_MESSAGES.singleWithFilters);
    if (!isUuid(single!)) throw AppError.validation(name, XAPI_MESSAGES.invalid(name, 'must be a UUID'));
    const found = await deps.statements.find(caller.companyId, single!.toLowerCase());
    // A voided statement is found by voidedStatementId only; any other by statementId only.
    if (!found || found.voided !== (name === 'voidedStatementId') || (storedByKey && found.keyId !== storedByKey)) throw AppError.notFound(XAPI_MESSAGES.statementNotFound);
    const { formatted, attachments } = await output([found.statement]);
    return { json: JSON.stringify(formatted[0]), single: true, more: '', attachments, lastModified: found.stored };
  }

  const filter: StatementFilter = { relatedAgents: bool(params, 'related_agents'), relatedActivities: bool(params, 'related_activities'), storedByKey };
  if (params.agent !== undefined) {
    const agent = jsonParam(params, 'agent');
    validateValue('actor', agent, 'agent');
    filter.agent = ifiOf(agent as Json) ?? undefined;
    if (!filter.agent) throw AppError.validation('agent', XAPI_MESSAGES.invalid('agent', 'must be an Agent or an identified Group'));
  }
  if (params.verb !== undefined) {
    validateValue('iri', params.verb, 'verb');
    filter.verb = params.verb;
  }
  if (params.activity !== undefined) {
    validateValue('iri', params.activity, 'activity');
    filter.activity = params.activity;
  }
  if (params.registration !== undefined) {
    if (!isUuid(params.registration)) throw AppError.validation('registration', XAPI_MESSAGES.invalid('registration', 'must be a UUID'));
    filter.registration = params.registration.toLowerCase();
  }
  filter.since = timestampParam(params, 'since');
  filter.until = timestampParam(params, 'until');
  let limit = deps.options.pageSize;
  if (params.limit !== undefined) {
    if (!/^\d{1,9}$/.test(params.limit)) throw AppError.validation('limit', XAPI_MESSAGES.badLimit);
    const asked = Number(params.limit);
    if (asked > 0) limit = Math.min(asked, deps.options.pageSize);
  }
  const ascending = bool(params, 'ascending');
  const page = await deps.statements.page(caller.companyId, filter, { limit, ascending, after });
  const { formatted, attachments } = await output(page.rows.map((r) => r.statement));
  const newest = page.rows.reduce((max, r) => (r.stored > max ? r.stored : max), new Date(0));
  return {
    json: JSON.stringify(formatted),
    single: false,
    more: page.next ? encodeMore(params, page.next) : '',
    attachments,
    lastModified: page.rows.length > 0 ? newest : new Date(),
  };
}
