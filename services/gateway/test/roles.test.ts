// The role matrix over every route (docs/teams.md): the gateway's own route list (its OpenAPI
// document) against ROUTES, a table of what each route needs, so a new route fails here until it is
// given a line. Every company route is called, naming the Owner's company and things, by each role
// below what it needs (403) and by a stranger (404); a read is also called by the lowest role that
// may (2xx). Bodies are made from each route's own schema, so the request reaches the check. The
// co-editing WebSocket (/api/collab) is not in the OpenAPI document: its roles are collab.test.ts's.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@trainwright/catalogue';
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

/**
 * What a route needs: `public` (no sign-in), `self` (the caller's own account, plan or things: no
 * company of another is named), or the lowest role of the named (or current) company that may:
 * read (Viewer), comment (Commenter), edit (Editor), owner.
 */
type Need = 'public' | 'self' | 'read' | 'comment' | 'edit' | 'owner';

const ROUTES: Record<string, Need> = {
  'DELETE /api/analytics/lrs-keys/{id}': 'owner',
  'DELETE /api/billing/add-ons/{addOn}': 'self',
  'DELETE /api/companies/{companyId}/glossary/{termId}': 'edit',
  'DELETE /api/companies/{id}/invitations/{invitationId}': 'owner',
  'DELETE /api/companies/{id}/members/{userId}': 'owner',
  'DELETE /api/library/documents/{id}': 'edit',
  'DELETE /api/projects/{id}': 'edit',
  'DELETE /api/projects/{id}/comments/{commentId}': 'comment',
  'DELETE /api/projects/{id}/share': 'edit',
  'DELETE /api/projects/{id}/translations/{language}': 'edit',
  'GET /api/analytics/completion': 'read',
  'GET /api/analytics/dashboard': 'read',
  'GET /api/analytics/engagement': 'read',
  'GET /api/analytics/export.csv': 'read',
  'GET /api/analytics/lrs-keys': 'owner',
  'GET /api/analytics/projects/{id}': 'read',
  'GET /api/analytics/realtime': 'read',
  'GET /api/auth/me': 'self',
  'GET /api/billing/checkout/{sessionId}': 'public',
  'GET /api/billing/payments': 'self',
  'GET /api/billing/status/{sessionId}': 'self',
  'GET /api/billing/subscription': 'self',
  'GET /api/billing/usage': 'self',
  'GET /api/companies': 'self',
  'GET /api/companies/{companyId}/glossary': 'read',
  'GET /api/companies/{id}/members': 'read',
  'GET /api/education': 'self',
  'GET /api/education/{slug}/{format}': 'self',
  'GET /api/events': 'self',
  'GET /api/health': 'public',
  'GET /api/interactive-video-template/{durationOrId}': 'read',
  'GET /api/interactive/{token}': 'public',
  'GET /api/interactive/{token}/captions': 'public',
  'GET /api/interactive/{token}/video': 'public',
  'GET /api/invitations/{token}': 'public',
  'GET /api/languages/supported': 'public',
  'GET /api/library/documents': 'read',
  'GET /api/library/search': 'read',
  'GET /api/plans': 'public',
  'GET /api/profile': 'self',
  'GET /api/projects': 'self',
  'GET /api/projects/{id}': 'read',
  'GET /api/projects/{id}/comments': 'read',
  'GET /api/projects/{id}/download/{format}': 'read',
  'GET /api/projects/{id}/logo': 'read',
  'GET /api/projects/{id}/preview/slides': 'read',
  'GET /api/projects/{id}/preview/slides/{n}': 'read',
  'GET /api/projects/{id}/preview/video': 'read',
  'GET /api/projects/{id}/translations': 'read',
  'GET /api/projects/{id}/translations/{language}': 'read',
  'GET /api/projects/{id}/translations/{language}/xliff': 'read',
  'GET /api/projects/{projectId}/interactive-video': 'read',
  'GET /api/projects/{projectId}/interactive-video/versions': 'read',
  'GET /api/scorm/packages': 'self',
  'GET /api/scorm/packages/{id}': 'read',
  'GET /api/scorm/packages/{id}/download': 'read',
  'GET /api/shared/{token}': 'public',
  'GET /api/shared/{token}/logo': 'public',
  'GET /api/shared/{token}/preview/slides': 'public',
  'GET /api/shared/{token}/preview/slides/{n}': 'public',
  'GET /api/support/tickets': 'self',
  'GET /api/templates': 'self',
  'GET /api/trial-status': 'self',
  'GET /api/voices/available': 'self',
  'GET /api/voices/previews/{audio}': 'self',
  'GET /api/voices/user/custom': 'self',
  'GET /api/xapi/about': 'public',
  // The learning record store's resources: an LRS credential (HTTP Basic), not a session, is their authority.
  'GET /api/xapi/statements': 'public',
  'PUT /api/xapi/statements': 'public',
  'POST /api/xapi/statements': 'public',
  'GET /api/xapi/activities/state': 'public',
  'PUT /api/xapi/activities/state': 'public',
  'POST /api/xapi/activities/state': 'public',
  'DELETE /api/xapi/activities/state': 'public',
  'GET /api/xapi/activities/profile': 'public',
  'PUT /api/xapi/activities/profile': 'public',
  'POST /api/xapi/activities/profile': 'public',
  'DELETE /api/xapi/activities/profile': 'public',
  'GET /api/xapi/agents/profile': 'public',
  'PUT /api/xapi/agents/profile': 'public',
  'POST /api/xapi/agents/profile': 'public',
  'DELETE /api/xapi/agents/profile': 'public',
  'GET /api/xapi/activities': 'public',
  'POST /api/xapi/activities': 'public',
  'GET /api/xapi/agents': 'public',
  'POST /api/xapi/agents': 'public',
  'PATCH /api/companies/{companyId}/glossary/{termId}': 'edit',
  'PATCH /api/companies/{id}/members/{userId}': 'owner',
  'PATCH /api/profile': 'self',
  'PATCH /api/projects/{id}': 'edit',
  'PATCH /api/projects/{id}/comments/{commentId}': 'comment',
  'PATCH /api/projects/{id}/translations/{language}/slides/{index}': 'edit',
  'POST /api/ai-content-generator/projects': 'edit',
  'POST /api/ai-content-generator/upload-projects': 'edit',
  'POST /api/ai-services/analyze': 'read',
  'POST /api/ai-services/initialize': 'read',
  'POST /api/analytics/lrs-keys': 'owner',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/upgrade': 'self',
  'POST /api/billing/add-ons': 'self',
  'POST /api/billing/add-ons/preview': 'self',
  'POST /api/billing/cancel': 'self',
  'POST /api/billing/change-plan/preview': 'self',
  'POST /api/billing/checkout/{sessionId}/cancel': 'public',
  'POST /api/billing/checkout/{sessionId}/pay': 'public',
  'POST /api/billing/confirm': 'self',
  'POST /api/billing/credits': 'self',
  'POST /api/billing/portal': 'self',
  'POST /api/billing/video-estimate': 'read',
  'POST /api/billing/webhook': 'public',
  'POST /api/companies': 'self',
  'POST /api/companies/{companyId}/glossary': 'edit',
  'POST /api/companies/{id}/invitations': 'owner',
  'POST /api/companies/{id}/invitations/{invitationId}/resend': 'owner',
  'POST /api/companies/{id}/switch': 'read',
  'POST /api/companies/{id}/transfer-ownership': 'owner',
  'POST /api/invitations/{token}/accept': 'self',
  'POST /api/library/documents': 'edit',
  'POST /api/projects': 'edit',
  'POST /api/projects/{id}/apply-improvements': 'edit',
  'POST /api/projects/{id}/bulk-translate': 'edit',
  'POST /api/projects/{id}/comments': 'comment',
  'POST /api/projects/{id}/quality-assessment': 'edit',
  'POST /api/projects/{id}/set-primary-language': 'edit',
  'POST /api/projects/{id}/share': 'edit',
  'POST /api/projects/{projectId}/interactive-video': 'edit',
  'POST /api/scorm/export/{projectId}': 'edit',
  'POST /api/support/tickets': 'self',
  'POST /api/templates': 'edit',
  'POST /api/uploads': 'edit',
  'POST /api/voices/clone': 'edit',
  'POST /api/voices/preview/{voice_id}': 'self',
  'PUT /api/projects/{id}/translations/{language}/xliff': 'edit',
  'GET /api/integrations/catalogue': 'self',
  'GET /api/integrations/events': 'public',
  // The caller's own id only (another user's is 404, whatever the role); the Owner's gate on the
  // company's integrations is integrations.test.ts's.
  'GET /api/integrations/user/{userId}': 'self',
  'POST /api/integrations/setup': 'owner',
  'GET /api/integrations/{id}': 'owner',
  'GET /api/integrations/{id}/status': 'owner',
  'POST /api/integrations/{id}/test': 'owner',
  'POST /api/integrations/{id}/rotate-secret': 'owner',
  'DELETE /api/integrations/{id}': 'owner',
  'GET /api/integrations/{id}/deliveries': 'owner',
  'POST /api/integrations/{id}/deliveries/{deliveryId}/replay': 'owner',
  // A Zapier app's calls: the integration's api_key is the credential (integrations.test.ts).
  'GET /api/integrations/zapier/me': 'public',
  'POST /api/integrations/zapier/hooks': 'public',
  'DELETE /api/integrations/zapier/hooks/{id}': 'public',
  'GET /api/integrations/zapier/samples/{event}': 'public',
  // Advanced video processing: uploading and running jobs is an Editor's, reading anyone's.
  'POST /api/video/uploads': 'edit',
  'GET /api/video/files': 'read',
  'GET /api/video/files/{id}/download': 'read',
  'DELETE /api/video/files/{id}': 'edit',
  'POST /api/video/files/from-project': 'edit',
  'GET /api/video/jobs/{id}': 'read',
  'POST /api/video/effects/chroma-key': 'edit',
  'POST /api/video/effects/color-correction': 'edit',
  'POST /api/video/enhance/scene-detection': 'edit',
  'POST /api/video/enhance/smart-crop': 'edit',
  'POST /api/video/enhance/quality': 'edit',
  'POST /api/video/transcribe': 'edit',
  'POST /api/video/subtitles': 'edit',
  'POST /api/video/analyze': 'edit',
  'POST /api/video/batch-process': 'edit',
  // The tus protocol's resumable uploads: creating one is an Editor's (video-processing.test.ts, as
  // multipart uploads are uploads.test.ts's); the rest act on the caller's own upload only.
  'POST /api/video/uploads/tus': 'edit',
  'POST /api/video/uploads/tus/{*}': 'self',
  'GET /api/video/uploads/tus': 'self',
  'GET /api/video/uploads/tus/{*}': 'self',
  'HEAD /api/video/uploads/tus': 'self',
  'HEAD /api/video/uploads/tus/{*}': 'self',
  'PATCH /api/video/uploads/tus': 'self',
  'PATCH /api/video/uploads/tus/{*}': 'self',
  'DELETE /api/video/uploads/tus': 'self',
  'DELETE /api/video/uploads/tus/{*}': 'self',
  'OPTIONS /api/video/uploads/tus': 'self',
  'OPTIONS /api/video/uploads/tus/{*}': 'self',
  // The local test checkout's page: the session id is the credential.
  // The payment provider's, signed.
};

