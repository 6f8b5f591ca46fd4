// Packages that report to Trainwright's own LRS, against the real PostgreSQL (schema scorm: the
// package, its sender credential, the statements and the rollup), Redis (the export queues the
// build; the build is run here as the job runs it), NATS and object storage (the zip read back). The project service, auth and
// media-render are fakes, as in the other medium tests; the LRS is composed as main.ts composes it.
// A package exported with tracking carries the absolute endpoint and its own credential, channel
// scorm; its player's statements (the reporter run here on the package's own course data) are
// stored and make a view of the project, and the credential writes about no other project. A
// package exported without tracking carries none, and no credential is made for it.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { XAPI_VERBS } from '@trainwright/catalogue';
import { AppError, BUILD_SCORM_PACKAGE_JOB, JobQueue, LocalFileStorage, connectServiceInfra, createLogger, type Membership, type ServiceInfra } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { evaluate } from '../../../player/src/evaluation.js';
import { lrsReporter, type ReporterStorage } from '../../../player/src/lrs-reporter.js';
import { initialState } from '../../../player/src/state.js';
import { createXapiDeps, migrateScorm } from '../../../src/main.js';
import type { PlayerCourse } from '../../../src/package/index.js';
import { SCORM_SCHEMA, type ScormDatabase } from '../../../src/repositories/database.js';
import { InteractiveMediaRepository } from '../../../src/repositories/interactive-media.repository.js';
import { InteractiveVideoRepository } from '../../../src/repositories/interactive-video.repository.js';
import { LearnerRollupRepository } from '../../../src/repositories/learner-rollup.repository.js';
import { LrsKeyRepository } from '../../../src/repositories/lrs-key.repository.js';
import { PackageAssemblerRepository } from '../../../src/repositories/package-assembler.repository.js';
import { PackageJobsRepository } from '../../../src/repositories/package-jobs.repository.js';
import { PackageRepository } from '../../../src/repositories/package.repository.js';
import { ProgressEventsRepository } from '../../../src/repositories/progress-events.repository.js';
import { rollupCompany } from '../../../src/services/analytics/rollup.js';
import { buildQueuedPackage } from '../../../src/services/packages/build-queued-package.js';
import type { PackageDeps } from '../../../src/services/packages/deps.js';
import { exportPackage } from '../../../src/services/packages/export-package.js';
import { getPackage } from '../../../src/services/packages/get-package.js';
import type { ExportSettings } from '../../../src/services/packages/settings.js';
import type { ProjectSource } from '../../../src/services/types.js';
import { senderCredentials } from '../../../src/services/xapi/sender-credentials.js';
import { storeStatements } from '../../../src/services/xapi/store-statements.js';
import { readZip } from '../../package/fixtures.js';

const PUBLIC_WEB_URL = 'http://localhost:3000';
const HOME = `${PUBLIC_WEB_URL}/api/xapi/`;
const COMPANY = randomUUID();
const OWNER = randomUUID();
const PROJECT = randomUUID();
const OTHER_PROJECT = randomUUID();

const project: ProjectSource = {
  id: PROJECT, companyId: COMPANY, title: 'Forklift safety', description: '', language: 'en', contentVersion: 1, hasContent: true,
  slidesContent: '# Forklift safety\n\n## Daily checks\n- Inspect the forks and chains\n\n## Load limits\n- The load plate shows the maximum weight\n',
  scriptContent: '', generatedContent: null, colors: null, fonts: null, fontStyle: 'modern', website: '',
};
const settings = (includeTracking: boolean): ExportSettings => ({
  packageName: 'Forklift safety', scormVersion: '1.2', includeTracking, tracking: { completion_rule: 'slides_viewed', completion_threshold: 100, status_pair: 'completed_incomplete' }, objectives: [], activities: [],
});
const membership: Membership = {
  companyId: COMPANY, companyName: 'Acme', role: 'owner', ownerTier: 'enterprise', ownerUserId: OWNER,
  capabilities: ['scormCompliance', 'analytics'], ownerTrialState: 'active', ownerTrialStateUntilMs: 0,
};

let infra: TestInfra;
let service: ServiceInfra<ScormDatabase>;
let storageDir: string;
let jobQueue: JobQueue;
let packages: PackageDeps;
let xapi: ReturnType<typeof createXapiDeps>;

