// The project preview's slides as the exports draw them: the video's slide images (the title card,
// then each slide of the deck) from the project's current content, template, image style, font
// style and branding. Tenancy as downloads: the caller's membership of the project's company (or a
// share link's token). A prepared deck is kept (PreviewCache), keyed by what the slides show
// (content version, status, title). A translation's slides (`language`) are the project's look
// with the translation's text, as its files are rendered; their key adds the translation's version
// (asked of the translation service on each call, so a hand edit shows at once).
import { CONTENT_LANGUAGES } from '@trainwright/catalogue';
import { createHash } from 'node:crypto';
import { Access, AppError } from '@trainwright/platform';
import { RenderError, type RenderBranding, type RenderInput } from '../../domain/types.js';
import type { ProjectView, TranslationDirectory } from '../ports.js';
import { readProjectView } from '../project-views.js';
import { renderInputOf, translatedProject } from '../renders/render-input.js';
import type { PreparedDeck, PreviewDeps } from './deps.js';
import { PREVIEW_MESSAGES } from './messages.js';

/** Who asks: a member for a project, or anyone holding a share link's token; `language` for a translation's slides. */
export type PreviewCaller = ({ userId: string; projectId: string } | { shareToken: string }) & { language?: string };

/** The translation a deck shows: its language and content (null: the project's own language). */
type TranslationOf = Awaited<ReturnType<TranslationDirectory['renderContent']>>;

type DeckDeps = Pick<PreviewDeps, 'views' | 'projects' | 'translations' | 'memberships' | 'logos' | 'drawer' | 'cache'>;

/** The caller's project (tenancy first), its deck prepared once per version (and translation version). */
export async function previewDeck(deps: DeckDeps, caller: PreviewCaller): Promise<PreparedDeck> {
  const language = caller.language ?? '';
  if (language && !CONTENT_LANGUAGES.includes(language)) throw AppError.validation('language', PREVIEW_MESSAGES.unknownLanguage(language.slice(0, 20)));
  const { projectId, view } = 'shareToken' in caller ? await shared(deps, caller.shareToken) : await member(deps, caller.userId, caller.projectId);
  if (view && !view.hasContent) throw AppError.notFound(PREVIEW_MESSAGES.noSlides);
  const translation = language ? await deps.translations.renderContent(projectId, language) : null;
  // Without a view (a share link of a project whose event is not applied yet) nothing is kept.
  const viewKey = view ? versionOf(view) : null;
  if (!viewKey) return prepare(deps, projectId, null, translation, language);
  const key = viewKey + languageSuffix(translation, language);
  const deck = await deps.cache.deck(`${projectId}:${key}`, () => prepare(deps, projectId, key, translation, language));
  if (!deck) throw new RenderError('The preview could not be prepared.');
  return deck;
}

async function member(deps: Pick<DeckDeps, 'views' | 'projects' | 'memberships'>, userId: string, projectId: string): Promise<{ projectId: string; view: ProjectView }> {
  const view = await readProjectView(deps, userId, projectId, PREVIEW_MESSAGES.notFound);
  // Tenancy: only a member of the project's company sees its slides.
  await new Access(deps.memberships).require({ userId, companyId: view.companyId, action: 'project.read', notFoundMessage: PREVIEW_MESSAGES.notFound });
  return { projectId, view };
}

async function shared(deps: Pick<DeckDeps, 'views' | 'projects'>, token: string): Promise<{ projectId: string; view: ProjectView | null }> {
  const { projectId } = await deps.projects.sharedProject(token);
  Access.grantedWithoutMembership('share_token');
  const view = await deps.views.find(projectId);
  if (view === 'deleted') throw AppError.notFound(PREVIEW_MESSAGES.notFound);
  return { projectId, view };
}

/** The deck in the project's language, or in a translation's (`translation`), or refused when `language` names neither. */
async function prepare(deps: Pick<DeckDeps, 'projects' | 'logos' | 'drawer'>, projectId: string, key: string | null, translation: TranslationOf, language = ''): Promise<PreparedDeck> {
  const job = await deps.projects.renderInput(projectId);
  const own = job.project;
  if (!translation && language && language !== (own.primaryLanguage || 'en')) throw AppError.notFound(PREVIEW_MESSAGES.noTranslation(language));
  const project = translation ? translatedProject(own, translation) : own;
  let input: RenderInput;
  try {
    input = renderInputOf(project, job.template, await brandingOf(deps, project));
  } catch (error) {
    if (error instanceof RenderError) throw AppError.notFound(PREVIEW_MESSAGES.noSlides);
    throw error;
  }
  const { titles, indexes } = deps.drawer.slides(input);
  const version = key ?? versionOf({ contentVersion: own.contentVersion, status: own.status, title: own.title }) + languageSuffix(translation, language);
  return { projectId, input, titles, indexes, version };
}

async function brandingOf(
  deps: Pick<DeckDeps, 'logos'>,
  project: { id: string; companyId: string; branding?: { companyName: string; website: string; logoUrl: string } },
): Promise<RenderBranding | null> {
  if (!project.branding) return null;
  // A logo that cannot be used is left out, as renders do.
  const { logo } = await deps.logos.logoOf({ projectId: project.id, companyId: project.companyId, url: project.branding.logoUrl });
  return { companyName: project.branding.companyName, website: project.branding.website, logo };
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
