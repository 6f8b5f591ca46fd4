// The translation operations on fake ports: the plan's languages, the job's run (a void run, an
// engine without a route, a fault retried then failing on the last attempt, content over the
// limit) and that no translation stays 'translating'.
import { AppError, JobError, createLogger, type Failure } from '@trainwright/platform';
import { sourceHashOf } from '../../../src/services/staleness.js';
import { deleteTranslation } from '../../../src/services/translations/delete-translation.js';
import type { ContentTranslator, SourceStamp, TranslationDeps, TranslationResult, TranslationStart, TranslationStore } from '../../../src/services/translations/deps.js';
import { runTranslation } from '../../../src/services/translations/run-translation.js';
import { startTranslations } from '../../../src/services/translations/start-translations.js';
import { translateTexts, type TextsRequest } from '../../../src/services/translations/translate-texts.js';
import type { ProjectContent, ProjectInfo, TranslationRecord, TranslationWithContent } from '../../../src/services/types.js';

const CONTENT: ProjectContent = { title: 'Forklift', description: '', slidesContent: '## Speed\n- Drive slowly.', scriptContent: '', generatedContent: null };
const PROJECT: ProjectInfo = { id: 'p1', companyId: 'c1', title: 'Forklift', primaryLanguage: 'en', contentVersion: 3, sourceHash: sourceHashOf(CONTENT), hasContent: true };

class FakeStore implements TranslationStore {
  rows = new Map<string, TranslationWithContent>();
  async list(projectId: string) {
    return [...this.rows.values()].filter((r) => r.projectId === projectId);
  }
  async find(projectId: string, language: string) {
    return [...this.rows.values()].find((r) => r.projectId === projectId && r.language === language) ?? null;
  }
  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }
  async start(starts: TranslationStart[]) {
    return starts.map((s) => {
      const existing = [...this.rows.values()].find((r) => r.projectId === s.projectId && r.language === s.language);
      const row: TranslationWithContent = {
        ...(existing ?? { id: `t-${s.language}`, content: null, sourceContent: null, segments: null, version: 0, engine: '', warnings: [], unknownWords: [], createdAt: new Date(0) }),
        projectId: s.projectId,
        companyId: s.companyId,
        language: s.language,
        sourceLanguage: s.sourceLanguage,
        sourceVersion: s.sourceVersion,
        sourceHash: s.sourceHash,
        runId: s.runId,
        status: 'queued',
        progress: 0,
        error: '',
        errorMessage: null,
        updatedAt: new Date(0),
      };
      this.rows.set(row.id, row);
      return row;
    });
  }
  private live(id: string, runId: string, statuses: string[]) {
    const row = this.rows.get(id);
    return row && row.runId === runId && statuses.includes(row.status) ? row : null;
  }
  async begin(id: string, runId: string) {
    const row = this.live(id, runId, ['queued', 'translating']);
    if (row) row.status = 'translating';
    return row !== null;
  }
  async progress(id: string, runId: string, percent: number) {
    const row = this.live(id, runId, ['translating']);
    if (row) row.progress = percent;
    return row;
  }
  async complete(id: string, runId: string, result: TranslationResult, source: SourceStamp) {
    const row = this.live(id, runId, ['queued', 'translating']);
    if (row) Object.assign(row, { status: 'completed', progress: 100, error: '', errorMessage: null, content: result.content, engine: result.engine, version: row.version + 1, sourceVersion: source.version, sourceHash: source.hash });
    return row;
  }
  async fail(id: string, runId: string, failure: Failure) {
    const row = this.live(id, runId, ['queued', 'translating']);
    if (row) Object.assign(row, { status: 'failed', error: failure.text, errorMessage: failure.message });
    return row;
  }
  async replace(): Promise<TranslationRecord | 'conflict'> {
    return 'conflict';
  }
  async remove(projectId: string, language: string) {
    const row = await this.find(projectId, language);
    if (row) this.rows.delete(row.id);
    return row;
  }
  async swapWithPrimary() {}
  async removeProject() {}
}

function translator(translate: ContentTranslator['translate'], translateTexts?: ContentTranslator['translateTexts']): ContentTranslator {
  const route: ContentTranslator['route'] = (_from, to) =>
    to === 'de' ? { ok: false, reason: 'The offline translation engine (Apertium) cannot translate from English into German.' } : { ok: true, engine: 'apertium' };
  return {
    engine: 'apertium',
    route,
    translate,
    translateTexts:
      translateTexts ??
      (async (texts, o) => {
        const r = route(o.from, o.to);
        if (!r.ok) throw new JobError(r.reason);
        return { texts: texts.map((t) => `${o.to}:${t}`), engine: 'apertium', warnings: [] };
      }),
    pairs: () => [],
    reassemble: () => {
      throw new Error('not used');
    },
  };
}

