// Medium test of what a trainer reviews after a translation, against the real PostgreSQL, NATS,
// Redis, Apertium and the XLIFF worker; only the project service is a fake. The words Apertium
// left unknown are recorded (also through a pivot, in the pivot's language) and flag the
// translation 'needs review'; a glossary term for one clears it on the next run, and a segment
// fixed by hand clears its word; the product's own headings come from its catalogue; the languages
// offered are those the configured engine reaches, each other one with a code the screens
// translate; a reviewed XLIFF with a placeholder the segment does not have is a validation error.
import { randomUUID } from 'node:crypto';
import { OFFLINE_LANGUAGES } from '@trainwright/catalogue';
import { AppError, createDatabase, createLogger, EventBus, JobQueue, TRANSLATE_PROJECT_JOB, WorkerSupervisor } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { Kysely } from 'kysely';
import { ApertiumEngine, createEngine, listApertiumModes } from '../src/adapters/index.js';
import { OpenAiEngine } from '../src/adapters/openai.js';
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
import { XliffReaderRepository } from '../src/repositories/xliff-reader.js';
import { sourceHashOf } from '../src/services/staleness.js';
import type { ContentTranslator, ProjectDirectory, TranslationDeps } from '../src/services/translations/deps.js';
import { exportXliff } from '../src/services/translations/export-xliff.js';
import { getTranslation } from '../src/services/translations/get-translation.js';
import { importXliff } from '../src/services/translations/import-xliff.js';
import { listTranslations } from '../src/services/translations/list-translations.js';
import { runTranslation } from '../src/services/translations/run-translation.js';
import { startTranslations } from '../src/services/translations/start-translations.js';
import { updateTranslatedSlide } from '../src/services/translations/update-translated-slide.js';
import type { ProjectContent, ProjectInfo } from '../src/services/types.js';
import { toXliff } from '../src/text/xliff.js';

const USER = randomUUID();
const COMPANY = randomUUID();

const slides = (...lines: string[]): ProjectContent => ({ title: 'Warehouse', description: '', slidesContent: lines.join('\n'), scriptContent: '', generatedContent: null });

class FakeProjectService implements ProjectDirectory {
  readonly id = randomUUID();
  constructor(private readonly content: ProjectContent) {}
  info(): ProjectInfo {
    return { id: this.id, companyId: COMPANY, title: this.content.title, primaryLanguage: 'en', contentVersion: 1, sourceHash: sourceHashOf(this.content), hasContent: true };
  }
  async project(_userId: string, projectId: string) {
    if (projectId !== this.id) throw AppError.notFound('Project not found');
    return this.info();
  }
  async source() {
    return { project: this.info(), content: this.content };
  }
  async replaceContent(): Promise<ProjectInfo> {
    throw new Error('not used');
  }
}

let infra: TestInfra;
let db: Kysely<TranslationDatabase>;
let bus: EventBus;
let jobs: TranslationJobsRepository;
let jobQueue: JobQueue;
let sandbox: WorkerSupervisor;
let apertium: ContentTranslator;

beforeAll(async () => {
  infra = await createTestInfra('translation_review');
  await migrateTranslation({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<TranslationDatabase>({ url: infra.databaseUrl, schema: TRANSLATION_SCHEMA });
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('test', 'silent') });
  jobQueue = new JobQueue({ redisUrl: infra.redisUrl, namespace: infra.namespace }, TRANSLATE_PROJECT_JOB.queue);
  jobs = new TranslationJobsRepository(jobQueue);
  sandbox = new WorkerSupervisor();
  apertium = contentTranslator(await createEngine({ engine: 'apertium' }), new TranslationMemoryRepository(db));
}, 30_000);

afterAll(async () => {
  await jobQueue?.close();
  await bus?.destroy();
  await db?.destroy();
  await infra?.cleanup();
});

