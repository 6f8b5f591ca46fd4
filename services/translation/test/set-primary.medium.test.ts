// Medium test of set-primary-language and of staleness against the real PostgreSQL, NATS, Redis
// and Apertium; only the project service is a fake, and it takes a content swap only at the
// content version it was computed from, as UpdateProject's expected_content_version does. A swap
// made stale by an edit or by another swap is refused with both sides intact; a normal swap
// still works; settings-only edits leave translations current, a new title does not.
import { randomUUID } from 'node:crypto';
import { AppError, createDatabase, createLogger, EventBus, JobQueue, TRANSLATE_PROJECT_JOB } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { Kysely } from 'kysely';
import { createEngine } from '../src/adapters/index.js';
import { toProtoSummary } from '../src/grpc/translation.handler.js';
import { migrateTranslation, TRANSLATION_SCHEMA } from '../src/main.js';
import { CompanyDataRepository } from '../src/repositories/company-data.repository.js';
import { contentTranslator } from '../src/repositories/content-translator.js';
import type { TranslationDatabase } from '../src/repositories/database.js';
import { GlossaryRepository } from '../src/repositories/glossary.repository.js';
import { TranslationMemoryRepository } from '../src/repositories/memory.repository.js';
import { ProgressEventsRepository } from '../src/repositories/progress-events.repository.js';
import { TranslationJobsRepository } from '../src/repositories/translation-jobs.repository.js';
import { TranslationRepository } from '../src/repositories/translation.repository.js';
import { sourceHashOf } from '../src/services/staleness.js';
import type { ProjectDirectory, TranslationDeps } from '../src/services/translations/deps.js';
import { listTranslations } from '../src/services/translations/list-translations.js';
import { runTranslation } from '../src/services/translations/run-translation.js';
import { setPrimaryLanguage } from '../src/services/translations/set-primary-language.js';
import { startTranslations } from '../src/services/translations/start-translations.js';
import type { ProjectContent, ProjectInfo } from '../src/services/types.js';

const USER = randomUUID();
const COMPANY = randomUUID();
const CHANGED = 'This project was changed meanwhile. Reload it and try again.';

const CONTENT: ProjectContent = {
  title: 'Forklift Safety',
  description: 'Daily checks',
  slidesContent: '## Daily inspection\n**Content:**\n- Check the forks and chains before each shift.\n**Speaker Notes:**\nA short check prevents most accidents.',
  scriptContent: '',
  generatedContent: null,
};

/** The project service as set-primary uses it: content versions, and a swap only at the version it was computed from. */
class FakeProjectService implements ProjectDirectory {
  readonly id = randomUUID();
  primaryLanguage = 'en';
  contentVersion = 1;
  content: ProjectContent = CONTENT;
  /** Runs just before a swap is written (a concurrent edit lands here). */
  beforeSwap: () => void = () => undefined;

  info(): ProjectInfo {
    const { id, primaryLanguage, contentVersion } = this;
    return { id, companyId: COMPANY, title: this.content.title, primaryLanguage, contentVersion, sourceHash: sourceHashOf(this.content), hasContent: true };
  }
  async project(_userId: string, projectId: string) {
    if (projectId !== this.id) throw AppError.notFound('Project not found');
    return this.info();
  }
  async source() {
    return { project: this.info(), content: this.content };
  }
  async replaceContent(_userId: string, _projectId: string, language: string, content: ProjectContent, expectedContentVersion: number) {
    this.beforeSwap();
    if (expectedContentVersion !== this.contentVersion) throw new AppError('CONFLICT', CHANGED);
    Object.assign(this, { primaryLanguage: language, content, contentVersion: this.contentVersion + 1 });
    return this.info();
  }
  /** A template or style edit: a new content version, the same text. */
  editSettings() {
    this.contentVersion += 1;
  }
  /** A rename: the project service makes no new content version for it. */
  rename(title: string) {
    this.content = { ...this.content, title };
  }
  editSlides(slidesContent: string) {
    this.content = { ...this.content, slidesContent };
    this.contentVersion += 1;
  }
}

let infra: TestInfra;
let db: Kysely<TranslationDatabase>;
let bus: EventBus;
let jobs: TranslationJobsRepository;
let jobQueue: JobQueue;
let store: TranslationRepository;
let project: FakeProjectService;
let deps: TranslationDeps;

beforeAll(async () => {
  infra = await createTestInfra('translation_primary');
  await migrateTranslation({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<TranslationDatabase>({ url: infra.databaseUrl, schema: TRANSLATION_SCHEMA });
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('test', 'silent') });
  jobQueue = new JobQueue({ redisUrl: infra.redisUrl, namespace: infra.namespace }, TRANSLATE_PROJECT_JOB.queue);
  jobs = new TranslationJobsRepository(jobQueue);
}, 30_000);

afterAll(async () => {
  await jobQueue?.close();
  await bus?.destroy();
  await db?.destroy();
  await infra?.cleanup();
});

/** A fresh project translated into `languages` by Apertium (the jobs run here, one by one). */
async function translatedProject(languages: string[]): Promise<void> {
  project = new FakeProjectService();
  store = new TranslationRepository(db, () => undefined);
  const glossary = new GlossaryRepository(db);
  const translator = contentTranslator(await createEngine({ engine: 'apertium' }), new TranslationMemoryRepository(db));
  const memberships = {
    find: async () => ({ companyId: COMPANY, companyName: 'Co', role: 'owner' as const, ownerTier: 'professional' as const, ownerUserId: USER, capabilities: [], ownerTrialState: 'active' as const, ownerTrialStateUntilMs: 0 }),
  };
  deps = {
    store,
    glossary,
    projects: project,
    memberships,
    translator,
    jobs,
    progressEvents: new ProgressEventsRepository(bus),
    companyData: new CompanyDataRepository(db),
    xliff: { read: async () => ({ sourceLanguage: '', targetLanguage: '', units: [] }), write: () => '' },
    logger: createLogger('test', 'silent'),
    maxChars: 1_000_000,
    newRunId: randomUUID,
  };
  const started = await startTranslations(deps, USER, project.id, languages);
  for (const t of started.translations) await expect(runTranslation(deps, t.id, t.runId, { last: true })).resolves.toBe('completed');
}

