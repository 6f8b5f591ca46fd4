// The project preview's slides as the exports draw them: the video's slide images (the title card,
// then each slide of the deck) from the project's current content, template, image style, font
// style and branding, rasterised to PNG by resvg. Tenancy as downloads: the caller's membership of
// the project's company (or a share link's token). A few prepared decks and the last images are
// kept in memory, keyed by what the slides show (content version, status, title), so flipping
// through the slides asks no other service and draws each slide once. A translation's slides
// (`language`) are the project's look with the translation's text, as its files are rendered;
// their key adds the translation's version (asked of the translation service on each call, so a
// hand edit shows at once).
import { CONTENT_LANGUAGES, TRANSLATION_MESSAGES, languageNames } from '@trainwright/catalogue';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Access, AppError, isUuid } from '@trainwright/platform';
import { RenderError, type RenderBranding, type RenderInput } from '../domain/types.js';
import type { CompanyMembership, Memberships, ProjectDirectory, ProjectView, ProjectViews, TranslationDirectory } from './ports.js';
import { renderInputOf, translatedProject } from './render-input.js';
import type { LogoSource } from './render.service.js';
import { viewOfProject } from './download.service.js';

export const PREVIEW_MESSAGES = {
  notFound: 'Project not found',
  noSlides: 'This project has no slides to preview yet.',
  noSlide: (position: number, count: number) => `No slide ${position}: the preview has ${count} slides (0 is the title card).`,
  unknownLanguage: TRANSLATION_MESSAGES.unknownLanguage,
  noTranslation: (code: string) => `This project has no finished translation into ${languageNames(code).name}.`,
} as const;

/** Who asks: a member for a project, or anyone holding a share link's token; `language` for a translation's slides. */
export type PreviewCaller = ({ userId: string; projectId: string } | { shareToken: string }) & { language?: string };

/** The translation a deck shows: its language and content (null: the project's own language). */
type TranslationOf = Awaited<ReturnType<TranslationDirectory['renderContent']>>;

/** The slides of the preview: position 0 the title card, then the deck's slides. */
export interface PreviewDeck {
  /** Changes whenever what the slides show may have changed. */
  version: string;
  titles: string[];
}

export interface PreviewImage {
  png: Buffer;
  slideCount: number;
  title: string;
  version: string;
}

/** Draws the slides (video/slide-image.ts: renderSlideSvg, then resvg on libuv's pool). */
export interface SlideDrawer {
  /** The titles in video order (title card first) and how each position maps to a slide index. */
  slides(input: RenderInput): { titles: string[]; indexes: number[] };
  /** The PNG of one slide (an index of `slides().indexes`) at 1280x720. */
  png(input: RenderInput, index: number): Promise<Buffer>;
}

interface Prepared {
  projectId: string;
  input: RenderInput;
  titles: string[];
  indexes: number[];
  version: string;
}

export class PreviewService {
  // fetch() shares work in flight and keeps no failure.
  private readonly decks: LRUCache<string, Prepared, { projectId: string; key: string; translation: TranslationOf; language: string }>;
  private readonly images: LRUCache<string, Buffer, { deck: Prepared; position: number }>;
  private hits = 0;

  /** The one access check, on the memberships the service is given. */
  private readonly access: Access<CompanyMembership>;

  constructor(
    private readonly deps: {
      views: Pick<ProjectViews, 'find' | 'keepRead'>;
      projects: Pick<ProjectDirectory, 'project' | 'renderInput' | 'sharedProject'>;
      translations: TranslationDirectory;
      memberships: Memberships;
      logos: LogoSource;
      drawer: SlideDrawer;
      /** Prepared decks kept (each holds the project's content and logo). */
      maxDecks?: number;
      /** Images kept, and their bytes at most. */
      maxImages?: number;
      maxImageBytes?: number;
    },
  ) {
    this.access = new Access(deps.memberships);
    this.decks = new LRUCache({ max: deps.maxDecks ?? 16, fetchMethod: (_key, _stale, { context }) => this.prepare(context.projectId, context.key, context.translation, context.language) });
    this.images = new LRUCache({
      max: deps.maxImages ?? 96,
      maxSize: deps.maxImageBytes ?? 16 * 1024 * 1024,
      sizeCalculation: (png) => Math.max(1, png.length),
      fetchMethod: (_key, _stale, { context }) => this.deps.drawer.png(context.deck.input, context.deck.indexes[context.position]!),
    });
  }

  /** How often an image was served from memory (tests, metrics). */
  get imageCacheHits(): number {
    return this.hits;
  }

  async slides(caller: PreviewCaller): Promise<PreviewDeck> {
    const deck = await this.deck(caller);
    return { version: deck.version, titles: deck.titles };
  }