/** The operations' deps over one fake project, on the real stores and the given translator. */
function service(content: ProjectContent, translator: ContentTranslator = apertium) {
  const project = new FakeProjectService(content);
  const store = new TranslationRepository(db, () => undefined);
  const glossary = new GlossaryRepository(db);
  const memberships = {
    find: async () => ({ companyId: COMPANY, companyName: 'Co', role: 'owner' as const, ownerTier: 'enterprise' as const, ownerUserId: USER, capabilities: [], ownerTrialState: 'active' as const, ownerTrialStateUntilMs: 0 }),
  };
  const reader = new XliffReaderRepository(sandbox);
  const deps: TranslationDeps = {
    store,
    glossary,
    projects: project,
    memberships,
    translator,
    jobs,
    progressEvents: new ProgressEventsRepository(bus),
    companyData: new CompanyDataRepository(db),
    xliff: { read: (xml, expected) => reader.read(xml, expected), write: toXliff },
    logger: createLogger('test', 'silent'),
    maxChars: 1_000_000,
    newRunId: randomUUID,
  };
  /** Starts and runs the languages' jobs here; the translations as the API answers them. */
  const translate = async (languages: string[]) => {
    const started = await startTranslations(deps, USER, project.id, languages);
    for (const t of started.translations.filter((x) => languages.includes(x.language))) await expect(runTranslation(deps, t.id, t.runId, { last: true })).resolves.toBe('completed');
    return Object.fromEntries(
      await Promise.all(
        languages.map(async (language) => {
          const { translation, project: now } = await getTranslation(deps, USER, project.id, language);
          return [language, { summary: toProtoSummary(translation, now), content: translation.content! }] as const;
        }),
      ),
    );
  };
  return { project, deps, glossary, translate };
}

describe('unknown words', () => {
  /** The slide text without its section markers: what is left holds no Apertium mark. */
  const words = (text: string) => text.replace(/\*\*(Content|Speaker Notes):\*\*/g, '');
  const CONTENT = slides('## Fire hazards in our warehouse', '**Content:**', '- Check the fire extinguisher and the sprinkler.');

  it('records the words Apertium left unknown, in their language, and flags the translation for review', async () => {
    const { translate } = service(CONTENT);
    const { es, fr } = await translate(['es', 'fr']);
    expect(es!.content.slidesContent).toContain('hazards');
    expect(words(es!.content.slidesContent)).not.toMatch(/\*\p{L}/u);
    expect(es!.summary.unknownWords).toEqual([{ word: 'hazards', language: 'en' }]);
    expect(es!.summary.needsReview).toBe(true);
    // Through Spanish: the English word Spanish did not know, and the Spanish words French did not.
    expect(words(fr!.content.slidesContent)).not.toMatch(/\*\p{L}/u);
    expect(fr!.summary.unknownWords).toEqual(expect.arrayContaining([{ word: 'hazards', language: 'en' }, { word: 'extintor', language: 'es' }, { word: 'aspersor', language: 'es' }]));
    expect(fr!.summary.needsReview).toBe(true);
  }, 60_000);

  it('answers a second run from the memory, still naming the unknown words and asking for a review', async () => {
    const { translate } = service(CONTENT);
    const first = (await translate(['es'])).es!;
    const again = (await translate(['es'])).es!;
    expect(again.summary.engine).toBe('memory');
    expect(again.content.slidesContent).toBe(first.content.slidesContent);
    expect(again.summary.unknownWords).toEqual([{ word: 'hazards', language: 'en' }]);
    expect(again.summary.needsReview).toBe(true);
  }, 60_000);

  it('clears a word once a glossary term covers it and the translation is run again', async () => {
    const { translate, glossary } = service(CONTENT);
    expect((await translate(['es'])).es!.summary.needsReview).toBe(true);
    const term = await glossary.create(COMPANY, { term: 'hazards', sourceLanguage: 'en', targetLanguage: 'es', translation: 'peligros', caseSensitive: false });
    try {
      const { es } = await translate(['es']);
      expect(es!.content.slidesContent).toContain('peligros');
      expect(es!.summary.unknownWords).toEqual([]);
      expect(es!.summary.needsReview).toBe(false);
    } finally {
      if (term !== 'duplicate') await glossary.remove(COMPANY, term.id);
    }
  }, 60_000);

  it('clears a word once its segment is fixed by hand', async () => {
    const { translate, deps, project } = service(CONTENT);
    const { es } = await translate(['es']);
    expect(es!.summary.needsReview).toBe(true);
    const edited = await updateTranslatedSlide(deps, USER, project.id, 'es', 0, { title: 'Peligros de incendio en nuestro almacén', points: ['Controla el extintor y el aspersor.'], notes: '' }, es!.summary.version);
    expect(toProtoSummary(edited.translation).unknownWords).toEqual([]);
    expect(toProtoSummary(edited.translation).needsReview).toBe(false);
  }, 60_000);
});

