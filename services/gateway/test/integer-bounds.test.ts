// Every integer of every request has bounds (issue 23, point 2). Generated from the gateway's own
// OpenAPI document, so a new route or field is covered without editing this file: every integer
// field of every route (path, query, header, JSON body, nested objects and arrays) is sent beyond
// int32 (2^31, -2^31-1), 1e308 and a fraction inside an otherwise valid request, and must be a 400
// naming that field, never a 500. Plain numbers (doubles on the wire) get 1e308 and -1e308 and
// must never be a 5xx. Numbers inside JSON the gateway does not type (a generator's request_data)
// are the services' to bound, and are checked the same way.
import { randomUUID } from 'node:crypto';
import { BILLING_MESSAGES, SCORM_LIMITS } from '@trainwright/catalogue';
import { call, register, setTier, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let me: Account;
let projectId: string;

beforeAll(async () => {
  h = await sharedHarness();
  me = await register(h, 'Bounds Bea', 'enterprise');
  projectId = (await call(h, 'POST', '/api/projects', me, { title: 'Bounds', project_type: 'script_to_slides', script_content: 'NARRATOR: Hello.' })).json().id as string;
}, 60_000);
const INT32_MAX = 2 ** 31 - 1;
const INT32_MIN = -(2 ** 31);
/** What each integer field is sent: beyond int32 either way, a double no field takes, a fraction. */
const BAD_INTEGERS = [2 ** 31, -(2 ** 31) - 1, 1e308, 1.5];
const HUGE_NUMBERS = [1e308, -1e308];

type Schema = Record<string, any>;
/** One step from a request part to a field: a property, or the first item of an array. */
type Step = { key: string; schema: Schema } | { item: Schema };

interface Field {
  method: string;
  route: string;
  part: 'path' | 'query' | 'header' | 'body';
  /** The field as the gateway names it in errors ('tracking.completion_threshold', 'activities.0.estimated_duration'). */
  name: string;
  steps: Step[];
  schema: Schema;
  kind: 'integer' | 'number';
}

interface Operation {
  method: string;
  route: string;
  params: { in: string; name: string; schema: Schema; required?: boolean }[];
  body?: Schema;
}

function walkDocument(doc: any) {
  const deref = (s: Schema | undefined): Schema | undefined => {
    let out = s;
    while (out?.$ref) out = doc.components?.schemas?.[String(out.$ref).split('/').pop()!];
    return out;
  };
  const operations: Operation[] = [];
  const fields: Field[] = [];
  const visit = (op: Operation, part: Field['part'], raw: Schema | undefined, steps: Step[]) => {
    const s = deref(raw);
    if (!s || typeof s !== 'object') return;
    for (const k of ['anyOf', 'oneOf', 'allOf']) for (const variant of s[k] ?? []) visit(op, part, variant, steps);
    const types: string[] = [].concat(s.type ?? []);
    const kind = types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : null;
    if (kind) {
      const name = steps.map((st) => ('key' in st ? st.key : '0')).join('.');
      fields.push({ method: op.method, route: op.route, part, name, steps, schema: s, kind });
    }
    for (const [key, sub] of Object.entries<Schema>(s.properties ?? {})) visit(op, part, sub, [...steps, { key, schema: deref(sub)! }]);
    if (s.items) visit(op, part, s.items, [...steps, { item: deref(s.items)! }]);
  };
  for (const [route, item] of Object.entries<any>(doc.paths)) {
    for (const [method, spec] of Object.entries<any>(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op: Operation = { method: method.toUpperCase(), route, params: (spec.parameters ?? []).map((p: any) => ({ ...p, schema: deref(p.schema) })), body: deref(spec.requestBody?.content?.['application/json']?.schema) };
      operations.push(op);
      for (const p of op.params) if (p.in === 'path' || p.in === 'query' || p.in === 'header') visit(op, p.in, p.schema, [{ key: p.name, schema: p.schema }]);
      if (op.body) visit(op, 'body', op.body, []);
    }
  }
  return { operations, fields, deref };
}

/** A valid value of a schema: its required parts only, each the simplest value it accepts. */
function sample(s: Schema | undefined, deref: (s: Schema | undefined) => Schema | undefined, name = ''): unknown {
  const schema = deref(s);
  if (!schema) return null;
  if ('const' in schema) return schema.const;
  if (schema.enum) return schema.enum[0];
  const variants: Schema[] = schema.anyOf ?? schema.oneOf ?? [];
  if (variants.length > 0) return sample(variants.find((v) => deref(v)?.type !== 'null') ?? variants[0], deref, name);
  const type: string = ([] as string[]).concat(schema.type ?? 'string')[0]!;
  switch (type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key: string) => [key, sample(schema.properties?.[key], deref, key)]));
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, deref, name));
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return false;
    case 'null':
      return null;
    default: {
      if (schema.format === 'email') return 'bounds@example.com';
      if (schema.format === 'uri' || name.endsWith('url')) return 'http://localhost:3000/';
      if (/(^|_)id$|Id$/.test(name)) return name === 'id' || name === 'projectId' ? projectId : randomUUID();
      const candidates = ['es', 'Bounds', randomUUID(), ''];
      const fits = (c: string) => (!schema.pattern || new RegExp(schema.pattern).test(c)) && c.length >= (schema.minLength ?? 0) && c.length <= (schema.maxLength ?? Infinity);
      return candidates.find(fits) ?? 'x'.repeat(schema.minLength ?? 1);
    }
  }
}

