// A valid statement as the LRS keeps it (xAPI Data 2.4.7-2.4.10): the id it was given or a new
// one, `stored` and `authority` set by the LRS, `version` 1.0.0 where none was sent, `timestamp`
// the stored time where none was sent; and the columns the
// Statements resource's queries read (docs/analytics.md, "Storage").
import { randomUUID } from 'node:crypto';
import type { NewStatement } from '../../repositories/xapi-statement.repository.js';
import { ifisOf, isObject } from './agents.js';

type Json = Record<string, unknown>;

export const VOIDED_VERB = 'http://adlnet.gov/expapi/verbs/voided';

/** A statement as the repository stores it: the statement and the columns queries read. */
export type StoredStatementRow = NewStatement;

const CONTEXT_ACTIVITY_KINDS = ['parent', 'grouping', 'category', 'other'] as const;

function contextActivityIds(context: unknown): string[] {
  if (!isObject(context) || !isObject(context.contextActivities)) return [];
  return CONTEXT_ACTIVITY_KINDS.flatMap((kind) => {
    const list = (context.contextActivities as Json)[kind];
    return Array.isArray(list) ? list.flatMap((a) => (isObject(a) && typeof a.id === 'string' ? [a.id] : [])) : [];
  });
}

function isActivity(object: unknown): object is Json {
  return isObject(object) && (object.objectType === undefined || object.objectType === 'Activity');
}

function definitionsOf(statement: Json): Array<{ id: string; definition: Json }> {
  const context = isObject(statement.context) ? statement.context : {};
  const candidates: unknown[] = [statement.object];
  if (isObject(context.contextActivities)) {
    for (const kind of CONTEXT_ACTIVITY_KINDS) {
      const list = (context.contextActivities as Json)[kind];
      if (Array.isArray(list)) candidates.push(...list);
    }
  }
  return candidates.flatMap((a) => (isActivity(a) && typeof a.id === 'string' && isObject(a.definition) ? [{ id: a.id, definition: a.definition }] : []));
}

/** Who (with the LRS's own accounts) stored the statement: an Agent for the credential (Data 2.4.9). */
export function authorityOf(credential: { key: string; name: string }, homePage: string): Json {
  return { objectType: 'Agent', name: credential.name, account: { homePage, name: credential.key } };
}

/** context.contextActivities with every value an array (Data 2.4.6.2: a single Activity is accepted, arrays are returned). */
function withActivityArrays(context: unknown): unknown {
  if (!isObject(context) || !isObject(context.contextActivities)) return context;
  const activities: Json = {};
  for (const [kind, value] of Object.entries(context.contextActivities)) activities[kind] = Array.isArray(value) || !isObject(value) ? value : [value];
  return { ...context, contextActivities: activities };
}

/** The statement with its (and its SubStatement's) context activities as arrays: the one form validated, stored and returned. */
export function withContextActivityArrays(statement: unknown): unknown {
  if (!isObject(statement)) return statement;
  const out: Json = { ...statement };
  if (out.context !== undefined) out.context = withActivityArrays(out.context);
  if (isObject(out.object) && out.object.objectType === 'SubStatement' && out.object.context !== undefined) out.object = { ...out.object, context: withActivityArrays(out.object.context) };
  return out;
}

export function prepareStatement(received: Json, stored: Date, authority: Json): StoredStatementRow {
  const id = typeof received.id === 'string' ? received.id.toLowerCase() : randomUUID();
  const storedIso = stored.toISOString();
  const statement: Json = { ...received, id, stored: storedIso, authority, version: received.version ?? '1.0.0', timestamp: received.timestamp ?? storedIso };
  const object = statement.object as Json;

  const context = isObject(statement.context) ? statement.context : {};
  const sub = object.objectType === 'SubStatement' ? (statement.object as Json) : null;
  const subContext = sub && isObject(sub.context) ? sub.context : {};
  const objectAgents = object.objectType === 'Agent' || object.objectType === 'Group' ? ifisOf(object) : [];
  const agents = [...new Set([...ifisOf(statement.actor), ...objectAgents])];
  const relatedAgents = new Set([
    ...agents,
    ...ifisOf(authority),
    ...ifisOf(context.instructor),
    ...ifisOf(context.team),
    ...(sub ? [...ifisOf(sub.actor), ...(isObject(sub.object) && (sub.object.objectType === 'Agent' || sub.object.objectType === 'Group') ? ifisOf(sub.object) : []), ...ifisOf(subContext.instructor), ...ifisOf(subContext.team)] : []),
  ]);
  const activity = isActivity(object) ? (object.id as string) : null;
  const subActivity = sub && isActivity(sub.object) ? [(sub.object as Json).id as string] : [];
  const relatedActivities = new Set([...(activity ? [activity] : []), ...contextActivityIds(context), ...subActivity, ...contextActivityIds(subContext)]);
  const verb = (statement.verb as Json).id as string;
  return {
    id,
    verb,
    activity,
    refId: object.objectType === 'StatementRef' ? (object.id as string).toLowerCase() : null,
    registration: typeof context.registration === 'string' ? context.registration.toLowerCase() : null,
    voiding: verb === VOIDED_VERB,
    agents,
    relatedAgents: [...relatedAgents],
    relatedActivities: [...relatedActivities],
    definitions: definitionsOf(statement),
    statement,
  };
}
