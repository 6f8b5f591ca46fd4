// The narration estimate (EstimateNarration) with its ports faked: tenancy as downloads and the
// preview, the video's slides timed without speaking, and a project without content yet.
import type { Role } from '@trainwright/catalogue';
import { AppError, contentToMessage } from '@trainwright/platform';
import { plainContent } from '@trainwright/formats';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import { createMediaHandlers } from '../../../src/grpc/media.handler.js';
import type { ProjectView } from '../../../src/services/ports.js';
import type { PreviewDeps } from '../../../src/services/previews/deps.js';
import { estimateNarration } from '../../../src/services/previews/estimate-narration.js';
import { viewOfProject } from '../../../src/services/project-views.js';
import { estimateSlideDurationsMs } from '../../../src/video/estimate.js';
import { MIN_SLIDE_MS } from '../../../src/video/index.js';

const PROJECT = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const SLIDES = '# Forklift Safety\n\n## Before driving\n**Content:**\n- Check the brakes\n- Check the horn\n**Speaker Notes:** Before you drive, check the brakes and the horn every single shift.\n\n## Parking\n**Content:**\n- Lower the forks\n';

function project(changes: Partial<Project> = {}): Project {
  return Project.fromPartial({
    id: PROJECT,
    companyId: 'company-1',
    title: 'Forklift Safety',
    status: 'completed',
    visualFormat: 'mp4',
    hasContent: true,
    contentVersion: 2,
    generatedContent: contentToMessage(plainContent('', SLIDES)),
    voiceSelection: { voiceId: 'voice-slow', name: 'Slow', category: 'premade' },
    ...changes,
  });
}

function setup(options: { project?: Project; member?: boolean; view?: boolean; role?: Role; translations?: Record<string, Translation> } = {}) {
  const p = options.project ?? project();
  const views = new Map<string, ProjectView>();
  if (options.view !== false) views.set(PROJECT, viewOfProject(p));
  const asked: string[] = [];
  const deps: PreviewDeps = {
    views: { find: async (id) => views.get(id) ?? null, keepRead: async (v) => void views.set(v.projectId, v) },
    projects: {
      project: async (userId) => {
        asked.push(`project ${userId}`);
        if (options.member === false) throw AppError.notFound('Project not found');
        return p;
      },
      renderInput: async () => ({ project: p, template: null, ownerTier: 'business', ownerTrialState: 'active', renderKey: 'k' }),
      sharedProject: async () => {
        throw AppError.notFound('This link is no longer available.');
      },
    },
    memberships: { find: async () => (options.member === false ? null : { ownerTier: 'business', ownerUserId: 'owner-1', capabilities: {} as never, role: options.role ?? 'editor' }) },
    translations: { renderContent: async (_id, language) => options.translations?.[language] ?? null },
    voices: { settingsFor: async (voiceId) => ({ provider: 'espeak', voice: 'en-us', rate: voiceId === 'voice-slow' ? 120 : 175 }) },
    timing: { slideDurationsMs: (input, voice) => estimateSlideDurationsMs(input, voice) },
    // The preview slides' (preview-slides.test.ts): the estimate draws nothing.
    logos: { logoOf: async () => ({ logo: null, problem: '' }) },
    drawer: { slides: () => ({ titles: [], indexes: [] }), png: async () => Buffer.alloc(0) },
    cache: { deck: async (_key, prepare) => prepare(), image: async (_key, draw) => draw() },
  };
  return { deps, asked };
}

