// The project preview's slide images (services/previews/) through the gRPC handler, with
// the real drawing (video/slide-image.ts and resvg) and every other port faked: tenancy as
// downloads, a share token, positions past the last slide, and the image cache.
import { describe, expect, it } from '@jest/globals';
import { AppError } from '@trainwright/platform';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import { BUILTIN_TEMPLATES } from '@trainwright/templates';
import { createMediaHandlers } from '../../../src/grpc/media.handler.js';
import { PreviewCacheRepository } from '../../../src/repositories/preview-cache.repository.js';
import { SlideDrawerRepository } from '../../../src/repositories/slide-drawer.repository.js';
import type { ProjectView } from '../../../src/services/ports.js';
import type { PreviewDeps } from '../../../src/services/previews/deps.js';
import { PREVIEW_MESSAGES } from '../../../src/services/previews/messages.js';

const PROJECT_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ID = '22222222-2222-4222-8222-222222222222';
const SLIDES = ['# Forklift Safety', '', '## Daily checks', '- Walk around the truck', '- Test the horn', '', '## Speed limits', '- 8 km/h in the yard', '- 5 km/h in aisles', '- 3 km/h near doors'].join('\n');
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function setup() {
  const template = BUILTIN_TEMPLATES.find((t) => t.layout === 'split-image')!;
  const projects = new Map<string, Project>([
    [PROJECT_ID, Project.fromPartial({ id: PROJECT_ID, companyId: 'company-1', title: 'Forklift Safety', status: 'completed', slidesContent: SLIDES, contentVersion: 2, hasContent: true, imageStyle: 'realistic', fontStyle: 'classic', templateId: template.id })],
    [OTHER_ID, Project.fromPartial({ id: OTHER_ID, companyId: 'company-2', title: 'Other', status: 'completed', slidesContent: SLIDES, contentVersion: 1, hasContent: true })],
  ]);
  const members = new Map([['user-1', 'company-1'], ['user-2', 'company-2']]);
  const calls = { renderInput: 0, drawn: 0 };
  // Completed translations by `projectId:language`.
  const translations = new Map<string, Translation>();
  const views = new Map<string, ProjectView>();
  const drawer = new SlideDrawerRepository();
  const cache = new PreviewCacheRepository();
  const deps: PreviewDeps = {
    views: {
      find: async (id) => views.get(id) ?? null,
      keepRead: async (view) => void views.set(view.projectId, view),
    },
    projects: {
      project: async (userId, id) => {
        const p = projects.get(id);
        if (!p || members.get(userId) !== p.companyId) throw AppError.notFound('Project not found');
        return p;
      },
      renderInput: async (id) => {
        calls.renderInput++;
        return { project: projects.get(id)!, template, ownerTier: 'professional', ownerTrialState: 'none', renderKey: 'k' };
      },
      sharedProject: async (token) => {
        if (token !== 'share-token') throw AppError.notFound('This link is no longer available.');
        return { projectId: PROJECT_ID, companyId: 'company-1', logoUrl: '' };
      },
    },
    translations: { renderContent: async (projectId, language) => translations.get(`${projectId}:${language}`) ?? null },
    memberships: { find: async (userId, companyId) => (members.get(userId) === companyId ? { capabilities: {} as never, ownerTier: 'professional', ownerUserId: 'owner', role: 'viewer' as const } : null) },
    logos: { logoOf: async () => ({ logo: null, problem: '' }) },
    drawer: { slides: (input) => drawer.slides(input), png: (input, index) => (calls.drawn++, drawer.png(input, index)) },
    cache,
    // The narration estimate's (estimate-narration.test.ts): not asked for slides.
    voices: { settingsFor: async () => ({ provider: 'espeak', voice: 'en-us' }) },
    timing: { slideDurationsMs: () => [] },
  };
  const handlers = createMediaHandlers({ downloads: {} as never, voices: {} as never, files: {} as never, logos: {} as never, education: {} as never, processing: {} as never, previews: deps });
  return { cache, handlers, calls, views, projects, translations };
}

function spanish(version: number): Translation {
  return Translation.fromPartial({
    summary: { targetLanguage: 'es', sourceLanguage: 'en', status: 'completed', version, sourceVersion: 2 },
    title: 'Seguridad con carretillas',
    slidesContent: SLIDES.replace('# Forklift Safety', '# Seguridad con carretillas').replace('Daily checks', version > 1 ? 'Revisiones diarias (editado)' : 'Revisiones diarias').replace('Speed limits', 'Límites de velocidad'),
  });
}

const ctx = {} as never;
const ask = { userId: 'user-1', projectId: PROJECT_ID, shareToken: '', language: '' };