function setup(
  options: {
    tier?: 'free-trial' | 'professional' | 'enterprise';
    translate?: ContentTranslator['translate'];
    translateTexts?: ContentTranslator['translateTexts'];
    maxChars?: number;
    role?: 'owner' | 'viewer';
    /** What the job reads (default: the project as the start saw it). */
    source?: { project: ProjectInfo; content: ProjectContent };
  } = {},
) {
  const store = new FakeStore();
  const queued: string[] = [];
  const progress: number[] = [];
  let runs = 0;
  // Every port but the company data and XLIFF, which these operations do not use.
  const deps: Omit<TranslationDeps, 'companyData' | 'xliff'> = {
    store,
    glossary: { list: async () => [] },
    projects: {
      project: async (_userId, projectId) => {
        if (projectId !== PROJECT.id) throw AppError.notFound('Project not found');
        return PROJECT;
      },
      source: async () => options.source ?? { project: PROJECT, content: CONTENT },
      replaceContent: async () => PROJECT,
    },
    memberships: {
      find: async () => ({
        companyId: 'c1',
        companyName: 'Co',
        role: options.role ?? 'owner',
        ownerTier: options.tier ?? 'professional',
        ownerUserId: 'u1',
        capabilities: [],
        ownerTrialState: 'active',
        ownerTrialStateUntilMs: 0,
      }),
    },
    jobs: { enqueue: async (id) => void queued.push(id) },
    translator: translator(
      options.translate ??
        (async (content, o) => {
          await o.onProgress(50);
          return { content: { ...content, title: 'Carretilla' }, segments: [], engine: 'apertium', warnings: [], unknownWords: [] };
        }),
      options.translateTexts,
    ),
    progressEvents: { progress: async (t) => void progress.push(t.progress) },
    logger: createLogger('test', 'silent'),
    maxChars: options.maxChars ?? 1_000_000,
    newRunId: () => `run-${++runs}`,
  };
  return { deps, store, queued, progress };
}

const failure = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as AppError);