/** The request of a field's operation, valid except for the field, which carries `value`. */
function requestFor(op: Operation, field: Field, value: number, deref: (s: Schema | undefined) => Schema | undefined) {
  const paramValue = (p: Operation['params'][number]) => (field.part === p.in && field.name === p.name ? String(value) : String(sample(p.schema, deref, p.name)));
  const path = op.route.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(paramValue(op.params.find((p) => p.in === 'path' && p.name === name)!)));
  const query = new URLSearchParams();
  const headers: Record<string, string> = { ...me.auth };
  for (const p of op.params) {
    if (p.in === 'query' && (p.required || (field.part === 'query' && field.name === p.name))) query.set(p.name, paramValue(p));
    if (p.in === 'header' && (p.required || (field.part === 'header' && field.name === p.name))) headers[p.name] = paramValue(p);
  }
  let body: unknown;
  if (op.body) {
    body = sample(op.body, deref);
    if (field.part === 'body') {
      // Walk to the field, making each object and first array item on the way.
      let at: any = body;
      field.steps.forEach((step, i) => {
        const last = i === field.steps.length - 1;
        if ('key' in step) {
          if (last) at[step.key] = value;
          else at = at[step.key] ??= sample(step.schema, deref, step.key) ?? {};
        } else {
          if (last) at[0] = value;
          else at = at[0] ??= sample(step.item, deref);
        }
      });
    }
  }
  const search = query.toString();
  return { method: op.method, url: `${path}${search ? `?${search}` : ''}`, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, payload: body === undefined ? undefined : JSON.stringify(body) };
}

async function documented() {
  const doc = (await h.request({ url: '/api/docs/json' })).json();
  return walkDocument(doc);
}