const ORDER: Role[] = ['viewer', 'commenter', 'editor', 'owner'];
const LOWEST: Record<Exclude<Need, 'public' | 'self'>, Role> = { read: 'viewer', comment: 'commenter', edit: 'editor', owner: 'owner' };

// Bodies the schema alone does not make valid enough to reach the check (formats, known values).
const BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/companies/{id}/invitations': { email: 'someone@example.com', role: 'viewer' },
  'POST /api/analytics/lrs-keys': { name: 'A credential' },
  'POST /api/integrations/setup': { integration_type: 'slack', configuration: { webhook_url: 'https://hooks.slack.com/services/T0/B0/roles' } },
  'POST /api/scorm/export/{projectId}': { package_name: 'Roles', scorm_version: '1.2' },
  'POST /api/projects/{id}/bulk-translate': { target_languages: ['es'] },
  'POST /api/projects/{id}/set-primary-language': { primary_language: 'es' },
  'POST /api/ai-services/initialize': { service_type: 'quality_optimizer' },
  'POST /api/ai-services/analyze': { analysis_type: 'readability_check' },
  'POST /api/projects/{id}/apply-improvements': { selected_recommendations: ['structure'] },
  'POST /api/projects/{id}/comments': { body: 'A comment' },
  'PATCH /api/projects/{id}': { title: 'Renamed' },
  'PATCH /api/companies/{id}/members/{userId}': { role: 'viewer' },
  'PATCH /api/projects/{id}/translations/{language}/slides/{index}': { title: 'Uno', points: ['Dos'] },
};

