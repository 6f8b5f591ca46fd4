// Statement and parameter validation (docs/analytics.md, "Validation"): Learning Locker's
// conformance-tested validator does the rules of xAPI 1.0.3's data model; this file only turns its
// warnings into the message an LRS client reads and adds what it lacks (a Group may not be a
// member of a group; how far in the future a timestamp may be).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import xapiValidation from '@learninglocker/xapi-validation';
import * as rules from '@learninglocker/xapi-validation/dist/factory.js';
import { AppError } from '@trainwright/platform';
import { isObject } from './agents.js';
import { XAPI_MESSAGES } from './messages.js';

interface Warning {
  name: string;
  path: Array<string | number>;
  typeName?: string;
  /** Where typeName is absent, the constructor of the type expected (Array, Object, ...). */
  type?: { name?: string };
  keys?: string[];
}

// The package is CommonJS: its default export arrives as `default` under ESM.
const validateData = ((xapiValidation as unknown as { default?: unknown }).default ?? xapiValidation) as (data: unknown) => Warning[];
type Rule = (data: unknown, path: string[]) => Warning[];
const factory = ((rules as unknown as { default?: unknown }).default ?? rules) as Record<string, Rule>;

/**
 * The validator's factory entries each `require()` their rule's module again at every call (its
 * rules reach one another through these entries, hundreds of times per statement): 5 % of the
 * scorm service's CPU under xAPI batches went to Node's module cache lookups. Each entry whose
 * rule lives in its own module (`schemaRules/<name>` or `regexValues/<name>`, as factory.js names
 * them) is replaced by one that loads that module once, on first use. Entries in any other shape
 * (values, maps) are left as they are.
 */
const requireRule = createRequire(import.meta.url);
const factoryDir = dirname(requireRule.resolve('@learninglocker/xapi-validation/dist/factory.js'));
for (const name of Object.keys(factory)) {
  const file = ['schemaRules', 'regexValues'].map((dir) => join(factoryDir, dir, `${name}.js`)).find((f) => existsSync(f));
  if (!file || !/require\(file\)/.test(String(factory[name]))) continue;
  let rule: Rule | undefined;
  factory[name] = (data, path) => (rule ??= (requireRule(file) as { default: Rule }).default)(data, path);
}

/**
 * Sub-documents found valid in the request being validated (validatingOneRequest). A player's batch
 * repeats them: the same actor, verb, activity and session context in each of a view's statements
 * (a result, which carries the moment in the video, seldom repeats: not worth its key).
 * The validator's rules are pure functions of the document, so one found valid once is valid again;
 * its rules reach each other through the factory's entries, looked up at every call, so these
 * entries are where the repeat is caught. A document with problems is always checked again (its
 * warnings name where it is).
 */
let validInRequest: Set<string> | null = null;
for (const name of ['actor', 'verb', 'object', 'context'] as const) {
  const rule = factory[name]!;
  factory[name] = (data, path) => {
    if (validInRequest === null || !isObject(data)) return rule(data, path);
    const key = `${name}:${JSON.stringify(data)}`;
    if (validInRequest.has(key)) return [];
    const warnings = rule(data, path);
    if (warnings.length === 0) validInRequest.add(key);
    return warnings;
  };
}

const PROBLEMS: Record<string, string> = {
  RequiredWarning: 'is required',
  IfiCountWarning: 'must have exactly one of mbox, mbox_sha1sum, openid or account',
  NoIfiWarning: 'must have an mbox, mbox_sha1sum, openid or account',
  NoMembersWarning: 'must list its members',
  MembersLengthWarning: 'must list its members',
  MembersTypeWarning: 'must be an Agent',
  ObjectTypeWarning: 'has an objectType that does not fit here',
  ContextPropWarning: 'cannot have context.revision or context.platform unless the object is an Activity',
  VoidWarning: 'of a voiding statement must be a StatementRef',
  SubStatementWarning: 'cannot have an id, stored, version or authority, nor hold another SubStatement',
  InvalidComponentsWarning: 'has components this interactionType does not allow',
  MissingInteractionTypeWarning: 'needs an interactionType',
  MinMoreThanMaxWarning: 'has a min greater than its max',
  RawLessThanMinWarning: 'has a raw score below its min',
  RawMoreThanMaxWarning: 'has a raw score above its max',
  RestrictedValueWarning: 'has a value that is not allowed here',
  SignedContentTypeWarning: 'of a signature must have contentType application/octet-stream',
};

