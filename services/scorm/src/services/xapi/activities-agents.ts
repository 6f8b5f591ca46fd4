// The Activities and Agents resources (xAPI Communication 2.4-2.5): what the LRS knows of an
// activity (its canonical definition) and of a person (the identifier asked for and the name the
// newest statement gave them). Both answer for an unknown one too, as the specification asks.
import { AppError } from '@trainwright/platform';
import { ifiOf, isObject } from './agents.js';
import { requireScope } from './credentials.js';
import type { XapiDeps } from './deps.js';
import { XAPI_MESSAGES } from './messages.js';
import { validateValue } from './validation.js';

type Json = Record<string, unknown>;

interface ObjectRequest {
  credential?: { key: string; secret: string };
  params: Record<string, string>;
}

function onlyParameter(params: Record<string, string>, name: string): string {
  for (const key of Object.keys(params)) if (key !== name) throw AppError.validation(key, XAPI_MESSAGES.unknownParameter(key));
  if (params[name] === undefined) throw AppError.validation(name, XAPI_MESSAGES.parameterRequired(name));
  return params[name]!;
}

export async function getActivity(deps: XapiDeps, request: ObjectRequest): Promise<Json> {
  const caller = await deps.auth.authenticate(request.credential);
  requireScope(caller, 'read');
  const id = onlyParameter(request.params, 'activityId');
  validateValue('iri', id, 'activityId');
  const definition = (await deps.statements.definitions(caller.companyId, [id])).get(id);
  return { objectType: 'Activity', id, ...(definition ? { definition } : {}) };
}

export async function getPerson(deps: XapiDeps, request: ObjectRequest): Promise<Json> {
  const caller = await deps.auth.authenticate(request.credential);
  requireScope(caller, 'read');
  const raw = onlyParameter(request.params, 'agent');
  let agent: unknown;
  try {
    agent = JSON.parse(raw);
  } catch {
    throw AppError.validation('agent', XAPI_MESSAGES.invalidJson('agent'));
  }
  validateValue('agent', agent, 'agent');
  const a = agent as Json;
  const person: Json = { objectType: 'Person' };
  const name = typeof a.name === 'string' ? a.name : await deps.statements.latestName(caller.companyId, ifiOf(a)!);
  if (name) person.name = [name];
  for (const key of ['mbox', 'mbox_sha1sum', 'openid'] as const) if (typeof a[key] === 'string') person[key] = [a[key]];
  if (isObject(a.account)) person.account = [a.account];
  return person;
}
