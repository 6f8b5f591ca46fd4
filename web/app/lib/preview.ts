// What the preview dialog draws a project with: its template's look (colours, fonts, layout, as
// the exports draw them) and, for a video project with files, the player's source. Pure, so the
// unit tests run it directly.
import { parseSlideText, slideNumberLabel, slideNumbering, type CoverText } from '@trainwright/formats';
import { contrastRatio, type ColorScheme, type Layout, type TemplateFonts, type TemplateFields } from '@trainwright/templates';
import { isVideoFormat } from './downloads';
import type { Project } from './projects';

export interface TemplateLook {
  colors: ColorScheme;
  fonts: TemplateFonts;
  layout: Layout;
}

/**
 * The look of the project's template among those GET /api/templates lists (the built-in ones and
 * the company's own); null without a template or when the list lacks it (the default look).
 */
export function templateLookOf(
  templates: readonly (Pick<TemplateFields, 'colorScheme' | 'fonts' | 'layout'> & { id: string })[],
  templateId: string | null | undefined,
): TemplateLook | null {
  if (!templateId) return null;
  const template = templates.find((t) => t.id === templateId);
  return template ? { colors: template.colorScheme, fonts: template.fonts, layout: template.layout } : null;
}

/** Text on the primary colour: white unless the scheme's text colour reads better (the exports' rule). */
export function onPrimaryColor(colors: ColorScheme): string {
  const white = '#ffffff';
  return contrastRatio(white, colors.primary) >= contrastRatio(colors.text, colors.primary) ? white : colors.text;
}

/**
 * The preview player's source: the project's current mp4 through the preview route, which never
 * counts as a download. Null unless the project is a video project whose files exist.
 */
export function previewVideoSrc(project: Pick<Project, 'id' | 'visual_format' | 'files_version'>, language = ''): string | null {
  if (!isVideoFormat(project.visual_format) || typeof project.files_version !== 'number') return null;
  return `/api/projects/${encodeURIComponent(project.id)}/preview/video${languageQuery(language, '?')}`;
}

/** `?language=es` (or `&…` after another parameter) for a translation; nothing for the project's own language. */
function languageQuery(language: string, separator: '?' | '&'): string {
  return language ? `${separator}language=${encodeURIComponent(language)}` : '';
}

/** The list of a preview's slides, in a translation's language when one is given. */
export function previewSlidesListSrc(base: string, language = ''): string {
  return `${base}${languageQuery(language, '?')}`;
}

/** Where the preview's slide images are (media-render draws them as the exports do): a project's, or a share link's. */
export function previewSlidesBase(source: { projectId: string } | { shareToken: string }): string {
  return 'shareToken' in source
    ? `/api/shared/${encodeURIComponent(source.shareToken)}/preview/slides`
    : `/api/projects/${encodeURIComponent(source.projectId)}/preview/slides`;
}

/** One slide image (0: the title card); `version` names what the project showed, so a browser keeps the image until it changes. */
export function previewSlideSrc(base: string, position: number, version: string, language = ''): string {
  const path = `${base}/${position}${version ? `?v=${encodeURIComponent(version)}` : ''}`;
  return path + languageQuery(language, version ? '&' : '?');
}

/** What a project's slide images depend on as the client knows it: its version, status and last change. */
export function projectSlidesVersion(project: Pick<Project, 'content_version' | 'status' | 'updated_at'>): string {
  return [project.content_version ?? 0, project.status, project.updated_at ?? ''].join('.');
}

/**
 * The carousel's label for a position among `count` images (0: the title card): null for the title
 * card, else the slide's number as every footer and the PowerPoint write it (formats'
 * slideNumbering: the cover is not counted).
 */
export function previewPositionLabel(position: number, count: number): string | null {
  return position === 0 ? null : slideNumberLabel(position, count - 1);
}

/**
 * The deck slide (an index into the slides' text) a carousel position shows: the images are the
 * title card, then the slides after the cover (formats' slideNumbering). The title card shows the
 * deck's first slide only when that slide is the cover; otherwise it stands for no slide (null).
 */
export function deckIndexAtPosition(position: number, first: number): number | null {
  if (position === 0) return first === 1 ? 0 : null;
  return first + position - 1;
}

/** Deck index of the slide numbered 1 in a project's slides text: 1 when its first slide is the cover, else 0. */
export function firstNumberedSlide(slideText: string, cover: CoverText): number {
  return slideNumbering(parseSlideText(slideText), cover).first;
}
