// The package operations with fake ports: tenancy, roles and the plan's scormCompliance on every
// call, the build's states (building with progress, ready, failed), downloads counted.
import { describe, expect, it } from '@jest/globals';
import { DEFAULT_SCORM_TRACKING, SCORM_MESSAGES, TRIAL_MESSAGES, upgradeRequiredMessage, type InteractiveVideoMetadata, type Role, type TrialState } from '@trainwright/catalogue';
import { AppError, type Membership } from '@trainwright/platform';
import { courseOf } from '../../../src/services/course.js';
import { buildQueuedPackage } from '../../../src/services/packages/build-queued-package.js';
import type { AssembleRequest, PackageChange, PackageDeps, PackageStore, TranslationDirectory } from '../../../src/services/packages/deps.js';
import { exportPackage } from '../../../src/services/packages/export-package.js';
import { forgetProjectPackages } from '../../../src/services/packages/forget-project-packages.js';
import { getPackage } from '../../../src/services/packages/get-package.js';
import { listPackages } from '../../../src/services/packages/list-packages.js';
import { fileNameOf, openPackage } from '../../../src/services/packages/open-package.js';
import type { ExportSettings } from '../../../src/services/packages/settings.js';
import type { InteractiveVideoView } from '../../../src/services/interactive/types.js';
import type { PackageRecord, PackageSettings, ProjectSource, TranslatedContent } from '../../../src/services/types.js';

const PROJECT = '11111111-1111-4111-8111-111111111111';
const COMPANY = '22222222-2222-4222-8222-222222222222';
const OTHER_COMPANY = '33333333-3333-4333-8333-333333333333';
// The tracking the request leaves out follows what the project contains (settings.ts trackingOf).
const settings: ExportSettings = { packageName: 'Forklift safety', scormVersion: '1.2', includeTracking: true, tracking: {}, objectives: [], activities: [] };

function project(changes: Partial<ProjectSource> = {}): ProjectSource {
  return {
    id: PROJECT, companyId: COMPANY, title: 'Forklift safety', description: '', language: 'en', contentVersion: 4, hasContent: true,
    slidesContent: '# Forklift safety\n\n## Brakes\n- Test the brakes\n', scriptContent: '', generatedContent: null, colors: null, fonts: null, fontStyle: 'modern',
    ...changes,
  };
}

/** Interactive video elements: one quiz at 10 s. */
function interactiveMetadata(): InteractiveVideoMetadata {
  return {
    project_id: PROJECT, video_duration: 60, analytics_enabled: true, completion_threshold: 80,
    hotspots: [], call_to_actions: [], chapters: [], branching_scenarios: [],
    quizzes: [{ id: 'quiz-1', question: 'Brakes first?', question_type: 'multiple_choice', options: [{ id: 'a', text: 'Yes', is_correct: true }, { id: 'b', text: 'No', is_correct: false }], correct_feedback: '', incorrect_feedback: '', show_time: 10, points: 10, auto_advance: false, required: true }],
  };
}

/** The project's interactive video with one of its versions (version 2 is the published one; pinned: its media copied, a 60 s video). */
function interactiveView(version: number, pinned: boolean): InteractiveVideoView {
  return {
    video: { id: 'iv-1', projectId: PROJECT, companyId: COMPANY, shareToken: 't', currentVersion: 3, publishedVersion: 2, status: 'processing', progress: 40, error: '', errorMessage: null, createdAt: new Date(), updatedAt: new Date() },
    version: {
      videoId: 'iv-1', version, title: 'Forklift safety', metadata: { ...interactiveMetadata(), completion_threshold: 70 + version }, elementCount: 1, generateAnalytics: true, createdBy: 'user', contentVersion: 4,
      videoKey: pinned ? `interactive/${COMPANY}/iv-1/${version}.mp4` : null, captionsKey: pinned ? `interactive/${COMPANY}/iv-1/${version}.vtt` : null,
      videoSize: 1, captionsSize: 1, videoSeconds: 60, createdAt: new Date(),
    },
  };
}