describe("the product's own headings", () => {
  it('come from its catalogue, not from the engine', async () => {
    const { translate } = service(slides('## Learning objectives', '**Content:**', '- Check the brakes.', '', '## Summary', '**Content:**', '- Drive slowly.', '', '## Knowledge check', '**Content:**', '- Slow down near people.'));
    const { es, fr } = await translate(['es', 'fr']);
    const headings = (text: string) => text.split('\n').filter((l) => l.startsWith('## '));
    expect(headings(es!.content.slidesContent)).toEqual(['## Objetivos de aprendizaje', '## Resumen', '## Comprobación de conocimientos']);
    expect(headings(fr!.content.slidesContent)).toEqual(["## Objectifs d'apprentissage", '## Résumé', '## Vérification des connaissances']);
  }, 60_000);
});

describe('languages the engine reaches', () => {
  it("offers the plan's languages the configured engine reaches, each other one with a code the screens translate", async () => {
    const content = slides('## Speed', '**Content:**', '- Drive slowly.');
    const { deps, project } = service(content);
    const overview = await listTranslations(deps, USER, project.id);
    const reachable = overview.capabilities.filter((c) => c.supported).map((c) => c.language);
    // What this installation's Apertium reaches from English among the enterprise plan's 19 others.
    const engine = ApertiumEngine.withModes(await listApertiumModes());
    expect(reachable).toEqual(overview.capabilities.map((c) => c.language).filter((l) => engine.route('en', l).ok));
    expect(reachable).toEqual(expect.arrayContaining(['es', 'fr']));
    expect(reachable).not.toContain('de');
    // The plans' feature lines count on this list (OFFLINE_LANGUAGES): it must stay the installed one.
    expect(['en', ...reachable].sort()).toEqual([...OFFLINE_LANGUAGES].sort());
    const german = overview.capabilities.find((c) => c.language === 'de')!;
    expect(german).toMatchObject({ supported: false, reasonCode: 'offline_no_pair' });
    // An OpenAI-compatible model reaches every language.
    const model = contentTranslator(new OpenAiEngine({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }), new TranslationMemoryRepository(db));
    const withModel = service(content, model);
    const all = await listTranslations(withModel.deps, USER, withModel.project.id);
    expect(all.capabilities).toHaveLength(19);
    expect(all.capabilities.every((c) => c.supported && c.reasonCode === '')).toBe(true);
  }, 30_000);
});

describe('a reviewed XLIFF', () => {
  it('with a placeholder its segment does not have is a validation error naming it, not a failure of the service', async () => {
    const { translate, deps, project } = service(slides('## Speed limits', '**Content:**', '- Drive at 10 km/h inside the warehouse.'));
    await translate(['es']);
    const { xml } = await exportXliff(deps, USER, project.id, 'es');
    const broken = xml.replace(/(<target>[^<]*)/, '$1<ph id="999"/>');
    expect(broken).not.toBe(xml);
    const error = await importXliff(deps, USER, project.id, 'es', broken).then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('VALIDATION_FAILED');
    expect((error as AppError).message).toMatch(/unknown placeholder <ph id="999"\/>/);
    const notXml = await importXliff(deps, USER, project.id, 'es', 'this is not XML').then(() => null, (e: unknown) => e);
    expect((notXml as AppError).code).toBe('VALIDATION_FAILED');
  }, 60_000);
});