  async slide(caller: PreviewCaller, position: number): Promise<PreviewImage> {
    const deck = await this.deck(caller);
    if (!Number.isInteger(position) || position < 0 || position >= deck.indexes.length) {
      throw AppError.notFound(PREVIEW_MESSAGES.noSlide(position, deck.indexes.length));
    }
    // Keyed by project too: two projects can be at the same version with the same title.
    const key = `${deck.projectId}:${deck.version}:${position}`;
    if (this.images.has(key)) this.hits++;
    const png = await this.images.fetch(key, { context: { deck, position } });
    if (!png) throw new RenderError(`Slide ${position} of the preview could not be drawn.`);
    return { png, slideCount: deck.indexes.length, title: deck.titles[position]!, version: deck.version };
  }

  /** The caller's project (tenancy first), its deck prepared once per version (and translation version). */
  private async deck(caller: PreviewCaller): Promise<Prepared> {
    const language = caller.language ?? '';
    if (language && !CONTENT_LANGUAGES.includes(language)) throw AppError.validation('language', PREVIEW_MESSAGES.unknownLanguage(language.slice(0, 20)));
    const { projectId, view } = 'shareToken' in caller ? await this.shared(caller.shareToken) : await this.member(caller.userId, caller.projectId);
    if (view && !view.hasContent) throw AppError.notFound(PREVIEW_MESSAGES.noSlides);
    const translation = language ? await this.deps.translations.renderContent(projectId, language) : null;
    // Without a view (a share link of a project whose event is not applied yet) nothing is kept.
    const viewKey = view ? versionOf(view) : null;
    if (!viewKey) return this.prepare(projectId, null, translation, language);
    const key = viewKey + languageSuffix(translation, language);
    const deck = await this.decks.fetch(`${projectId}:${key}`, { context: { projectId, key, translation, language } });
    if (!deck) throw new RenderError('The preview could not be prepared.');
    return deck;
  }

  private async member(userId: string, projectId: string): Promise<{ projectId: string; view: ProjectView }> {
    if (!isUuid(projectId)) throw AppError.notFound(PREVIEW_MESSAGES.notFound);
    let view = await this.deps.views.find(projectId);
    if (view === 'deleted') throw AppError.notFound(PREVIEW_MESSAGES.notFound);
    if (!view) {
      // With the caller's rights: NOT_FOUND for another company's project.
      view = viewOfProject(await this.deps.projects.project(userId, projectId));
      await this.deps.views.keepRead(view);
    }
    // Tenancy: only a member of the project's company sees its slides.
    await this.access.require({ userId, companyId: view.companyId, action: 'project.read', notFoundMessage: PREVIEW_MESSAGES.notFound });
    return { projectId, view };
  }

  private async shared(token: string): Promise<{ projectId: string; view: ProjectView | null }> {
    const { projectId } = await this.deps.projects.sharedProject(token);
    Access.grantedWithoutMembership('share_token');
    const view = await this.deps.views.find(projectId);
    if (view === 'deleted') throw AppError.notFound(PREVIEW_MESSAGES.notFound);
    return { projectId, view };
  }

  /** The deck in the project's language, or in a translation's (`translation`), or refused when `language` names neither. */
  private async prepare(projectId: string, key: string | null, translation: TranslationOf, language = ''): Promise<Prepared> {
    const job = await this.deps.projects.renderInput(projectId);
    const own = job.project;
    if (!translation && language && language !== (own.primaryLanguage || 'en')) throw AppError.notFound(PREVIEW_MESSAGES.noTranslation(language));
    const project = translation ? translatedProject(own, translation) : own;
    let input: RenderInput;
    try {
      input = renderInputOf(project, job.template, await this.branding(project));
    } catch (error) {
      if (error instanceof RenderError) throw AppError.notFound(PREVIEW_MESSAGES.noSlides);
      throw error;
    }
    const { titles, indexes } = this.deps.drawer.slides(input);
    const version = key ?? versionOf({ contentVersion: own.contentVersion, status: own.status, title: own.title }) + languageSuffix(translation, language);
    return { projectId, input, titles, indexes, version };
  }

  private async branding(project: { id: string; companyId: string; branding?: { companyName: string; website: string; logoUrl: string } }): Promise<RenderBranding | null> {
    if (!project.branding) return null;
    // A logo that cannot be used is left out, as renders do.
    const { logo } = await this.deps.logos.logoOf({ projectId: project.id, companyId: project.companyId, url: project.branding.logoUrl });
    return { companyName: project.branding.companyName, website: project.branding.website, logo };
  }
}

/** The version names the language and the translation's version too: the images are keyed by it. */
function languageSuffix(translation: TranslationOf, language: string): string {
  if (translation?.summary) return `-${translation.summary.targetLanguage}${translation.summary.version}`;
  return language ? `-${language}` : '';
}

/** What the slides show depends on: the content version (content and settings), the status (generation writes the content within a version) and the title. */
function versionOf(view: Pick<ProjectView, 'contentVersion' | 'status' | 'title'>): string {
  const hash = createHash('sha256').update(JSON.stringify([view.status, view.title])).digest('hex').slice(0, 10);
  return `${view.contentVersion}-${hash}`;
}