/** The Owner's video for the video routes' bodies (set once the fixture has one). */
const videoBodies = (videoFileId: string): Record<string, Record<string, unknown>> => ({
  ...Object.fromEntries(
    ['effects/chroma-key', 'effects/color-correction', 'enhance/scene-detection', 'enhance/smart-crop', 'enhance/quality', 'transcribe', 'analyze'].map((p) => [`POST /api/video/${p}`, { video_path: videoFileId }]),
  ),
  'POST /api/video/batch-process': { video_files: [videoFileId], operations: ['sharpening'] },
});

// Query strings a route needs to reach the check.
const QUERIES: Record<string, (f: Record<string, string>) => string> = {
  'POST /api/billing/video-estimate': (f) => `?project_id=${f.projectId}`,
  'GET /api/library/search': (f) => `?q=roles&company_id=${f.companyId}`,
  'GET /api/analytics/lrs-keys': (f) => `?company_id=${f.companyId}`,
  'GET /api/analytics/dashboard': (f) => `?company_id=${f.companyId}`,
  'GET /api/analytics/engagement': (f) => `?company_id=${f.companyId}`,
  'GET /api/analytics/completion': (f) => `?company_id=${f.companyId}`,
  'GET /api/analytics/realtime': (f) => `?company_id=${f.companyId}`,
  'GET /api/analytics/export.csv': (f) => `?company_id=${f.companyId}`,
  'GET /api/video/files': (f) => `?company_id=${f.companyId}`,
};