/** An in-memory store with the repository's rule: a ready package stays as it is. */
class MemoryStore implements PackageStore {
  rows = new Map<string, PackageRecord>();
  private next = 1;
  async create(row: { projectId: string; companyId: string; createdBy: string; language: string; settings: PackageSettings }) {
    const id = `44444444-4444-4444-8444-${String(this.next++).padStart(12, '0')}`;
    const p: PackageRecord = { ...row.settings, id, projectId: row.projectId, companyId: row.companyId, createdBy: row.createdBy, language: row.language, status: 'queued', progress: 0, error: '', errorMessage: null, contentVersion: 0, hasVideo: false, storageKey: null, size: 0, downloadCount: 0, createdAt: new Date(), updatedAt: new Date() };
    this.rows.set(id, p);
    return p;
  }
  async find(id: string) { return this.rows.get(id) ?? null; }
  async listFor(companyIds: readonly string[], projectId: string | null) {
    return [...this.rows.values()].filter((p) => companyIds.includes(p.companyId) && (!projectId || p.projectId === projectId));
  }
  async update(id: string, change: PackageChange) {
    const p = this.rows.get(id);
    if (!p || p.status === 'ready') return null;
    const { failure, ...rest } = change.status === 'failed' ? change : { ...change, failure: null };
    const updated = { ...p, ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)), error: failure?.text ?? '', errorMessage: failure?.message ?? null } as PackageRecord;
    this.rows.set(id, updated);
    return updated;
  }
  async countDownload(id: string) { this.rows.get(id)!.downloadCount++; }
  async deleteProject(projectId: string) {
    const gone = [...this.rows.values()].filter((p) => p.projectId === projectId);
    for (const p of gone) this.rows.delete(p.id);
    return gone.flatMap((p) => (p.storageKey ? [p.storageKey] : []));
  }
}

function setup(options: { role?: Role; trial?: TrialState; capabilities?: string[]; project?: ProjectSource; video?: boolean; interactive?: { current: InteractiveVideoView; versions: InteractiveVideoView[] }; translations?: Record<string, TranslatedContent>; translateTexts?: TranslationDirectory['translateTexts']; assemble?: (r: AssembleRequest) => Promise<{ storageKey: string; size: number }> } = {}) {
  const store = new MemoryStore();
  const enqueued: string[] = [];
  const progress: number[] = [];
  const deleted: string[] = [];
  const videoLanguages: string[] = [];
  const p = options.project ?? project();
  const member = (companyId: string): Membership | null =>
    companyId === COMPANY
      ? { companyId, companyName: 'Acme', role: options.role ?? 'editor', ownerTier: 'enterprise', ownerUserId: 'owner', capabilities: options.capabilities ?? ['scormCompliance', 'videoGeneration'], ownerTrialState: options.trial ?? 'active', ownerTrialStateUntilMs: 0 }
      : null;
  const deps: PackageDeps = {
    store,
    projects: {
      project: async (userId, id) => {
        if (id !== PROJECT || userId === 'stranger') throw AppError.notFound('Project not found');
        return p;
      },
      source: async () => ({ project: p }),
    },
    translations: {
      renderContent: async (id, language) => (id === PROJECT ? options.translations?.[language] ?? null : null),
      translateTexts: options.translateTexts ?? (async (r) => ({ texts: r.texts.map((t) => `${r.to}: ${t}`) })),
    },
    videos: { videoFiles: async (_userId, _projectId, language = '') => (videoLanguages.push(language), options.video ? { mp4: { storageKey: 'renders/v.mp4', size: 1000 }, vttStorageKey: 'renders/v.vtt' } : { mp4: null, vttStorageKey: '' }) },
    memberships: {
      find: async (userId, companyId) => (userId === 'stranger' ? null : member(companyId)),
      companiesOf: async (userId) => ({ currentCompanyId: COMPANY, companies: userId === 'stranger' ? [] : [{ companyId: COMPANY, companyName: 'Acme', role: options.role ?? 'editor' }] }) as never,
    },
    jobs: { enqueue: async (id) => void enqueued.push(id) },
    interactive: {
      findByProject: async (id) => (id === PROJECT ? options.interactive?.current ?? null : null),
      findVersion: async (_videoId, version) => options.interactive?.versions.find((v) => v.version.version === version) ?? null,
    },
    assembler: {
      assemble: async (request, report) => {
        for (const percent of [20, 50, 80]) await report(percent);
        return options.assemble ? options.assemble(request) : { storageKey: `scorm/${request.packageRecord.companyId}/${request.packageRecord.id}.zip`, size: 4321 };
      },
      delete: async (key) => void deleted.push(key),
    },
    progressEvents: { progress: async (r) => void progress.push(r.progress) },
    // Every render is 72 s long and has no captions (times then scale by the durations).
    media: { durationOf: async () => 72, text: async () => '' },
    senders: {
      tracking: async (input) => ({ key: `key-${input.sourceId}`, secret: 'secret', activityId: `https://app.example/api/xapi/activities/projects/${input.projectId}`, homePage: 'https://app.example/api/xapi/', channelExtension: 'https://app.example/api/xapi/extensions/channel' }),
    },
    logger: { warn: () => undefined, error: () => undefined },
  };
  return { deps, store, enqueued, progress, deleted, videoLanguages };
}