describe('translation operations', () => {
  describe('start', () => {
    it('should queue one job per language and answer the overview', async () => {
      const { deps, queued } = setup();
      const overview = await startTranslations(deps, 'u1', 'p1', ['es', 'fr', 'es']);
      expect(queued).toEqual(['t-es', 't-fr']);
      expect(overview.translations.map((t) => [t.language, t.status])).toEqual([
        ['es', 'queued'],
        ['fr', 'queued'],
      ]);
      expect(overview.capabilities.map((c) => c.language)).toEqual(['es', 'fr']);
    });

    it("should refuse a language outside the plan (403 naming the plan), an empty list and the project's own language", async () => {
      const { deps, queued } = setup();
      expect(await failure(startTranslations(deps, 'u1', 'p1', ['de']))).toMatchObject({ status: 403, message: expect.stringMatching(/^Your Professional plan includes translation into/) });
      expect(await failure(startTranslations(deps, 'u1', 'p1', []))).toMatchObject({ status: 400 });
      expect(await failure(startTranslations(deps, 'u1', 'p1', ['en']))).toMatchObject({ status: 400, message: 'The project is already in English.' });
      expect(await failure(startTranslations(deps, 'u1', 'other', ['es']))).toMatchObject({ status: 404 });
      expect(queued).toEqual([]);
    });

    it('should refuse a viewer (403)', async () => {
      const { deps } = setup({ role: 'viewer' });
      expect(await failure(startTranslations(deps, 'u1', 'p1', ['es']))).toMatchObject({ status: 403 });
    });
  });

  describe('run', () => {
    it('should translate, report progress and complete', async () => {
      const { deps, store, progress } = setup();
      await startTranslations(deps, 'u1', 'p1', ['es']);
      await expect(runTranslation(deps, 't-es', 'run-1', { last: false })).resolves.toBe('completed');
      expect(store.rows.get('t-es')).toMatchObject({ status: 'completed', progress: 100, version: 1 });
      expect(store.rows.get('t-es')!.content!.title).toBe('Carretilla');
      expect(progress).toEqual([50]);
    });

    it('should keep the version and hash of the content the run translated, newer than at its start', async () => {
      const edited = { ...CONTENT, title: 'Forklift basics' };
      const { deps, store } = setup({ source: { project: { ...PROJECT, contentVersion: 4, sourceHash: sourceHashOf(edited) }, content: edited } });
      await startTranslations(deps, 'u1', 'p1', ['es']);
      expect(store.rows.get('t-es')).toMatchObject({ sourceVersion: 3, sourceHash: PROJECT.sourceHash });
      await runTranslation(deps, 't-es', 'run-1', { last: false });
      expect(store.rows.get('t-es')).toMatchObject({ status: 'completed', sourceVersion: 4, sourceHash: sourceHashOf(edited) });
    });

    it('should end a run that was started again or deleted without writing', async () => {
      const { deps, store } = setup();
      await startTranslations(deps, 'u1', 'p1', ['es']);
      await startTranslations(deps, 'u1', 'p1', ['es']);
      await expect(runTranslation(deps, 't-es', 'run-1', { last: false })).resolves.toBe('void');
      expect(store.rows.get('t-es')!.status).toBe('queued');
      await deleteTranslation(deps, 'u1', 'p1', 'es');
      await expect(runTranslation(deps, 't-es', 'run-2', { last: false })).resolves.toBe('void');
    });

    it("should fail a language the engine has no route for, with the engine's message", async () => {
      const { deps, store } = setup({ tier: 'enterprise' });
      await startTranslations(deps, 'u1', 'p1', ['de']);
      await expect(runTranslation(deps, 't-de', 'run-1', { last: false })).resolves.toBe('failed');
      expect(store.rows.get('t-de')!.error).toMatch(/cannot translate from English into German/);
      expect(store.rows.get('t-de')!.errorMessage).toBeNull();
    });

    it('should retry a fault and fail the translation on the last attempt, never leaving it translating', async () => {
      const { deps, store } = setup({
        translate: async () => {
          throw new Error('connection reset');
        },
      });
      await startTranslations(deps, 'u1', 'p1', ['es']);
      await expect(runTranslation(deps, 't-es', 'run-1', { last: false })).rejects.toThrow('connection reset');
      expect(store.rows.get('t-es')!.status).toBe('translating');
      await expect(runTranslation(deps, 't-es', 'run-1', { last: true })).resolves.toBe('failed');
      expect(store.rows.get('t-es')).toMatchObject({ status: 'failed', error: 'Translation failed', errorMessage: { id: 'translation.failed', params: [] } });
    });

    it("should fail at once on an engine's final answer, naming it", async () => {
      const { deps, store } = setup({
        translate: async () => {
          throw new JobError('The translation engine broke the markup of a segment.');
        },
      });
      await startTranslations(deps, 'u1', 'p1', ['es']);
      await expect(runTranslation(deps, 't-es', 'run-1', { last: false })).resolves.toBe('failed');
      expect(store.rows.get('t-es')).toMatchObject({ error: 'The translation engine broke the markup of a segment.', errorMessage: null });
    });

    it('should fail content over the limit with its message', async () => {
      const { deps, store } = setup({ maxChars: 10 });
      await startTranslations(deps, 'u1', 'p1', ['es']);
      await expect(runTranslation(deps, 't-es', 'run-1', { last: false })).resolves.toBe('failed');
      expect(store.rows.get('t-es')!.error).toMatch(/^This project holds more text than one translation takes \(10 characters\)/);
      expect(store.rows.get('t-es')!.errorMessage).toEqual({ id: 'translation.tooLong', params: [10] });
    });
  });

  describe('translateTexts', () => {
    const COMPANY = '11111111-1111-4111-8111-111111111111';
    const request = (changes: Partial<TextsRequest> = {}): TextsRequest => ({ companyId: COMPANY, projectId: 'p1', from: 'en', to: 'es', texts: ['Brakes', 'Check the forks'], ...changes });

    it('should answer one translation per text, in order, naming the engine', async () => {
      const { deps } = setup();
      expect(await translateTexts(deps, request())).toEqual({ texts: ['es:Brakes', 'es:Check the forks'], engine: 'apertium' });
      expect(await translateTexts(deps, request({ texts: [] }))).toEqual({ texts: [], engine: 'apertium' });
    });

    it("should refuse a route the engine does not have (CONFLICT with the engine's reason), an unknown language and a company that is no uuid (VALIDATION_FAILED)", async () => {
      const { deps } = setup();
      expect(await failure(translateTexts(deps, request({ to: 'de' })))).toMatchObject({ code: 'CONFLICT', message: 'The offline translation engine (Apertium) cannot translate from English into German.' });
      expect(await failure(translateTexts(deps, request({ to: 'xx' })))).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unknown language: xx.', detail: { field: 'target_language' } });
      expect(await failure(translateTexts(deps, request({ from: '' })))).toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'source_language' } });
      expect(await failure(translateTexts(deps, request({ companyId: '' })))).toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'company_id' } });
    });

    it('should answer UNAVAILABLE for an engine failure worth another try, and refuse texts over the limit', async () => {
      const { deps } = setup({
        translateTexts: async () => {
          throw new JobError('The translation server did not answer in time.', true);
        },
      });
      expect(await failure(translateTexts(deps, request()))).toMatchObject({ code: 'UNAVAILABLE', message: 'The translation server did not answer in time.' });
      expect(await failure(translateTexts(setup({ maxChars: 10 }).deps, request()))).toMatchObject({ code: 'VALIDATION_FAILED', detail: { field: 'texts' } });
    });
  });
});