beforeAll(async () => {
  infra = await createTestInfra('scorm_package_tracking');
  await migrateScorm({ DATABASE_URL: infra.databaseUrl });
  const logger = createLogger('test', 'silent');
  service = await connectServiceInfra<ScormDatabase>({ databaseUrl: infra.databaseUrl, schema: SCORM_SCHEMA, natsUrl: infra.natsUrl, namespace: infra.namespace, redisUrl: infra.redisUrl, logger });
  storageDir = mkdtempSync(join(tmpdir(), 'tw-package-tracking-'));
  const storage = new LocalFileStorage(storageDir);
  const afterWrite = () => void service.relay.flush();
  // The LRS and the senders' credentials as main.ts composes them (the rollup is run by hand below).
  const lrsKeys = new LrsKeyRepository(service.db);
  xapi = createXapiDeps(service.db, lrsKeys, { schedule: async () => undefined }, { PUBLIC_WEB_URL, XAPI_MAX_BATCH: 50, XAPI_MAX_FUTURE_HOURS: 24, XAPI_PAGE_SIZE: 100, XAPI_MAX_DOCUMENT_BYTES: 1_000_000 });
  await xapi.statements.ensurePartitions(new Date());
  const queues = { redisUrl: infra.redisUrl, namespace: infra.namespace };
  jobQueue = new JobQueue(queues, BUILD_SCORM_PACKAGE_JOB.queue);
  packages = {
    store: new PackageRepository(service.db, afterWrite),
    projects: {
      project: async (userId, id) => {
        if (id !== PROJECT || userId !== OWNER) throw AppError.notFound('Project not found');
        return project;
      },
      source: async () => ({ project }),
    },
    // A package of slides: the project has no narrated video.
    videos: { videoFiles: async () => ({ mp4: null, vttStorageKey: '' }) },
    translations: { renderContent: async () => null, translateTexts: async () => ({ untranslatable: 'Not translated in this test.' }) },
    memberships: {
      find: async (userId, companyId) => (userId === OWNER && companyId === COMPANY ? membership : null),
      companiesOf: async () => ({ currentCompanyId: COMPANY, companies: [] }),
    },
    jobs: new PackageJobsRepository(jobQueue),
    assembler: new PackageAssemblerRepository(storage, ''),
    progressEvents: new ProgressEventsRepository(service.bus),
    interactive: new InteractiveVideoRepository(service.db, afterWrite),
    media: new InteractiveMediaRepository(storage),
    senders: senderCredentials(lrsKeys, xapi.options.homePage),
    logger: { warn: () => undefined, error: () => undefined },
  };
  service.relay.start();
}, 60_000);

afterAll(async () => {
  await jobQueue?.close();
  await service?.close();
  if (storageDir) rmSync(storageDir, { recursive: true, force: true });
  await infra?.cleanup();
});

/** The package built as its job builds it, and its course.js. */
async function builtCourse(packageId: string): Promise<PlayerCourse> {
  expect(await buildQueuedPackage(packages, packageId, { last: true })).toBe('built');
  const done = await getPackage(packages, OWNER, packageId);
  expect(done).toMatchObject({ status: 'ready', error: '' });
  const zip = await readZip(join(storageDir, done.storageKey!));
  return JSON.parse(zip.get('course.js')!.data.toString('utf8').replace(/^window\.__TW_COURSE__ = /, '').replace(/;\s*$/, '')) as PlayerCourse;
}

const senderKeys = (packageId: string) => service.db.selectFrom('lrs_keys').selectAll().where('source', '=', 'package').where('source_id', '=', packageId).execute();

/** The gateway's part: the Basic credential of a request, as the statements resource reads it. */
function credentialOf(authorization: string): { key: string; secret: string } {
  const [key = '', secret = ''] = Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
  return { key, secret };
}

/** A fetch into the LRS's statements resource, answering as the gateway does. */
const lrsFetch = (async (url: string, init: RequestInit) => {
  expect(url).toBe(`${HOME}statements`);
  try {
    const ids = await storeStatements(xapi, { credential: credentialOf(String((init.headers as Record<string, string>).authorization)), body: String(init.body), parts: [] });
    return new Response(JSON.stringify(ids), { status: 200 });
  } catch (error) {
    return new Response(JSON.stringify({ error: String(error) }), { status: error instanceof AppError ? error.status : 500 });
  }
}) as unknown as typeof fetch;