/** Every translation's language, version and content as stored. */
async function rows() {
  const all = await db.selectFrom('translations').select(['language', 'source_language', 'version', 'engine', 'content']).where('project_id', '=', project.id).orderBy('language').execute();
  return all.map((r) => ({ language: r.language, sourceLanguage: r.source_language, version: r.version, engine: r.engine, title: r.content!.title }));
}

/** Whether each translation is stale, as the API answers it. */
async function staleness(): Promise<Record<string, boolean>> {
  const overview = await listTranslations(deps, USER, project.id);
  return Object.fromEntries(overview.translations.map((t) => [t.language, toProtoSummary(t, overview.project).stale]));
}

const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as AppError);

describe('set-primary-language', () => {
  it("should make a translation the project's content and keep the former content as a translation", async () => {
    await translatedProject(['es']);
    const spanish = (await store.find(project.id, 'es'))!;
    await expect(setPrimaryLanguage(deps, USER, project.id, 'es')).resolves.toEqual({ primaryLanguage: 'es', availableLanguages: ['es', 'en'] });
    expect(project).toMatchObject({ primaryLanguage: 'es', contentVersion: 2, content: spanish.content });
    const english = (await store.find(project.id, 'en'))!;
    expect(english).toMatchObject({ id: spanish.id, sourceLanguage: 'es', engine: 'original', content: CONTENT, sourceVersion: 2 });
    expect(await store.find(project.id, 'es')).toBeNull();
    // The former content is a translation of the content as it is now.
    expect(await staleness()).toEqual({ en: false });
    // And back: nothing lost either way.
    await setPrimaryLanguage(deps, USER, project.id, 'en');
    expect(project).toMatchObject({ primaryLanguage: 'en', contentVersion: 3, content: CONTENT });
  }, 60_000);

  it('should refuse a swap a project edit made stale between its read and its write, changing neither side', async () => {
    await translatedProject(['es']);
    const before = await rows();
    project.beforeSwap = () => {
      project.beforeSwap = () => undefined;
      project.editSlides('## Daily inspection\n**Content:**\n- Check the mast too.');
    };
    const refused = await failure(setPrimaryLanguage(deps, USER, project.id, 'es'));
    expect([refused?.code, refused?.message]).toEqual(['CONFLICT', CHANGED]);
    expect(project).toMatchObject({ primaryLanguage: 'en', contentVersion: 2 });
    expect(project.content.slidesContent).toContain('Check the mast too.');
    expect(await rows()).toEqual(before);
    // The translation is of the content before the edit now: stale, and refused as such.
    expect(await staleness()).toEqual({ es: true });
    expect((await failure(setPrimaryLanguage(deps, USER, project.id, 'es')))?.message).toBe(
      'The project changed after it was translated into Spanish. Translate it again, then make it the primary language.',
    );
  }, 60_000);

  it('should let one of two concurrent swaps win and refuse the other, changing nothing of it', async () => {
    await translatedProject(['es', 'fr']);
    const before = await rows();
    const results = await Promise.allSettled([setPrimaryLanguage(deps, USER, project.id, 'es'), setPrimaryLanguage(deps, USER, project.id, 'fr')]);
    const won = results.findIndex((r) => r.status === 'fulfilled');
    const lost = 1 - won;
    expect(won).toBeGreaterThanOrEqual(0);
    expect((results[lost] as PromiseRejectedResult).reason).toMatchObject({ code: 'CONFLICT' });
    const [winner, loser] = won === 0 ? ['es', 'fr'] : ['fr', 'es'];
    expect(project).toMatchObject({ primaryLanguage: winner, contentVersion: 2 });
    const after = await rows();
    expect(after.find((r) => r.language === loser)).toEqual(before.find((r) => r.language === loser));
    expect(after.find((r) => r.language === 'en')).toMatchObject({ sourceLanguage: winner, engine: 'original', title: CONTENT.title });
    expect(after.map((r) => r.language).sort()).toEqual(['en', loser].sort());
  }, 60_000);
});

describe('stale', () => {
  it('should stay current through settings-only edits and turn stale when the text changes, also without a new content version', async () => {
    await translatedProject(['es']);
    expect(await staleness()).toEqual({ es: false });
    project.editSettings();
    expect(await staleness()).toEqual({ es: false });
    // Current at another content version: it may still become the primary language ...
    const spanish = (await store.find(project.id, 'es'))!;
    expect(spanish.sourceVersion).toBe(1);
    project.rename('Forklift Safety Basics');
    expect(await staleness()).toEqual({ es: true });
    // ... but not once the title changed (the new title would be lost).
    expect((await failure(setPrimaryLanguage(deps, USER, project.id, 'es')))?.code).toBe('CONFLICT');
    project.rename(CONTENT.title);
    await expect(setPrimaryLanguage(deps, USER, project.id, 'es')).resolves.toMatchObject({ primaryLanguage: 'es' });
    expect(project.contentVersion).toBe(3);
  }, 60_000);
});