function describe(w: Warning): string {
  const path = w.path.join('.');
  if (w.name === 'TypeWarning') {
    const type = w.typeName ?? w.type?.name ?? 'valid value';
    return XAPI_MESSAGES.invalid(path, `must be ${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type}`);
  }
  if (w.name === 'RestrictedKeysWarning') return XAPI_MESSAGES.invalid(`${path}.${w.keys?.[0] ?? ''}`, 'is not an allowed property');
  return XAPI_MESSAGES.invalid(path, PROBLEMS[w.name] ?? 'is not valid');
}

function refuse(warnings: Warning[], field: string): void {
  if (warnings.length > 0) throw AppError.validation(field, describe(warnings[0]!));
}

/** A Group among a group's members: the one rule the validator misses (xAPI Data 2.4.2.2). */
function groupInGroup(actor: unknown, path: string): string | null {
  if (!isObject(actor) || actor.objectType !== 'Group' || !Array.isArray(actor.member)) return null;
  const index = actor.member.findIndex((m) => isObject(m) && m.objectType === 'Group');
  return index >= 0 ? `${path}.member.${index}` : null;
}

function nestedActors(statement: Record<string, unknown>, path: string): Array<[unknown, string]> {
  const context = isObject(statement.context) ? statement.context : {};
  const found: Array<[unknown, string]> = [
    [statement.actor, `${path}.actor`],
    [statement.object, `${path}.object`],
    [statement.authority, `${path}.authority`],
    [context.instructor, `${path}.context.instructor`],
    [context.team, `${path}.context.team`],
  ];
  if (isObject(statement.object) && statement.object.objectType === 'SubStatement') found.push(...nestedActors(statement.object, `${path}.object`));
  return found;
}

/** Throws VALIDATION_FAILED naming the first problem of a statement as a client sent it. */
export function validateStatement(statement: unknown, options: { maxFutureMs: number; now: number }): void {
  if (!isObject(statement)) throw AppError.validation('statement', XAPI_MESSAGES.notStatements);
  refuse(validateData(statement), 'statement');
  for (const [actor, path] of nestedActors(statement, 'statement')) {
    const inner = groupInGroup(actor, path);
    if (inner) throw AppError.validation(inner, XAPI_MESSAGES.groupInGroup(inner));
  }
  // A far-future timestamp is a broken clock or a forgery: it would count in a range not yet come.
  // (A SubStatement's may be in the future: it can plan learning.)
  if (options.maxFutureMs > 0 && typeof statement.timestamp === 'string' && Date.parse(statement.timestamp) > options.now + options.maxFutureMs) {
    throw AppError.validation('statement.timestamp', XAPI_MESSAGES.futureTimestamp(Math.round(options.maxFutureMs / 3_600_000)));
  }
}

/**
 * Runs `work`, which validates the `count` statements of one request, with their repeated valid
 * sub-documents checked once. A single statement repeats nothing, and its keys would cost for nothing.
 */
export function validatingOneRequest<T>(count: number, work: () => T): T {
  if (count < 2) return work();
  validInRequest = new Set();
  try {
    return work();
  } finally {
    validInRequest = null;
  }
}

/** Checks a parameter's value against one of the validator's rules (`agent`, `iri`, `uuid`, `timestamp`). */
export function validateValue(rule: 'actor' | 'agent' | 'iri' | 'uuid' | 'timestamp', value: unknown, name: string): void {
  refuse(factory[rule]!(value, [name]), name);
}