class MemoryStorage implements ReporterStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('a package exported with tracking', () => {
  it("carries the absolute endpoint and its own credential, and its player's statements make a view of the project", async () => {
    const created = await exportPackage(packages, OWNER, PROJECT, settings(true));
    const course = await builtCourse(created.id);

    // The endpoint is absolute (the package runs on the LMS's origin), built from PUBLIC_WEB_URL.
    expect(course.lrs).toEqual({
      endpoint: HOME,
      authorization: expect.stringMatching(/^Basic [A-Za-z0-9+/=]+$/),
      activityId: `${HOME}activities/projects/${PROJECT}`,
      learnerHomePage: HOME,
      channelExtension: `${HOME}extensions/channel`,
      channel: 'scorm',
    });
    expect(new URL(course.lrs!.endpoint).origin).toBe(PUBLIC_WEB_URL);
    // The package's own credential: write statements, about its project only.
    const [key, ...more] = await senderKeys(created.id);
    expect(more).toEqual([]);
    expect(key).toMatchObject({ company_id: COMPANY, scopes: ['statements/write'], activity_id: course.lrs!.activityId, revoked_at: null });
    expect(credentialOf(course.lrs!.authorization)).toEqual({ key: key!.key, secret: key!.public_secret });

    // The learner opens the package, sees every slide, and leaves: the player's own reporter, on the package's course data.
    const reporter = lrsReporter(course, { storage: new MemoryStorage(), fetch: lrsFetch })!;
    reporter.start();
    const fresh = initialState({ slides: course.slides.length, questions: course.questions.length, videoSeconds: 0 });
    reporter.evaluated(evaluate(course, { ...fresh, viewedSlides: fresh.viewedSlides.map(() => true) }), evaluate(course, fresh));
    reporter.end();
    const stored = await eventually(async () => {
      const rows = await service.db.selectFrom('xapi_statements').select(['verb', 'session_id']).where('company_id', '=', COMPANY).orderBy('seq').execute();
      return rows.length === 3 ? rows : undefined;
    }, 10_000);
    expect(stored.map((r) => r.verb)).toEqual([XAPI_VERBS.initialized, XAPI_VERBS.completed, XAPI_VERBS.terminated]);

    // The rollup counts it as a view of the project on the scorm channel, completed.
    await rollupCompany({ rollups: new LearnerRollupRepository(service.db), homePage: HOME }, COMPANY);
    const sessions = await service.db.selectFrom('learner_sessions').selectAll().where('company_id', '=', COMPANY).execute();
    expect(sessions.map((s) => [s.session_id, s.project_id, s.channel, s.language, s.completed, s.length])).toEqual([[stored[0]!.session_id, PROJECT, 'scorm', 'en', true, 0]]);
    expect(sessions[0]!.learner).toMatch(/^account:\["http:\/\/localhost:3000\/api\/xapi\/","[0-9a-f-]{36}"\]$/);

    // The credential, public in the package, writes about no other project.
    const [initialized] = (await service.db.selectFrom('xapi_statements').select('statement').where('company_id', '=', COMPANY).orderBy('seq').limit(1).execute()).map((r) => r.statement as Record<string, any>);
    const elsewhere = { actor: initialized!.actor, verb: initialized!.verb, object: { objectType: 'Activity', id: `${HOME}activities/projects/${OTHER_PROJECT}` } };
    await expect(storeStatements(xapi, { credential: credentialOf(course.lrs!.authorization), body: JSON.stringify(elsewhere), parts: [] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
  }, 60_000);
});

describe('a package exported without tracking', () => {
  it('carries no LRS, and no credential is made for it', async () => {
    const created = await exportPackage(packages, OWNER, PROJECT, settings(false));
    const course = await builtCourse(created.id);
    expect(course.includeTracking).toBe(false);
    expect(course).not.toHaveProperty('lrs');
    expect(await senderKeys(created.id)).toEqual([]);
  }, 60_000);
});