describe('the preview slides', () => {
  it('should list the title card and every slide with their titles', async () => {
    const { handlers } = setup();
    const deck = await handlers.listPreviewSlides(ask, ctx);
    expect(deck.titles).toEqual(['Forklift Safety', 'Daily checks', 'Speed limits']);
    expect(deck.version).toMatch(/^2-[0-9a-f]{10}$/);
  });

  it('should draw a slide as a 1280x720 PNG, and serve it again from the cache', async () => {
    const { handlers, cache, calls } = setup();
    const image = await handlers.previewSlide({ ...ask, position: 2 }, ctx);
    const png = Buffer.from(image.png);
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBe(720);
    expect(png.length).toBeGreaterThan(10_000);
    expect(png.length).toBeLessThan(1_000_000);
    expect(image).toMatchObject({ slideCount: 3, title: 'Speed limits' });
    const again = await handlers.previewSlide({ ...ask, position: 2 }, ctx);
    expect(Buffer.from(again.png).equals(png)).toBe(true);
    expect(calls).toEqual({ renderInput: 1, drawn: 1 });
    expect(cache.imageCacheHits).toBe(1);
    // The title card is another image of the same prepared deck.
    const title = await handlers.previewSlide({ ...ask, position: 0 }, ctx);
    expect(Buffer.from(title.png).equals(png)).toBe(false);
    expect(calls).toEqual({ renderInput: 1, drawn: 2 });
  });

  it("should never serve one project's image for another at the same version and title", async () => {
    const { handlers, projects, calls } = setup();
    // Another company's project that looks the same to the cache but for its slides.
    projects.set(OTHER_ID, Project.fromPartial({ ...projects.get(PROJECT_ID)!, id: OTHER_ID, companyId: 'company-2', slidesContent: SLIDES.replace('Daily checks', 'Other checks') }));
    const mine = await handlers.previewSlide({ ...ask, position: 1 }, ctx);
    const theirs = await handlers.previewSlide({ userId: 'user-2', projectId: OTHER_ID, shareToken: '', position: 1, language: '' }, ctx);
    expect(theirs.title).toBe('Other checks');
    expect(Buffer.from(theirs.png).equals(Buffer.from(mine.png))).toBe(false);
    expect(calls.drawn).toBe(2);
  });

  it('should draw again once the project has a new version', async () => {
    const { handlers, calls, views } = setup();
    const first = await handlers.previewSlide({ ...ask, position: 1 }, ctx);
    views.set(PROJECT_ID, { ...views.get(PROJECT_ID)!, contentVersion: 3 });
    const second = await handlers.previewSlide({ ...ask, position: 1 }, ctx);
    expect(second.version).not.toBe(first.version);
    expect(calls).toEqual({ renderInput: 2, drawn: 2 });
  });

  it("should answer NOT_FOUND for another company's project, an unknown id and a position past the last slide", async () => {
    const { handlers } = setup();
    await expect(handlers.previewSlide({ userId: 'user-2', projectId: PROJECT_ID, shareToken: '', position: 0, language: '' }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(handlers.listPreviewSlides({ userId: 'user-1', projectId: OTHER_ID, shareToken: '', language: '' }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(handlers.previewSlide({ ...ask, projectId: 'not-a-uuid', position: 0 }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(handlers.previewSlide({ ...ask, position: 3 }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND', message: PREVIEW_MESSAGES.noSlide(3, 3) });
    await expect(handlers.previewSlide({ ...ask, position: -1 }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('should show a shared project by its token, without a user', async () => {
    const { handlers } = setup();
    const image = await handlers.previewSlide({ userId: '', projectId: '', shareToken: 'share-token', position: 1, language: '' }, ctx);
    expect(Buffer.from(image.png).subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(image.title).toBe('Daily checks');
    await expect(handlers.previewSlide({ userId: '', projectId: '', shareToken: 'revoked', position: 1, language: '' }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('should answer NOT_FOUND while the project has no content', async () => {
    const { handlers, projects } = setup();
    projects.set(PROJECT_ID, Project.fromPartial({ ...projects.get(PROJECT_ID)!, slidesContent: '', hasContent: false }));
    await expect(handlers.listPreviewSlides(ask, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND', message: PREVIEW_MESSAGES.noSlides });
  });

  it("should show a translation's slides in the project's look, apart from the project's own, and follow a hand edit", async () => {
    const { handlers, translations, calls } = setup();
    translations.set(`${PROJECT_ID}:es`, spanish(1));
    const es = { ...ask, language: 'es' };
    const deck = await handlers.listPreviewSlides(es, ctx);
    expect(deck.titles).toEqual(['Seguridad con carretillas', 'Revisiones diarias', 'Límites de velocidad']);
    const own = await handlers.listPreviewSlides(ask, ctx);
    expect(own.titles[1]).toBe('Daily checks');
    expect(deck.version).not.toBe(own.version);
    const ownImage = await handlers.previewSlide({ ...ask, position: 1 }, ctx);
    const esImage = await handlers.previewSlide({ ...es, position: 1 }, ctx);
    expect(esImage.title).toBe('Revisiones diarias');
    expect(Buffer.from(esImage.png).equals(Buffer.from(ownImage.png))).toBe(false);
    expect(calls.drawn).toBe(2);
    // A hand edit makes a new translation version: drawn again, not served from the cache.
    translations.set(`${PROJECT_ID}:es`, spanish(2));
    const edited = await handlers.previewSlide({ ...es, position: 1 }, ctx);
    expect(edited.title).toBe('Revisiones diarias (editado)');
    expect(edited.version).not.toBe(esImage.version);
    // The project's own language by name is the project's own deck.
    expect((await handlers.listPreviewSlides({ ...ask, language: 'en' }, ctx)).titles[1]).toBe('Daily checks');
  });

  it('should refuse an unknown language and a language the project has no finished translation into', async () => {
    const { handlers } = setup();
    await expect(handlers.listPreviewSlides({ ...ask, language: 'xx' }, ctx)).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: PREVIEW_MESSAGES.unknownLanguage('xx') });
    await expect(handlers.listPreviewSlides({ ...ask, language: 'fr' }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND', message: PREVIEW_MESSAGES.noTranslation('fr') });
    // Tenancy before the translation: another company's member learns nothing.
    await expect(handlers.listPreviewSlides({ ...ask, userId: 'user-2', language: 'fr' }, ctx)).rejects.toMatchObject({ code: 'NOT_FOUND', message: PREVIEW_MESSAGES.notFound });
  });
});
