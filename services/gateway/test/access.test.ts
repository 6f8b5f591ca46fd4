// Every gRPC method of every service, called straight (not through the gateway) by a stranger with
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// the ids of another company's real things: a project with content, a SCORM package, a glossary
// term, a company voice's preview. Each method's access table (platform access.ts) says how it
// reaches company data, and this holds it to that:
// - `action` and `delegated`: refused (NOT_FOUND or FORBIDDEN) by a decision of the access check,
//   or, for a list across the caller's companies, answered with none of the other company's data
//   after the check chose the companies;
// - `self` and `public`: refused, or answered with none of the other company's data;
// - `internal`: named here, not called (only services call it, never with a user's ids).
// A method added without its line in a table does not compile (AccessTable), and one that names an
// action but answers without the check is refused by the server (grpc/server.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { authAccess } from '@trainwright/auth';
import { billingAccess } from '@trainwright/billing';
import { generatorAccess } from '@trainwright/generator';
import { integrationAccess } from '@trainwright/integration';
import { mediaAccess } from '@trainwright/media-render';
import { AppError, createGrpcClient, type MethodAccess, type PromiseClient } from '@trainwright/platform';
import { projectAccess } from '@trainwright/project';
import { AuthServiceClient, AuthServiceService } from '@trainwright/proto/trainwright/auth/v1/auth';
import { BillingServiceClient, BillingServiceService } from '@trainwright/proto/trainwright/billing/v1/billing';
import { GeneratorServiceClient, GeneratorServiceService } from '@trainwright/proto/trainwright/generator/v1/generator';
import { IntegrationServiceClient, IntegrationServiceService } from '@trainwright/proto/trainwright/integration/v1/integration';
import { MediaServiceClient, MediaServiceService } from '@trainwright/proto/trainwright/media/v1/media';
import { ProjectServiceClient, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import { ScormServiceClient, ScormServiceService } from '@trainwright/proto/trainwright/scorm/v1/scorm';
import { TranslationServiceClient, TranslationServiceService } from '@trainwright/proto/trainwright/translation/v1/translation';
import { scormAccess } from '@trainwright/scorm';
import { translationAccess } from '@trainwright/translation';
import { call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;

type Definition = Record<string, { requestDeserialize(bytes: Buffer): unknown }>;
interface ServiceUnderTest {
  name: string;
  definition: Definition;
  access: Record<string, MethodAccess>;
  client: PromiseClient<Definition>;
}

/** What a stranger names: the other company's things. */
interface Fixture {
  owner: Account;
  stranger: Account;
  projectId: string;
  title: string;
  packageId: string;
  termId: string;
  libraryDocumentId: string;
  lrsKeyId: string;
  integrationId: string;
  voiceId: string;
  /** A preview id of the owner's company (its own voices' previews carry the company id). */
  companyAudioId: string;
  /** The owner's uploaded video (video processing) and a job run on it. */
  videoFileId: string;
  videoJobId: string;
}

let f: Fixture;
const services: ServiceUnderTest[] = [];

// Fields that do not name a thing but would be refused before the check when left empty.
const WELL_FORMED: Record<string, Record<string, unknown>> = {
  exportPackage: { packageName: 'Stranger package', scormVersion: '1.2' },
  openDownload: { format: 'pdf' },
  previewSlide: { position: 1 },
  applyImprovements: { selectedRecommendations: ['structure'] },
  initializeService: { serviceType: 'quality_optimizer' },
  analyze: { analysisType: 'readability_check' },
  confirmVideoPayment: { billingType: 'video_generation', format: 'mp4', returnUrlBase: 'http://127.0.0.1:3000' },
  cloneVoice: { name: 'Stranger voice' },
  createGlossaryTerm: { term: 'Stranger term' },
  createLrsKey: { name: 'Stranger credential' },
  updateGlossaryTerm: { term: 'Stranger term' },
  importXliff: { xml: '<xliff/>' },
  startTranslations: { targetLanguages: ['es'] },
  startVideoJob: { operation: 'color_correction' },
};

/** Request fields that name a company's thing. A method whose request has none acts on the caller's current company. */
const THING_FIELDS = ['projectId', 'companyId', 'companyIds', 'packageId', 'durationOrId', 'audioId', 'id', 'fileId', 'storageKey', 'documentId', 'keyId', 'integrationId', 'deliveryId', 'videoFileId', 'videoFileIds', 'videoJobId'];

function namesAThing(definition: Definition, method: string): boolean {
  const request = definition[method]!.requestDeserialize(Buffer.alloc(0)) as Record<string, unknown>;
  return THING_FIELDS.some((field) => field in request);
}

/** The stranger's request: every field that names a thing names the owner's; the rest well-formed. */
function strangerRequest(definition: Definition, method: string): Record<string, unknown> {
  const request = definition[method]!.requestDeserialize(Buffer.alloc(0)) as Record<string, unknown>;
  const names: Record<string, unknown> = {
    userId: f.stranger.id,
    projectId: f.projectId,
    companyId: f.owner.companyId,
    companyIds: [f.owner.companyId],
    packageId: f.packageId,
    durationOrId: f.projectId,
    audioId: f.companyAudioId,
    voiceId: f.voiceId,
    id: f.termId,
    fileId: f.projectId,
    videoFileId: f.videoFileId,
    videoFileIds: [f.videoFileId],
    videoJobId: f.videoJobId,
    documentId: f.libraryDocumentId,
    keyId: f.lrsKeyId,
    integrationId: f.integrationId,
    // Any delivery: the integration it is asked under is the owner's.
    deliveryId: randomUUID(),
    email: f.owner.email,
    password: 'not-the-password',
    // A credential nobody was given.
    token: randomBytes(16).toString('hex'),
    refreshToken: randomBytes(16).toString('hex'),
    language: 'es',
    storageKey: `companies/${f.owner.companyId}/uploads/x.pdf`,
  };
  for (const key of Object.keys(request)) if (key in names) request[key] = names[key];
  const wellFormed = WELL_FORMED[method] ?? {};
  // A field the message does not have would be dropped silently: this table must not go stale.
  for (const key of Object.keys(wellFormed)) if (!(key in request)) throw new Error(`${method} has no field ${key}`);
  return { ...request, ...wellFormed };
}

/** The owner's data that must never appear in a stranger's answer. */
function leaks(answer: unknown): string[] {
  const text = JSON.stringify(answer, (_key, value) => (Buffer.isBuffer(value) || value instanceof Uint8Array ? '<bytes>' : value));
  return [f.owner.companyId, f.owner.email, f.projectId, f.title, f.packageId, f.termId, f.libraryDocumentId, f.lrsKeyId, f.integrationId, f.videoFileId, f.videoJobId].filter((secret) => text.includes(secret));
}

async function outcome(service: ServiceUnderTest, method: string) {
  const before = await h.accessDecisions();
  const call = service.client[method] as unknown as (request: unknown, options: { userId: string }) => Promise<unknown>;
  let answer: unknown;
  let error: AppError | undefined;
  try {
    answer = await call(strangerRequest(service.definition, method), { userId: f.stranger.id });
  } catch (e) {
    error = AppError.parse(e);
  }
  const after = await h.accessDecisions();
  const rose = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
  const refusals = rose('not_found') + rose('forbidden');
  return { answer, error, refusals, listed: rose('listed'), decided: refusals + rose('listed') + rose('allowed') + rose('feature_not_available') };
}

beforeAll(async () => {
  h = await sharedHarness();
  const owner = await register(h, 'Olga Owner', 'enterprise');
  const stranger = await register(h, 'Sid Stranger', 'enterprise');
  const title = `Ladder inspection ${randomBytes(4).toString('hex')}`;
  const created = await call(h, 'POST', '/api/projects', owner, { title, project_type: 'slides_to_script', slides_content: `# ${title}\n\n## Before climbing\n- Check the feet\n- Check the rungs\n`, input_method: 'text' });
  expect(created.statusCode).toBe(201);
  const projectId: string = created.json().id;
  await eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${projectId}`, owner)).json();
    if (p.status === 'failed') throw new Error(p.error);
    return p.status === 'completed';
  }, 60_000);
  const exported = await call(h, 'POST', `/api/scorm/export/${projectId}`, owner, { package_name: title, scorm_version: '1.2' });
  expect(exported.statusCode).toBe(202);
  const term = await call(h, 'POST', `/api/companies/${owner.companyId}/glossary`, owner, { term: `Rung ${randomBytes(4).toString('hex')}` });
  expect(term.statusCode).toBe(201);
  const document = await call(h, 'POST', '/api/library/documents', owner, { title: `Ladders ${randomBytes(4).toString('hex')}`, text: 'Ladders are inspected before every climb by the person who climbs them.' });
  expect(document.statusCode).toBe(201);
  const lrsKey = await call(h, 'POST', '/api/analytics/lrs-keys', owner, { name: 'Owner credential' });
  expect(lrsKey.statusCode).toBe(201);
  const integration = await call(h, 'POST', '/api/integrations/setup', owner, { integration_type: 'slack', configuration: { webhook_url: 'https://hooks.slack.com/services/T0000/B0000/owner-secret-0000' } });
  expect(integration.statusCode).toBe(201);
  const voices = (await call(h, 'GET', '/api/voices/available', owner)).json().voices as Array<{ voice_id: string; locked: boolean }>;
  const clip = join(mkdtempSync(join(tmpdir(), 'tw-access-')), 'clip.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', clip]);
  const form = new FormData();
  form.append('file', new Blob([readFileSync(clip)]), 'clip.mp4');
  const uploaded = await fetch(`${h.baseUrl}/api/video/uploads`, { method: 'POST', body: form, headers: owner.auth });
  expect(uploaded.status).toBe(201);
  const videoFileId = ((await uploaded.json()) as { video_path: string }).video_path;
  const videoJob = await call(h, 'POST', '/api/video/effects/color-correction', owner, { video_path: videoFileId, brightness: 0.1 });
  expect(videoJob.statusCode).toBe(202);
  f = {
    owner,
    stranger,
    projectId,
    title,
    packageId: exported.json().package_id,
    termId: term.json().id,
    libraryDocumentId: document.json().id,
    lrsKeyId: lrsKey.json().id,
    integrationId: integration.json().integration.id,
    voiceId: voices.find((v) => !v.locked)!.voice_id,
    companyAudioId: `${owner.companyId.replace(/-/g, '')}${'ab'.repeat(16)}`,
    videoFileId,
    videoJobId: videoJob.json().job_id,
  };
  const tables: Array<[string, Definition, Record<string, MethodAccess>, new (...args: never[]) => unknown, number]> = [
    ['auth', AuthServiceService, authAccess, AuthServiceClient as never, h.auth.port],
    ['project', ProjectServiceService, projectAccess, ProjectServiceClient as never, h.project.port],
    ['generator', GeneratorServiceService, generatorAccess, GeneratorServiceClient as never, h.generator.port],
    ['media', MediaServiceService, mediaAccess, MediaServiceClient as never, h.media.port],
    ['billing', BillingServiceService, billingAccess, BillingServiceClient as never, h.billing.port],
    ['translation', TranslationServiceService, translationAccess, TranslationServiceClient as never, h.translation.port],
    ['scorm', ScormServiceService, scormAccess, ScormServiceClient as never, h.scorm.port],
    ['integration', IntegrationServiceService, integrationAccess, IntegrationServiceClient as never, h.integration.port],
  ];
  for (const [name, definition, access, Client, port] of tables) {
    services.push({ name, definition, access, client: createGrpcClient(Client as never, definition, `127.0.0.1:${port}`) as PromiseClient<Definition> });
  }
}, 120_000);

afterAll(() => {
  for (const s of services) s.client.close();
});

describe('every gRPC method against a stranger', () => {
  it('should refuse, or answer without the other company, every method of every service, through the access check', async () => {
    const problems: string[] = [];
    const internal: string[] = [];
    let called = 0;
    for (const service of services) {
      for (const method of Object.keys(service.definition)) {
        const declared = service.access[method]!;
        const where = `${service.name}.${method}`;
        if ('internal' in declared) {
          internal.push(where);
          continue;
        }
        called++;
        const { answer, error, refusals, listed, decided } = await outcome(service, method);
        const leaked = error ? [] : leaks(answer);
        if (error?.status === 500) problems.push(`${where}: ${error.code} ${error.message}`);
        else if (leaked.length) problems.push(`${where}: the answer holds ${leaked.join(', ')}`);
        else if (!('action' in declared || 'delegated' in declared)) continue;
        else if (!namesAThing(service.definition, method)) {
          // The caller's current company: the check decides on the stranger's own.
          if (decided < 1) problems.push(`${where}: acted on the caller's current company without a decision of the access check`);
        } else if (error && !['NOT_FOUND', 'FORBIDDEN'].includes(error.code)) problems.push(`${where}: refused with ${error.code} (${error.message}) before the access check`);
        else if (error && refusals < 1) problems.push(`${where}: refused without a decision of the access check`);
        else if (!error && listed < 1) problems.push(`${where}: answered a stranger who named another company's thing`);
      }
    }
    expect(problems).toEqual([]);
    // Every method but the internal ones was called; the internal ones are the few services call.
    expect(called + internal.length).toBe(services.reduce((n, s) => n + Object.keys(s.definition).length, 0));
    expect(internal.sort()).toEqual(['auth.getCompanyPlan', 'auth.getMembership', 'generator.readLibrarySource', 'media.getRenderedBytes', 'project.getGenerationInput', 'project.indexProjectSource', 'translation.getRenderContent', 'translation.translateTexts']);
    expect(await h.uncheckedAnswers()).toBe(0);
  }, 120_000);
});