describe(estimateNarration.name, () => {
  it("should answer the video's slides timed at the project voice's rate, without speaking", async () => {
    const { deps } = setup();
    const estimate = await estimateNarration(deps, 'user-1', PROJECT);
    expect(estimate).toMatchObject({ slidesCount: 3, hasNarration: true, voiceEnabled: true, visualFormat: 'mp4', ownerTier: 'business', companyId: 'company-1' });
    expect(estimate.secondsPerSlide).toHaveLength(3);
    expect(estimate.totalSeconds).toBeCloseTo(estimate.secondsPerSlide.reduce((t, s) => t + s, 0), 3);
    // The voice's rate matters: the same notes at 120 words per minute take longer than at 175.
    const fast = await estimateNarration(setup({ project: project({ voiceSelection: undefined }) }).deps, 'user-1', PROJECT);
    expect(fast.secondsPerSlide[1]!).toBeLessThan(estimate.secondsPerSlide[1]!);
    expect(estimate.secondsPerSlide.every((s) => s >= MIN_SLIDE_MS / 1000)).toBe(true);
  });

  it("should time a translation's own narration for its video, keyed by the version it was translated from", async () => {
    const notes = 'Antes de conducir, compruebe los frenos y la bocina en cada turno, sin excepciones, cada día de trabajo, y avise a su supervisor si algo falla.';
    const es = Translation.fromPartial({
      summary: { targetLanguage: 'es', status: 'completed', version: 4, sourceVersion: 1 },
      title: 'Seguridad',
      slidesContent: `# Seguridad\n\n## Antes de conducir\n**Content:**\n- Frenos\n**Speaker Notes:** ${notes} ${notes}\n\n## Aparcar\n**Content:**\n- Bajar las horquillas\n`,
    });
    const { deps } = setup({ translations: { es } });
    const own = await estimateNarration(deps, 'user-1', PROJECT);
    const spanish = await estimateNarration(deps, 'user-1', PROJECT, 'es');
    expect(spanish).toMatchObject({ slidesCount: 3, hasNarration: true, contentVersion: 1, visualFormat: 'mp4' });
    expect(spanish.totalSeconds).toBeGreaterThan(own.totalSeconds);
    // The project's own language by name is its own video; a language without a completed translation is 404.
    expect(await estimateNarration(deps, 'user-1', PROJECT, 'en')).toEqual(own);
    await expect(estimateNarration(deps, 'user-1', PROJECT, 'fr')).rejects.toMatchObject({ status: 404, message: 'This project has no completed translation into French. Translate it first, then pay for its video.' });
    await expect(estimateNarration(deps, 'user-1', PROJECT, 'xx')).rejects.toMatchObject({ status: 400, message: 'Unknown language: xx.' });
  });

  it('should say there is no narration before the content is generated', async () => {
    const { deps } = setup({ project: project({ generatedContent: undefined, scriptContent: 'NARRATOR: Hello.' }) });
    await expect(estimateNarration(deps, 'user-1', PROJECT)).resolves.toEqual({
      slidesCount: 0,
      secondsPerSlide: [],
      totalSeconds: 0,
      hasNarration: false,
      voiceEnabled: false,
      visualFormat: 'mp4',
      ownerTier: 'business',
      companyId: 'company-1',
      contentVersion: 2,
    });
  });

  it("should answer NOT_FOUND for another company's project, from the view or from the project service", async () => {
    await expect(estimateNarration(setup({ member: false }).deps, 'stranger', PROJECT)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const miss = setup({ member: false, view: false });
    await expect(estimateNarration(miss.deps, 'stranger', PROJECT)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(miss.asked).toEqual(['project stranger']);
    await expect(estimateNarration(setup().deps, 'user-1', 'not-a-uuid')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('should price a render only for a role that may edit the project, and say which version it prices', async () => {
    for (const role of ['viewer', 'commenter'] as const) await expect(estimateNarration(setup({ role }).deps, 'user-1', PROJECT)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const estimate = await estimateNarration(setup({ role: 'editor' }).deps, 'user-1', PROJECT);
    expect(estimate.contentVersion).toEqual(expect.any(Number));
  });

  it('should be answered by the gRPC handler as the NarrationEstimate message', async () => {
    const { deps } = setup();
    const handlers = createMediaHandlers({ downloads: {} as never, voices: {} as never, files: {} as never, logos: {} as never, education: {} as never, processing: {} as never, previews: deps });
    const answer = await handlers.estimateNarration({ userId: 'user-1', projectId: PROJECT, language: '' }, {} as never);
    expect(answer).toMatchObject({ slidesCount: 3, hasNarration: true, ownerTier: 'business', companyId: 'company-1' });
  });
});