describe('the package operations', () => {

  describe('translated packages', () => {
    const spanish: TranslatedContent = {
      language: 'es', title: 'Seguridad de carretillas', description: 'Curso', slidesContent: '# Seguridad de carretillas\n\n## Frenos\n- Prueba los frenos\n', scriptContent: '',
      generatedContent: null,
    };

    it("should store the project's own language when none is given, and the translation's when it is completed", async () => {
      const { deps, store } = setup({ translations: { es: spanish } });
      expect((await exportPackage(deps, 'user', PROJECT, settings)).language).toBe('en');
      expect((await exportPackage(deps, 'user', PROJECT, settings, 'en')).language).toBe('en');
      expect((await exportPackage(deps, 'user', PROJECT, settings, 'es')).language).toBe('es');
      expect(store.rows.size).toBe(3);
    });

    it('should refuse a language without a completed translation (CONFLICT naming it) and an unknown code (VALIDATION_FAILED)', async () => {
      const { deps, store } = setup({ translations: { es: spanish } });
      await expect(exportPackage(deps, 'user', PROJECT, settings, 'de')).rejects.toMatchObject({ code: 'CONFLICT', message: 'This project has no completed translation into German. Translate it first.' });
      await expect(exportPackage(deps, 'user', PROJECT, settings, 'xx')).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'Unknown language: xx.' });
      await expect(exportPackage(deps, 'user', PROJECT, settings, 'Spanish')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(store.rows.size).toBe(0);
    });

    it("should build from the translation with that language's video, the translated title as the package name and generated objectives translated", async () => {
      const requests: AssembleRequest[] = [];
      const question = (prompt: string, yes: string) => ({ id: 'q1', prompt, options: [{ id: 'a', text: yes, is_correct: true }, { id: 'b', text: 'No', is_correct: false }], explanation: '', source: '' });
      const source = project({ generatedContent: { slides: { slide_content: '' }, objectives: ['Test the brakes'], questions: [question('Brakes first?', 'Yes')] } as never });
      const translated = { ...spanish, generatedContent: { slides: { slide_content: '' }, objectives: ['Prueba los frenos'], questions: [question('¿Frenos primero?', 'Sí')] } as never };
      const { deps, videoLanguages } = setup({ project: source, video: true, translations: { es: translated }, assemble: async (r) => (requests.push(r), { storageKey: 'k', size: 1 }) });
      const objectives = [{ id: 'o1', title: 'Test the brakes', description: '', type: 'knowledge' as const }, { id: 'o2', title: 'My own words', description: '', type: 'application' as const }];
      const created = await exportPackage(deps, 'user', PROJECT, { ...settings, objectives }, 'es');
      expect(await buildQueuedPackage(deps, created.id, { last: true })).toBe('built');
      expect(videoLanguages).toEqual(['es']);
      expect(requests[0]!.project).toMatchObject({ language: 'es', title: 'Seguridad de carretillas', slidesContent: spanish.slidesContent });
      expect(requests[0]!.packageRecord.packageName).toBe('Seguridad de carretillas');
      expect(requests[0]!.packageRecord.objectives.map((o) => o.title)).toEqual(['Prueba los frenos', 'My own words']);
      // The course: the translation's slides and assessment, in its language.
      const course = courseOf(requests[0]!.packageRecord, requests[0]!.project, null);
      expect(course).toMatchObject({ language: 'es', title: 'Seguridad de carretillas' });
      expect(course.slides.map((s) => s.title)).toEqual(['Frenos']);
      expect(course.questions.map((q) => [q.prompt, q.options.map((o) => o.text)])).toEqual([['¿Frenos primero?', ['Sí', 'No']]]);
    });

    it("should carry the published interactive video over that language's video, its texts translated and its times moved to it", async () => {
      const requests: AssembleRequest[] = [];
      const asked: Parameters<TranslationDirectory['translateTexts']>[0][] = [];
      const { deps, store } = setup({
        video: true,
        translations: { es: spanish },
        interactive: { current: interactiveView(2, true), versions: [interactiveView(2, true)] },
        translateTexts: async (r) => (asked.push(r), { texts: r.texts.map((t) => `es: ${t}`) }),
        assemble: async (r) => (requests.push(r), { storageKey: 'k', size: 1 }),
      });
      const created = await exportPackage(deps, 'user', PROJECT, settings, 'es');
      expect(await buildQueuedPackage(deps, created.id, { last: true })).toBe('built');
      expect(asked).toEqual([{ companyId: COMPANY, projectId: PROJECT, from: 'en', to: 'es', texts: ['Brakes first?', 'Yes', 'No'] }]);
      // That language's render, not the pinned video; the 60 s pinned video's times scaled to the 72 s render (no captions).
      expect(requests[0]!.video).toEqual({ mp4StorageKey: 'renders/v.mp4', vttStorageKey: 'renders/v.vtt' });
      expect(requests[0]!.interactive).toMatchObject({
        video_duration: 72,
        completion_threshold: 72,
        quizzes: [{ id: 'quiz-1', question: 'es: Brakes first?', options: [{ id: 'a', text: 'es: Yes' }, { id: 'b', text: 'es: No' }], show_time: 12 }],
      });
      expect(store.rows.get(created.id)).toMatchObject({ status: 'ready', hasVideo: true });
    });

    it('should fail the build, saying why, when the engine cannot translate the interactive video, and package none without that language\'s video', async () => {
      const interactive = { current: interactiveView(2, true), versions: [interactiveView(2, true)] };
      const refused = setup({ video: true, translations: { es: spanish }, interactive, translateTexts: async () => ({ untranslatable: 'The engine has no route.' }) });
      const created = await exportPackage(refused.deps, 'user', PROJECT, settings, 'es');
      await expect(buildQueuedPackage(refused.deps, created.id, { last: false })).rejects.toMatchObject({ retryable: false });
      expect(refused.store.rows.get(created.id)).toMatchObject({
        status: 'failed',
        error: "The interactive video's texts could not be translated into Spanish. The engine has no route.",
        errorMessage: { id: 'scorm.interactiveNotTranslated', params: ['es', 'The engine has no route.'] },
      });

      // No Spanish video rendered: no video, so no interactive video over it (nothing to translate).
      const requests: AssembleRequest[] = [];
      const silent = setup({ translations: { es: spanish }, interactive, translateTexts: async () => { throw new Error('not asked'); }, assemble: async (r) => (requests.push(r), { storageKey: 'k', size: 1 }) });
      const other = await exportPackage(silent.deps, 'user', PROJECT, settings, 'es');
      expect(await buildQueuedPackage(silent.deps, other.id, { last: true })).toBe('built');
      expect(requests[0]).toMatchObject({ video: null, interactive: null });
    });

    it('should fail the build when the translation is gone meanwhile', async () => {
      const translations: Record<string, TranslatedContent> = { es: spanish };
      const { deps, store } = setup({ translations });
      const created = await exportPackage(deps, 'user', PROJECT, settings, 'es');
      delete translations.es;
      await expect(buildQueuedPackage(deps, created.id, { last: false })).rejects.toMatchObject({ retryable: false });
      expect(store.rows.get(created.id)).toMatchObject({
        status: 'failed',
        error: 'This project has no completed translation into Spanish. Translate it first.',
        errorMessage: { id: 'scorm.noTranslation', params: ['es'] },
      });
    });
  });
  describe('exportPackage', () => {
    it('should queue a package of the project for an editor on a plan with SCORM', async () => {
      const { deps, enqueued } = setup();
      const created = await exportPackage(deps, 'user', PROJECT, settings);
      expect(created).toMatchObject({ status: 'queued', projectId: PROJECT, companyId: COMPANY, packageName: 'Forklift safety', createdBy: 'user' });
      expect(enqueued).toEqual([created.id]);
    });

    it('should refuse a rule that needs a quiz for a project without questions (400 with the message), and fit the defaults to it', async () => {
      const { deps, store } = setup();
      for (const completion_rule of ['quiz_passed', 'viewed_and_passed'] as const) {
        await expect(exportPackage(deps, 'user', PROJECT, { ...settings, tracking: { completion_rule } })).rejects.toMatchObject({
          code: 'VALIDATION_FAILED',
          status: 400,
          message: SCORM_MESSAGES.ruleNeedsQuiz,
          detail: { field: 'tracking.completion_rule' },
        });
      }
      expect(store.rows.size).toBe(0);
      // No rule given: the defaults of a project without a quiz, which reports completion only.
      const created = await exportPackage(deps, 'user', PROJECT, { ...settings, tracking: { status_pair: 'passed_failed' } });
      expect(created.tracking).toEqual({ ...DEFAULT_SCORM_TRACKING, completion_rule: 'slides_viewed', status_pair: 'completed_incomplete' });
      // With questions the rule is the request's, the rest the specification's defaults.
      const question = { id: 'q1', prompt: 'Brakes first?', options: [{ id: 'a', text: 'Yes', is_correct: true }, { id: 'b', text: 'No', is_correct: false }], explanation: '', source: '' };
      const quizzed = setup({ project: project({ generatedContent: { slides: { slide_content: '' }, objectives: [], questions: [question] } as never }) });
      const withQuiz = await exportPackage(quizzed.deps, 'user', PROJECT, { ...settings, tracking: { completion_rule: 'quiz_passed' } });
      expect(withQuiz.tracking).toEqual({ ...DEFAULT_SCORM_TRACKING, completion_rule: 'quiz_passed' });
    });

    it("should answer NOT_FOUND for another company's project and an id that is no project", async () => {
      const { deps, enqueued } = setup();
      await expect(exportPackage(deps, 'stranger', PROJECT, settings)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await expect(exportPackage(deps, 'user', 'not-a-uuid', settings)).rejects.toMatchObject({ code: 'NOT_FOUND', message: SCORM_MESSAGES.noProject });
      expect(enqueued).toEqual([]);
    });

    it('should refuse a plan without scormCompliance, naming Enterprise', async () => {
      const { deps, store } = setup({ capabilities: ['videoGeneration'] });
      await expect(exportPackage(deps, 'user', PROJECT, settings)).rejects.toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: upgradeRequiredMessage('scormCompliance') });
      expect(upgradeRequiredMessage('scormCompliance')).toContain('Enterprise');
      expect(store.rows.size).toBe(0);
    });

    it("should refuse a company whose owner's trial is over (TRIAL_ENDED, as the project service does) and keep nothing", async () => {
      const { deps, store } = setup({ trial: 'expired' });
      await expect(exportPackage(deps, 'user', PROJECT, settings)).rejects.toMatchObject({ code: 'TRIAL_ENDED', status: 403, message: TRIAL_MESSAGES.expired });
      expect(store.rows.size).toBe(0);
    });

    it('should refuse a viewer (FORBIDDEN) and a project without content (CONFLICT)', async () => {
      await expect(exportPackage(setup({ role: 'viewer' }).deps, 'user', PROJECT, settings)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(exportPackage(setup({ project: project({ hasContent: false }) }).deps, 'user', PROJECT, settings)).rejects.toMatchObject({ code: 'CONFLICT', message: SCORM_MESSAGES.noContent });
    });
  });

  describe('build', () => {
    it('should build with progress, then keep the zip and say it is ready', async () => {
      const { deps, store, progress } = setup({ video: true });
      const created = await exportPackage(deps, 'user', PROJECT, settings);
      expect(await buildQueuedPackage(deps, created.id, { last: false })).toBe('built');
      expect(store.rows.get(created.id)).toMatchObject({ status: 'ready', progress: 100, hasVideo: true, size: 4321, contentVersion: 4, storageKey: `scorm/${COMPANY}/${created.id}.zip` });
      expect(progress).toEqual([1, 20, 50, 80]);
    });

    it("should package the published interactive video's pinned video, captions and elements, not the current render", async () => {
      const view = interactiveView;
      const requests: AssembleRequest[] = [];
      // Version 3 is being prepared (not pinned): the package carries version 2, the published one.
      const { deps, store } = setup({
        video: true,
        interactive: { current: view(3, false), versions: [view(2, true), view(3, false)] },
        assemble: async (r) => (requests.push(r), { storageKey: 'scorm/x.zip', size: 10 }),
      });
      const created = await exportPackage(deps, 'user', PROJECT, settings);
      expect(await buildQueuedPackage(deps, created.id, { last: false })).toBe('built');
      expect(requests[0]!.video).toEqual({ mp4StorageKey: `interactive/${COMPANY}/iv-1/2.mp4`, vttStorageKey: `interactive/${COMPANY}/iv-1/2.vtt` });
      expect(requests[0]!.interactive).toMatchObject({ completion_threshold: 72, quizzes: [{ id: 'quiz-1' }] });
      expect(store.rows.get(created.id)).toMatchObject({ status: 'ready', hasVideo: true });

      // Without a published version: the current render and no elements, as before.
      const plain: AssembleRequest[] = [];
      const unpublished = view(1, false);
      unpublished.video.publishedVersion = null;
      const second = setup({ video: true, interactive: { current: unpublished, versions: [unpublished] }, assemble: async (r) => (plain.push(r), { storageKey: 'scorm/y.zip', size: 10 }) });
      const other = await exportPackage(second.deps, 'user', PROJECT, settings);
      await buildQueuedPackage(second.deps, other.id, { last: false });
      expect(plain[0]).toMatchObject({ video: { mp4StorageKey: 'renders/v.mp4', vttStorageKey: 'renders/v.vtt' }, interactive: null });
    });

    it('should fail the package with the reason on the last attempt, and not before', async () => {
      const { deps, store } = setup({ assemble: async () => { throw new Error('disk full'); } });
      const created = await exportPackage(deps, 'user', PROJECT, settings);
      await expect(buildQueuedPackage(deps, created.id, { last: false })).rejects.toMatchObject({ retryable: true });
      expect(store.rows.get(created.id)!.status).toBe('building');
      await expect(buildQueuedPackage(deps, created.id, { last: true })).rejects.toThrow('disk full');
      expect(store.rows.get(created.id)).toMatchObject({ status: 'failed', error: SCORM_MESSAGES.failed, errorMessage: { id: 'scorm.failed', params: [] } });
    });

    it('should end quietly for a package deleted meanwhile, and delete a zip built for it', async () => {
      const { deps, store, deleted } = setup({
        assemble: async (r) => {
          store.rows.delete(r.packageRecord.id);
          return { storageKey: 'scorm/late.zip', size: 1 };
        },
      });
      const created = await exportPackage(deps, 'user', PROJECT, settings);
      expect(await buildQueuedPackage(deps, created.id, { last: false })).toBe('gone');
      expect(deleted).toEqual(['scorm/late.zip']);
      expect(await buildQueuedPackage(deps, '44444444-4444-4444-8444-999999999999', { last: false })).toBe('gone');
    });
  });

  describe('list, get and open', () => {
    it("should list and show the caller's packages, and hide them from a stranger", async () => {
      const { deps } = setup();
      const created = await exportPackage(deps, 'user', PROJECT, settings);
      expect((await listPackages(deps, 'user', null)).map((p) => p.id)).toEqual([created.id]);
      expect((await listPackages(deps, 'user', PROJECT)).map((p) => p.id)).toEqual([created.id]);
      expect(await listPackages(deps, 'stranger', null)).toEqual([]);
      await expect(getPackage(deps, 'stranger', created.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: SCORM_MESSAGES.notFound });
      await expect(getPackage(deps, 'user', OTHER_COMPANY)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });

    it('should refuse a download before the package is ready, then count each one', async () => {
      const { deps, store } = setup();
      const created = await exportPackage(deps, 'user', PROJECT, { ...settings, packageName: 'Forklift: safety / <basics>' });
      await expect(openPackage(deps, 'user', created.id)).rejects.toMatchObject({ code: 'CONFLICT', message: SCORM_MESSAGES.notReady });
      await buildQueuedPackage(deps, created.id, { last: false });
      expect(await openPackage(deps, 'user', created.id)).toEqual({ storageKey: `scorm/${COMPANY}/${created.id}.zip`, filename: 'Forklift safety basics.zip', size: 4321 });
      await openPackage(deps, 'user', created.id);
      expect(store.rows.get(created.id)!.downloadCount).toBe(2);
    });
  });

  it('should forget a deleted project’s packages and their zips', async () => {
    const { deps, store, deleted } = setup();
    const created = await exportPackage(deps, 'user', PROJECT, settings);
    await buildQueuedPackage(deps, created.id, { last: false });
    await forgetProjectPackages(deps, PROJECT);
    expect(store.rows.size).toBe(0);
    expect(deleted).toEqual([`scorm/${COMPANY}/${created.id}.zip`]);
  });

  it('should name the zip after the package, without characters a file name cannot hold', () => {
    expect(fileNameOf('Sécurité: chariots / 2026')).toBe('Sécurité chariots 2026');
    expect(fileNameOf('***')).toBe('scorm-package');
  });
});