interface Operation {
  key: string;
  method: string;
  path: string;
  body?: Schema;
  /** The body's media types ('application/json', multipart, XML). */
  consumes: string[];
}
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  pattern?: string;
}

/** The least a schema accepts: required properties only, each the least of its type. */
function least(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return least(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) return Object.fromEntries((schema.required ?? []).map((name) => [name, least(schema.properties?.[name])]));
  if (type === 'array') return Array.from({ length: schema.minItems ?? 0 }, () => least(schema.items));
  if (type === 'integer' || type === 'number') return Math.max(schema.minimum ?? 1, 1);
  if (type === 'boolean') return false;
  return 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
}

let h: Harness;
let members: Record<Role | 'stranger', Account>;
let fixture: Record<string, string>;

beforeAll(async () => {
  h = await sharedHarness();
  const owner = await register(h, 'Rosa Roles', 'enterprise');
  const others = { editor: await register(h, 'Ed Roles'), commenter: await register(h, 'Cam Roles'), viewer: await register(h, 'Val Roles') };
  for (const [role, who] of Object.entries(others)) {
    await addMember(h, owner.companyId, who, role as Role);
    // Their current company is the Owner's, for the routes that act on the current one.
    await eventually(async () => (await call(h, 'POST', `/api/companies/${owner.companyId}/switch`, who, {})).statusCode === 200, 10_000);
  }
  members = { owner, ...others, stranger: await register(h, 'Sam Roles', 'enterprise') };
  const project = await call(h, 'POST', '/api/projects', owner, { title: 'Roles', project_type: 'slides_to_script', slides_content: '# Roles\n\n## One\n- A point\n', input_method: 'text' });
  const projectId = project.json().id as string;
  const term = (await call(h, 'POST', `/api/companies/${owner.companyId}/glossary`, owner, { term: 'Rolesco' })).json().id as string;
  const comment = (await call(h, 'POST', `/api/projects/${projectId}/comments`, owner, { body: 'Owner note' })).json().id as string;
  const exported = await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${projectId}`, owner)).json();
    if (p.status !== 'completed') return undefined;
    return (await call(h, 'POST', `/api/scorm/export/${projectId}`, owner, { package_name: 'Roles', scorm_version: '1.2' })).json().package_id as string;
  }, 60_000);
  const libraryDocument = (await call(h, 'POST', '/api/library/documents', owner, { title: 'Roles', text: 'Roles decide who may add documents to the library.' })).json().id as string;
  const lrsKey = (await call(h, 'POST', '/api/analytics/lrs-keys', owner, { name: 'Roles' })).json().id as string;
  const integration = (await call(h, 'POST', '/api/integrations/setup', owner, { integration_type: 'slack', configuration: { webhook_url: 'https://hooks.slack.com/services/T0/B0/roles' } })).json().integration.id as string;
  const clip = join(mkdtempSync(join(tmpdir(), 'tw-roles-')), 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', clip]);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(clip)]), 'clip.mp4');
  const video = ((await (await fetch(`${h.baseUrl}/api/video/uploads`, { method: 'POST', body: form, headers: owner.auth })).json()) as { video_path: string }).video_path;
  const videoJob = (await call(h, 'POST', '/api/video/enhance/quality', owner, { video_path: video, denoise: false, sharpen: true })).json().job_id as string;
  Object.assign(BODIES, videoBodies(video));
  fixture = { projectId, companyId: owner.companyId, termId: term, commentId: comment, packageId: exported, ownerId: owner.id, libraryDocumentId: libraryDocument, lrsKeyId: lrsKey, integrationId: integration, videoFileId: video, videoJobId: videoJob };
}, 120_000);

/** The path with each parameter naming the Owner's thing. */
function concrete(op: Operation): string {
  const byName: Record<string, string> = {
    projectId: fixture.projectId!,
    companyId: fixture.companyId!,
    termId: fixture.termId!,
    commentId: fixture.commentId!,
    userId: fixture.ownerId!,
    invitationId: randomUUID(),
    // Any delivery: the integration it is asked under is the Owner's.
    deliveryId: randomUUID(),
    event: 'project.completed',
    durationOrId: fixture.projectId!,
    language: 'es',
    format: 'pdf',
    n: '1',
    index: '1',
  };
  return op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'id') {
      if (op.path.startsWith('/api/companies')) return fixture.companyId!;
      if (op.path.startsWith('/api/scorm/packages')) return fixture.packageId!;
      if (op.path.startsWith('/api/library')) return fixture.libraryDocumentId!;
      if (op.path.startsWith('/api/analytics/lrs-keys')) return fixture.lrsKeyId!;
      if (op.path.startsWith('/api/integrations')) return fixture.integrationId!;
      if (op.path.startsWith('/api/video/files')) return fixture.videoFileId!;
      if (op.path.startsWith('/api/video/jobs')) return fixture.videoJobId!;
      return fixture.projectId!;
    }
    const value = byName[name];
    if (!value) throw new Error(`${op.key}: no value for {${name}}`);
    return value;
  });
}

function bodyOf(op: Operation): unknown {
  if (op.method === 'GET' || op.method === 'DELETE') return undefined;
  const made = { ...(least(op.body) as Record<string, unknown> | undefined), ...BODIES[op.key] };
  // A body naming the company or project: the Owner's.
  if (op.body?.properties?.company_id) made.company_id = fixture.companyId;
  if (op.body?.properties?.project_id) made.project_id = fixture.projectId;
  return made;
}

async function operations(): Promise<Operation[]> {
  const doc = (await h.request({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      body: op.requestBody?.content?.['application/json']?.schema,
      consumes: Object.keys(op.requestBody?.content ?? {}),
    })),
  );
}

describe('the role matrix over every route', () => {
  it('should have a line in ROUTES for every route the gateway serves, and no stale one', async () => {
    const served = (await operations()).map((o) => o.key).filter((k) => !k.startsWith('GET /api/docs'));
    expect(served.filter((k) => !(k in ROUTES)).sort()).toEqual([]);
    expect(Object.keys(ROUTES).filter((k) => !served.includes(k)).sort()).toEqual([]);
  });

  it("should refuse each role below what a company route needs (403) and a stranger (404), and let the lowest role read", async () => {
    const problems: string[] = [];
    let checked = 0;
    for (const op of await operations()) {
      const need = ROUTES[op.key];
      if (!need || need === 'public' || need === 'self') continue;
      // Files sent as multipart (uploads, voice samples): their roles are uploads.test.ts's and
      // voices.test.ts's (the file part is read first).
      if (op.consumes.some((type) => type.startsWith('multipart/')) || op.key.includes('upload-projects') || op.key === 'POST /api/uploads' || op.key === 'POST /api/voices/clone' || op.path.startsWith('/api/video/uploads')) continue;
      const url = concrete(op) + (QUERIES[op.key]?.(fixture) ?? '');
      const xml = op.consumes.some((type) => type.includes('xml'));
      const send = (who: Account) =>
        xml
          ? h.request({ method: op.method, url, payload: '<xliff version="1.2"/>', headers: { ...who.auth, 'content-type': 'application/xliff+xml' } })
          : call(h, op.method, url, who, bodyOf(op));
      // A route that names no company thing acts on the caller's current company: a stranger's is their own.
      const namesAThing = /\{/.test(op.path) || !!QUERIES[op.key] || !!op.body?.properties?.company_id || !!op.body?.properties?.project_id;
      const lowest = ORDER.indexOf(LOWEST[need]);
      for (const [i, role] of ORDER.entries()) {
        if (i >= lowest) continue;
        const res = await send(members[role]);
        checked++;
        if (res.statusCode !== 403) problems.push(`${op.key} as ${role}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
      if (namesAThing) {
        const stranger = await send(members.stranger);
        checked++;
        if (stranger.statusCode !== 404) problems.push(`${op.key} as a stranger: ${stranger.statusCode} ${stranger.body.slice(0, 160)}`);
      }
      if (op.method === 'GET') {
        const allowed = await send(members[LOWEST[need]]);
        checked++;
        if (allowed.statusCode === 403 || (allowed.statusCode === 404 && /not found/i.test(allowed.json().message ?? '') && !/translation|package|video|logo/i.test(op.path))) {
          problems.push(`${op.key} as ${LOWEST[need]}: ${allowed.statusCode} ${allowed.body.slice(0, 160)}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThan(100);
  }, 180_000);
});