describe('integer bounds on every request field', () => {
  it('should declare every request integer with a minimum and a maximum within int32', async () => {
    const { fields } = await documented();
    const integers = fields.filter((f) => f.kind === 'integer');
    expect(integers.length).toBeGreaterThanOrEqual(9);
    const unbounded = integers
      .filter((f) => !(typeof f.schema.minimum === 'number' && typeof f.schema.maximum === 'number' && f.schema.minimum >= INT32_MIN && f.schema.maximum <= INT32_MAX))
      .map((f) => `${f.method} ${f.route} ${f.part}:${f.name} [${f.schema.minimum}, ${f.schema.maximum}]`);
    expect(unbounded).toEqual([]);
  });

  it('should answer 400 naming the field for 2^31, -2^31-1, 1e308 and 1.5 in every integer field of every route', async () => {
    const { operations, fields, deref } = await documented();
    const integers = fields.filter((f) => f.kind === 'integer');
    // The walk must find the product's integer fields (path, query and nested body fields alike).
    expect(integers.length).toBeGreaterThanOrEqual(9);
    expect(new Set(integers.map((f) => f.part))).toEqual(new Set(['path', 'query', 'body']));
    expect(integers.some((f) => f.steps.some((s) => 'item' in s))).toBe(true);

    const problems: string[] = [];
    let sent = 0;
    for (const field of integers) {
      const op = operations.find((o) => o.method === field.method && o.route === field.route)!;
      for (const value of BAD_INTEGERS) {
        const req = requestFor(op, field, value, deref);
        const answer = await h.request(req);
        sent++;
        const label = `${field.method} ${field.route} ${field.part}:${field.name}=${value}`;
        let body: any = {};
        try {
          body = answer.json();
        } catch {
          // reported below
        }
        const named = `${body.message ?? ''} ${JSON.stringify(body.detail ?? {})}`.includes(field.name);
        if (answer.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !named) problems.push(`${label}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBe(integers.length * BAD_INTEGERS.length);
  }, 120_000);

  it('should never answer 5xx for 1e308 or -1e308 in a number field', async () => {
    const { operations, fields, deref } = await documented();
    const numbers = fields.filter((f) => f.kind === 'number');
    expect(numbers.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const field of numbers) {
      const op = operations.find((o) => o.method === field.method && o.route === field.route)!;
      for (const value of HUGE_NUMBERS) {
        const answer = await h.request(requestFor(op, field, value, deref));
        if (answer.statusCode >= 500) problems.push(`${field.method} ${field.route} ${field.part}:${field.name}=${value}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("should answer the issue's requests with the field's range, or the specification's message for credits", async () => {
    for (const credits of [2 ** 31, 1e10, 1e308, 0, 101]) {
      const answer = await call(h, 'POST', '/api/billing/credits', me, { credits });
      expect({ status: answer.statusCode, ...answer.json() }).toEqual({ status: 400, code: 'VALIDATION_FAILED', message: BILLING_MESSAGES.creditsRange, detail: expect.objectContaining({ field: 'credits' }) });
    }
    const scorm = (body: unknown) => call(h, 'POST', `/api/scorm/export/${projectId}`, me, { package_name: 'Bounds', ...(body as object) });
    const threshold = await scorm({ tracking: { completion_threshold: 2 ** 31 } });
    expect([threshold.statusCode, threshold.json().message]).toEqual([400, 'tracking.completion_threshold must be a whole number from 1 to 100']);
    const minutes = await scorm({ activities: [{ title: 'Read', type: 'reading', estimated_duration: 2 ** 31 }] });
    expect([minutes.statusCode, minutes.json().message]).toEqual([400, `activities.0.estimated_duration must be a whole number from 0 to ${SCORM_LIMITS.activityDurationMax}`]);
    const version = await call(h, 'PATCH', `/api/projects/${projectId}/translations/es/slides/0`, me, { title: 'Hola', points: [], version: 2 ** 31 });
    expect([version.statusCode, version.json().message]).toEqual([400, `version must be a whole number from 0 to ${INT32_MAX}`]);
  });

  it('should answer 400 naming the field for out-of-range numbers inside a generator request_data', async () => {
    const requests = [
      { generator_type: 'assessment_generator', request_data: { content_source: 'Forklifts are checked before every shift.', question_count: 2 ** 31 } },
      { generator_type: 'learning_path', request_data: { main_topic: 'Forklifts', module_count: 1e308 } },
      { generator_type: 'learning_path', request_data: { main_topic: 'Forklifts', module_count: 1.5 } },
    ];
    for (const r of requests) {
      const answer = await call(h, 'POST', '/api/ai-content-generator/projects', me, { ...r, project_name: 'Bounds' });
      const field = Object.keys(r.request_data).pop()!;
      expect({ status: answer.statusCode, named: answer.body.includes(field) }).toEqual({ status: 400, named: true });
    }
    // A custom template's document is open to the gateway; the project service checks its slides.
    for (const slides of BAD_INTEGERS) {
      const answer = await call(h, 'POST', '/api/templates', me, { name: 'Bounds', category: 'safety', difficulty: 'beginner', layout: 'corporate', slides });
      expect({ status: answer.statusCode, named: answer.body.includes('Slides must be a whole number from 1 to 200') }).toEqual({ status: 400, named: true });
    }
  });
});
