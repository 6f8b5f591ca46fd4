// The three forms a query returns statements in (xAPI Communication 2.1.3, `format`): `exact` as
// stored; `ids` with agents, groups, activities and verbs reduced to what identifies them;
// activities as their id alone; `canonical` with the LRS's canonical activity definitions and every language map cut to the one
// language the client prefers (Accept-Language).
import { agentIds, isObject } from './agents.js';
import type { XapiDeps } from './deps.js';

type Json = Record<string, unknown>;
export type StatementFormat = 'exact' | 'ids' | 'canonical';

const ACTOR_KEYS = ['actor', 'authority'] as const;

function mapActivities(context: unknown, f: (activity: Json) => Json): unknown {
  if (!isObject(context) || !isObject(context.contextActivities)) return context;
  const activities = Object.fromEntries(Object.entries(context.contextActivities).map(([kind, list]) => [kind, (list as Json[]).map(f)]));
  return { ...context, contextActivities: activities };
}

function isActivity(object: unknown): object is Json {
  return isObject(object) && (object.objectType === undefined || object.objectType === 'Activity');
}

function isAgent(object: unknown): object is Json {
  return isObject(object) && (object.objectType === 'Agent' || object.objectType === 'Group');
}

function idsOnly(statement: Json): Json {
  const out: Json = { ...statement };
  for (const key of ACTOR_KEYS) if (isObject(out[key])) out[key] = agentIds(out[key] as Json);
  if (isObject(out.verb)) out.verb = { id: out.verb.id };
  const object = out.object;
  if (isActivity(object)) out.object = { id: object.id };
  else if (isAgent(object)) out.object = agentIds(object);
  else if (isObject(object) && object.objectType === 'SubStatement') out.object = idsOnly(object);
  if (isObject(out.context)) {
    const context = mapActivities(out.context, (a) => ({ id: a.id })) as Json;
    for (const key of ['instructor', 'team'] as const) if (isObject(context[key])) context[key] = agentIds(context[key] as Json);
    out.context = context;
  }
  return out;
}

/** The client's languages in order of preference (q-values honoured). */
export function preferredLanguages(acceptLanguage: string): string[] {
  return acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((r) => r.trim()).find((r) => r.startsWith('q='));
      return { tag: (tag ?? '').trim().toLowerCase(), q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

/** One language of a language map: the first preferred one it has (or its primary subtag), else its first. */
function oneLanguage(map: unknown, languages: string[]): unknown {
  if (!isObject(map)) return map;
  const keys = Object.keys(map);
  if (keys.length <= 1) return map;
  const lower = keys.map((k) => k.toLowerCase());
  for (const wanted of languages) {
    const exact = lower.indexOf(wanted);
    const prefix = exact >= 0 ? exact : lower.findIndex((k) => k.split('-')[0] === wanted.split('-')[0]);
    if (prefix >= 0) return { [keys[prefix]!]: map[keys[prefix]!] };
  }
  return { [keys[0]!]: map[keys[0]!] };
}

const DEFINITION_MAPS = ['name', 'description'] as const;
const COMPONENT_LISTS = ['choices', 'scale', 'source', 'target', 'steps'] as const;

function definitionIn(definition: unknown, languages: string[]): unknown {
  if (!isObject(definition)) return definition;
  const out: Json = { ...definition };
  for (const key of DEFINITION_MAPS) if (out[key] !== undefined) out[key] = oneLanguage(out[key], languages);
  for (const key of COMPONENT_LISTS) if (Array.isArray(out[key])) out[key] = (out[key] as Json[]).map((c) => (isObject(c) ? { ...c, description: oneLanguage(c.description, languages) } : c));
  return out;
}

function canonicalOf(statement: Json, definitions: Map<string, Json>, languages: string[]): Json {
  const activity = (a: Json): Json => {
    const definition = definitions.get(String(a.id)) ?? a.definition;
    return definition === undefined ? a : { ...a, definition: definitionIn(definition, languages) };
  };
  const out: Json = { ...statement };
  if (isObject(out.verb) && out.verb.display !== undefined) out.verb = { ...out.verb, display: oneLanguage(out.verb.display, languages) };
  if (isActivity(out.object)) out.object = activity(out.object);
  else if (isObject(out.object) && out.object.objectType === 'SubStatement') out.object = canonicalOf(out.object, definitions, languages);
  if (isObject(out.context)) out.context = mapActivities(out.context, activity);
  if (Array.isArray(out.attachments)) out.attachments = (out.attachments as Json[]).map((a) => ({ ...a, display: oneLanguage(a.display, languages), ...(a.description !== undefined ? { description: oneLanguage(a.description, languages) } : {}) }));
  return out;
}

function activityIds(statement: Json): string[] {
  const ids: string[] = [];
  if (isActivity(statement.object)) ids.push(String(statement.object.id));
  if (isObject(statement.object) && statement.object.objectType === 'SubStatement') ids.push(...activityIds(statement.object));
  if (isObject(statement.context)) mapActivities(statement.context, (a) => (ids.push(String(a.id)), a));
  return ids;
}

export async function formatStatement(deps: Pick<XapiDeps, 'statements'>, companyId: string, statements: Json[], format: StatementFormat, acceptLanguage: string): Promise<Json[]> {
  if (format === 'exact') return statements;
  if (format === 'ids') return statements.map(idsOnly);
  const definitions = await deps.statements.definitions(companyId, [...new Set(statements.flatMap(activityIds))]);
  const languages = preferredLanguages(acceptLanguage);
  return statements.map((s) => canonicalOf(s, definitions, languages));
}
