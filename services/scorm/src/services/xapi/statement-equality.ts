// Whether a statement sent again with a stored statement's id is the same statement (xAPI Data
// 2.3.1.s9, the immutability exceptions): what the LRS set (stored, authority, version, a timestamp
// it filled in), how the timestamp is written, the order of a group's members, the case of an
// mbox, activity definitions, verb display and attachments do not count.
import { isObject } from './agents.js';

type Json = Record<string, unknown>;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical(value[k])]));
}

function normalizedActor(actor: unknown): unknown {
  if (!isObject(actor)) return actor;
  const out: Json = { ...actor };
  if (typeof out.mbox === 'string') out.mbox = out.mbox.toLowerCase();
  if (Array.isArray(out.member)) out.member = out.member.map(normalizedActor).map((m) => JSON.stringify(canonical(m))).sort();
  return out;
}

function withoutDefinition(activity: unknown): unknown {
  if (!isObject(activity) || !(activity.objectType === undefined || activity.objectType === 'Activity')) return activity;
  return { id: activity.id, objectType: 'Activity' };
}

function normalizedContext(context: unknown): unknown {
  if (!isObject(context)) return context;
  const out: Json = { ...context, instructor: normalizedActor(context.instructor), team: normalizedActor(context.team) };
  if (typeof out.registration === 'string') out.registration = out.registration.toLowerCase();
  if (isObject(context.contextActivities)) {
    out.contextActivities = Object.fromEntries(Object.entries(context.contextActivities).map(([kind, v]) => [kind, (Array.isArray(v) ? v : [v]).map(withoutDefinition)]));
  }
  return out;
}

function normalized(statement: Json, ignoreTimestamp: boolean): Json {
  const { stored: _s, authority: _a, version: _v, attachments: _at, id: _i, timestamp, ...rest } = statement;
  const out: Json = { ...rest, actor: normalizedActor(rest.actor), verb: isObject(rest.verb) ? { id: rest.verb.id } : rest.verb, context: normalizedContext(rest.context) };
  const object = rest.object;
  if (isObject(object) && object.objectType === 'SubStatement') out.object = normalized(object, false);
  else if (isObject(object) && (object.objectType === 'Agent' || object.objectType === 'Group')) out.object = normalizedActor(object);
  else if (isObject(object) && object.objectType === 'StatementRef') out.object = { ...object, id: String(object.id).toLowerCase() };
  else out.object = withoutDefinition(object);
  if (!ignoreTimestamp && typeof timestamp === 'string') out.timestamp = Date.parse(timestamp);
  return out;
}

/** True when `received` is `stored` sent again (the stored one as the LRS keeps it). */
export function sameStatement(stored: Json, received: Json): boolean {
  // Without a timestamp of its own, the received statement would get the stored time: no difference.
  const ignoreTimestamp = received.timestamp === undefined;
  return JSON.stringify(canonical(normalized(stored, ignoreTimestamp))) === JSON.stringify(canonical(normalized(received, ignoreTimestamp)));
}
