// Renders content as slides (parseSlideText) or as a script (parseScript), with the chosen font
// style, image style, the template's colours, fonts and layout and company branding. Used by the
// create form's live preview, the preview dialog (with a video project's player) and the public
// shared page. Every string is rendered as text.
import { useEffect, useMemo, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseScript, parseSlideText, slideNumbering, type Script, type Slide, type SlideDeck } from '@trainwright/formats';
import { DEFAULT_FONTS, SERIF_FAMILIES, type ColorScheme, type FontFamily, type FontStyle, type Layout, type TemplateFonts } from '@trainwright/templates';
import type { Branding } from '~/lib/project-types';
import {
  deckIndexAtPosition,
  firstNumberedSlide,
  onPrimaryColor,
  previewPositionLabel,
  previewSlideSrc,
  previewSlidesBase,
  previewSlidesListSrc,
  previewVideoSrc,
  projectSlidesVersion,
  type TemplateLook,
} from '~/lib/preview';
import { deckHasContent, projectPreviewSource, type ContentView, type Project, type ProjectSummary } from '~/lib/projects';
import { cx } from '../ui';
import { DEFAULT_FONT_STYLE, DEFAULT_IMAGE_STYLE } from './ProjectFormFields';

export interface PreviewLook {
  fontStyle: string;
  imageStyle: string;
  branding: Branding | null;
  /** The chosen template's colours, fonts and slide layout, when there is one. */
  colors?: ColorScheme | null;
  fonts?: TemplateFonts | null;
  layout?: Layout | null;
}

const NEUTRAL: ColorScheme = { primary: '#4f46e5', secondary: '#e0e7ff', accent: '#f59e0b', background: '#ffffff', text: '#0f172a' };

function cssFamily(family: FontFamily): string {
  return `'${family}', ${SERIF_FAMILIES.includes(family) ? 'serif' : 'sans-serif'}`;
}

function fontsFor(look: PreviewLook): { heading: string; body: string } {
  const pair = look.fonts ?? DEFAULT_FONTS[(look.fontStyle in DEFAULT_FONTS ? look.fontStyle : 'modern') as FontStyle];
  return { heading: cssFamily(pair.heading), body: cssFamily(pair.body) };
}

/** A decorative picture area in the chosen image style (the real images are generated later). */
const IMAGE_STYLE_BACKGROUNDS: Record<string, (c: ColorScheme) => string> = {
  professional: (c) => `linear-gradient(135deg, ${c.primary}33, ${c.secondary}66)`,
  modern: (c) => `linear-gradient(120deg, ${c.primary}55 0 40%, ${c.accent}55 40% 70%, ${c.secondary}55 70%)`,
  classic: (c) => `repeating-linear-gradient(0deg, ${c.secondary}55 0 6px, transparent 6px 12px), ${c.background}`,
  creative: (c) => `radial-gradient(circle at 30% 30%, ${c.accent}88 0 20%, transparent 21%), radial-gradient(circle at 70% 65%, ${c.primary}66 0 25%, transparent 26%), ${c.secondary}44`,
  animated: (c) => `linear-gradient(90deg, ${c.primary}44, ${c.accent}44, ${c.primary}44)`,
  abstract: (c) => `conic-gradient(from 45deg, ${c.primary}55, ${c.accent}55, ${c.secondary}55, ${c.primary}55)`,
  realistic: (c) => `linear-gradient(180deg, ${c.secondary}aa 0 55%, ${c.primary}55 55%)`,
};

function ImageArea({ look, colors }: { look: PreviewLook; colors: ColorScheme }) {
  const { t } = useTranslation();
  const background = (IMAGE_STYLE_BACKGROUNDS[look.imageStyle] ?? IMAGE_STYLE_BACKGROUNDS.professional!)(colors);
  return (
    <figure className="flex h-full min-h-[5rem] flex-col justify-end rounded-md p-2" style={{ background }}>
      <figcaption className="self-start rounded bg-white/80 px-1.5 py-0.5 text-[10px] font-medium text-slate-700">
        {t('preview.imageStyle', { style: t(`options.imageStyle.${look.imageStyle}`, { defaultValue: look.imageStyle }) })}
      </figcaption>
    </figure>
  );
}

/** The logo from our own path (docs/security.md, case 12): the browser never loads the URL a user typed. */
function BrandLogo({ path, name }: { path: string; name: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) return <span className="text-[10px] text-red-600">{t('preview.logoFailed')}</span>;
  return <img src={path} alt={t('preview.logoAlt', { name })} className="h-6 max-w-[6rem] object-contain" onError={() => setFailed(true)} />;
}

function BrandingBar({ branding, color }: { branding: Branding | null; color: string }) {
  if (!branding || (!branding.company_name && !branding.logo_url && !branding.website)) return null;
  return (
    <div className="mt-3 flex items-center justify-between gap-2 border-t pt-2 text-[11px]" style={{ borderColor: `${color}33`, color }} data-testid="preview-branding">
      <span className="flex min-w-0 items-center gap-2">
        {branding.logo_path && <BrandLogo path={branding.logo_path} name={branding.company_name} />}
        <span className="truncate font-semibold">{branding.company_name}</span>
      </span>
      {branding.website && <span className="truncate">{branding.website}</span>}
    </div>
  );
}

/** One slide's body in the template's layout, as the exported slides arrange it (slide-image.ts). */
function SlideBody({ slide, look, colors, layout }: { slide: Slide; look: PreviewLook; colors: ColorScheme; layout: Layout }) {
  const { t } = useTranslation();
  const items = [...slide.points, ...slide.paragraphs];
  if (items.length === 0) return <p className="text-xs italic opacity-60">{t('preview.noSlideContent')}</p>;
  const list = (points: string[]) => (
    <ul className="list-disc space-y-1 pl-5">
      {points.map((point, i) => (
        <li key={i} className="whitespace-pre-line">
          {point}
        </li>
      ))}
    </ul>
  );
  const plain = (
    <>
      {slide.points.length > 0 && list(slide.points)}
      {slide.paragraphs.map((paragraph, i) => (
        <p key={i} className="mt-2 whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </>
  );
  switch (layout) {
    case 'two-column': {
      const half = Math.ceil(items.length / 2);
      return (
        <div className="grid grid-cols-2 gap-4 text-sm">
          {[items.slice(0, half), items.slice(half)].map((column, i) => (
            <div key={i} className="border-t-4 pt-2" style={{ borderColor: i === 0 ? colors.primary : colors.accent }}>
              {column.length > 0 && list(column)}
            </div>
          ))}
        </div>
      );
    }
    case 'timeline': {
      // Milestones are the points; a slide of paragraphs only has them as milestones instead.
      const steps = slide.points.length > 0 ? slide.points : slide.paragraphs;
      return (
        <div className="text-sm">
          {slide.points.length > 0 && slide.paragraphs.map((p, i) => <p key={i} className="mb-2 whitespace-pre-line opacity-80">{p}</p>)}
          <ol className="flex gap-2 border-t-4 pt-2" style={{ borderColor: colors.primary }}>
            {steps.map((step, i) => (
              <li key={i} className="flex min-w-0 flex-1 flex-col items-center text-center text-xs">
                <span className="mb-1 flex h-6 w-6 items-center justify-center rounded-full text-[10px] font-bold" style={{ background: i === steps.length - 1 ? colors.accent : colors.primary, color: onPrimaryColor(colors) }}>
                  {i + 1}
                </span>
                <span className="whitespace-pre-line">{step}</span>
              </li>
            ))}
          </ol>
        </div>
      );
    }
    case 'grid':
      return (
        <ul className={cx('grid gap-2 text-sm', items.length > 1 && 'grid-cols-2', items.length > 4 && 'sm:grid-cols-3')}>
          {items.map((item, i) => (
            <li key={i} className="rounded-lg border-2 p-2" style={{ borderColor: `${colors.primary}8c`, background: `${colors.secondary}2e` }}>
              <span className="mb-1 block h-1 w-8 rounded" style={{ background: i % 3 === 2 ? colors.accent : colors.primary }} aria-hidden="true" />
              <span className="whitespace-pre-line">{item}</span>
            </li>
          ))}
        </ul>
      );
    case 'minimal':
      return <div className="text-center text-sm opacity-85 [&_ul]:list-none [&_ul]:pl-0">{plain}</div>;
    case 'split-image':
      return (
        <div className="grid grid-cols-2 gap-3">
          <div className="min-w-0 text-sm">{plain}</div>
          <ImageArea look={look} colors={colors} />
        </div>
      );
    case 'sidebar':
    case 'full-bleed':
      return <div className="min-w-0 text-sm">{plain}</div>;
    case 'title-content':
      return <div className="min-w-0 text-sm">{plain}</div>;
  }
}

/** One slide: the template's layout when the project has a template, else the default look. */
/** `number`: the slide's number in the one numbering of every output (formats' slideNumbering); null for a title slide the cover stands for. */
function SlideCard({ slide, number: slideNumber, look, colors, fonts }: { slide: Slide; number: number | null; look: PreviewLook; colors: ColorScheme; fonts: { heading: string; body: string } }) {
  const { t } = useTranslation();
  const layout = look.layout ?? null;
  const hasBody = slide.points.length > 0 || slide.paragraphs.length > 0;
  const style: CSSProperties = { background: colors.background, color: colors.text, fontFamily: fonts.body };
  const titleText = slide.title || <span className="italic opacity-60">{t('preview.untitled')}</span>;
  const number = <span className="shrink-0 text-[10px] opacity-60">{slideNumber ?? ''}</span>;
  const noteBox = (summary: string, text: string) => (
    <details className="mt-3 rounded bg-black/5 px-2 py-1 text-xs">
      <summary className="cursor-pointer font-medium">{summary}</summary>
      <p className="mt-1 whitespace-pre-line">{text}</p>
    </details>
  );
  // Trainer notes are the trainer's own: the share page never receives them.
  const notes = (slide.notes || slide.trainerNotes) && (
    <>
      {slide.notes && noteBox(t('preview.speakerNotes'), slide.notes)}
      {slide.trainerNotes && noteBox(t('preview.trainerNotes'), slide.trainerNotes)}
    </>
  );
  const branding = <BrandingBar branding={look.branding} color={colors.text} />;

  if (layout === 'sidebar') {
    return (
      <div className="flex overflow-hidden rounded-lg border border-slate-200 shadow-sm" data-layout={layout} style={style}>
        <div className="w-1/3 shrink-0 p-4" style={{ background: colors.primary, color: onPrimaryColor(colors) }}>
          <h4 className="whitespace-pre-line text-base font-bold" style={{ fontFamily: fonts.heading }}>
            {titleText}
          </h4>
          <span className="mt-2 block h-1 w-10" style={{ background: colors.accent }} aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1 p-4">
          <div className="flex justify-end">{number}</div>
          <SlideBody slide={slide} look={look} colors={colors} layout={layout} />
          {notes}
          {branding}
        </div>
      </div>
    );
  }
  if (layout === 'full-bleed') {
    const background = (IMAGE_STYLE_BACKGROUNDS[look.imageStyle] ?? IMAGE_STYLE_BACKGROUNDS.professional!)(colors);
    return (
      <div className="overflow-hidden rounded-lg border border-slate-200 p-4 shadow-sm" data-layout={layout} style={{ ...style, background }}>
        <div className="w-full rounded-lg p-4 sm:w-2/3" style={{ background: `${colors.background}f0` }}>
          <div className="flex items-start justify-between gap-3">
            <h4 className="whitespace-pre-line text-base font-bold" style={{ fontFamily: fonts.heading, color: colors.text }}>
              {titleText}
            </h4>
            {number}
          </div>
          <span className="my-2 block h-1 w-10" style={{ background: colors.accent }} aria-hidden="true" />
          <SlideBody slide={slide} look={look} colors={colors} layout={layout} />
          {notes}
          {branding}
        </div>
      </div>
    );
  }
  if (layout) {
    const centred = layout === 'minimal';
    // The accent rule under the title, where the exports draw one.
    const rule = layout === 'title-content' || layout === 'split-image' || layout === 'grid' || centred;
    return (
      <div className="overflow-hidden rounded-lg border border-slate-200 shadow-sm" data-layout={layout}>
        {!centred && <div className="h-1.5" style={{ background: colors.primary }} aria-hidden="true" />}
        <div className="p-4" style={style}>
          <div className={cx('flex items-start gap-3', centred ? 'justify-center text-center' : 'justify-between')}>
            <h4 className="whitespace-pre-line text-base font-bold" style={{ fontFamily: fonts.heading, color: colors.text }}>
              {titleText}
            </h4>
            {!centred && number}
          </div>
          {rule && <span className={cx('my-2 block h-1 w-10', centred && 'mx-auto')} style={{ background: colors.accent }} aria-hidden="true" />}
          <div className="mt-2">
            <SlideBody slide={slide} look={look} colors={colors} layout={layout} />
          </div>
          {notes}
          {branding}
        </div>
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 shadow-sm">
      <div className="h-1.5" style={{ background: colors.primary }} aria-hidden="true" />
      <div className="p-4" style={style}>
        <div className="flex items-start justify-between gap-3">
          <h4 className="whitespace-pre-line text-base font-bold" style={{ fontFamily: fonts.heading, color: colors.primary }}>
            {titleText}
          </h4>
          {number}
        </div>
        <div className={cx('mt-2 grid gap-3', hasBody && 'sm:grid-cols-[1fr_8rem]')}>
          <div className="min-w-0 text-sm">
            {hasBody ? <SlideBody slide={slide} look={look} colors={colors} layout="title-content" /> : <p className="text-xs italic opacity-60">{t('preview.noSlideContent')}</p>}
          </div>
          {hasBody && <ImageArea look={look} colors={colors} />}
        </div>
        {notes}
        {branding}
      </div>
    </div>
  );
}

/** What a preview shows under a slide (its library sources), by the slide's index in the deck. */
export type SlideFooter = (deckIndex: number) => ReactNode;

export function SlidesView({ deck, look, slideFooter }: { deck: SlideDeck; look: PreviewLook; slideFooter?: SlideFooter | undefined }) {
  const { t } = useTranslation();
  const { numbers } = slideNumbering(deck);
  const colors = look.colors ?? NEUTRAL;
  const fonts = fontsFor(look);
  return (
    <div className="space-y-4" data-testid="slides-view">
      {deck.title && (
        <h3 className="text-lg font-bold text-slate-900" style={{ fontFamily: fonts.heading }}>
          {deck.title}
        </h3>
      )}
      <ol className="space-y-4">
        {deck.slides.map((slide, index) => {
          const number = numbers[index] ?? null;
          return (
            <li key={index} className="space-y-2" aria-label={number === null ? t('preview.titleSlide') : t('preview.slideNumber', { number })}>
              <SlideCard slide={slide} number={number} look={look} colors={colors} fonts={fonts} />
              {slideFooter?.(index)}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

export function ScriptView({ script, look }: { script: Script; look: PreviewLook }) {
  const { t } = useTranslation();
  const colors = look.colors ?? NEUTRAL;
  const fonts = fontsFor(look);
  return (
    <div className="rounded-lg border border-slate-200 p-4 shadow-sm" style={{ background: colors.background, color: colors.text, fontFamily: fonts.body }} data-testid="script-view">
      <div className="space-y-3 text-sm">
        {script.blocks.map((block, index) => {
          switch (block.kind) {
            case 'scene':
              return (
                <h4 key={index} className="border-l-4 pl-2 text-sm font-bold uppercase tracking-wide" style={{ borderColor: colors.primary, color: colors.primary, fontFamily: fonts.heading }}>
                  <span className="sr-only">{t('preview.scene')}: </span>
                  {block.text || t('preview.untitledScene')}
                </h4>
              );
            case 'transition':
              return (
                <p key={index} className="text-center text-xs italic opacity-70">
                  {t('preview.transition', { text: block.text })}
                </p>
              );
            case 'line':
              return (
                <p key={index} className="whitespace-pre-line">
                  <span className="mr-1 font-semibold" style={{ color: colors.primary }}>
                    {t(`preview.speakers.${block.speaker}`, { defaultValue: block.speaker })}:
                  </span>
                  {block.text}
                </p>
              );
            case 'paragraph':
              return (
                <p key={index} className="whitespace-pre-line italic opacity-80">
                  {block.text}
                </p>
              );
          }
        })}
      </div>
      <BrandingBar branding={look.branding} color={colors.text} />
    </div>
  );
}

/** Content text as slides or as a script, with an empty state; `slideFooter` under each slide. */
export function ContentPreview({ text, view, look, empty, slideFooter }: { text: string; view: ContentView; look: PreviewLook; empty?: ReactNode; slideFooter?: SlideFooter | undefined }) {
  const { t } = useTranslation();
  const deck = useMemo(() => (view === 'slides' ? parseSlideText(text) : null), [text, view]);
  const script = useMemo(() => (view === 'script' ? parseScript(text) : null), [text, view]);
  const isEmpty = text.trim() === '' || (deck ? !deckHasContent(deck) && !deck.title : script ? script.blocks.length === 0 : true);
  if (isEmpty) {
    return (
      <div className="flex min-h-[10rem] items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 p-6 text-center text-sm text-slate-500">
        {empty ?? t('preview.empty')}
      </div>
    );
  }
  return deck ? <SlidesView deck={deck} look={look} slideFooter={slideFooter} /> : <ScriptView script={script!} look={look} />;
}

/**
 * The slides as the downloads draw them: PNG images media-render draws from the project's content,
 * template, image and font style (icons, charts and the style treatments included), one at a time
 * with previous / next (buttons, or the arrow keys on the figure). `base` is the project's or the
 * share link's preview route; the titles come from its list. While an image cannot be had (no
 * content yet, a failure), `fallback` (the client-side drawing) is shown instead.
 */
export function SlideImages({
  base,
  version,
  firstTitle,
  fallback,
  language = '',
  footer,
}: {
  base: string;
  version: string;
  firstTitle: string;
  fallback: ReactNode;
  language?: string;
  /** What to show under the image at a position (0: the title card). */
  footer?: ((position: number) => ReactNode) | undefined;
}) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(0);
  const [titles, setTitles] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    setPosition(0);
    setFailed(false);
    fetch(previewSlidesListSrc(base, language), { credentials: 'same-origin', signal: controller.signal })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const list = (await res.json()) as { slides: Array<{ title: string }> };
        setTitles(list.slides.map((s) => s.title));
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [base, version, language]);
  if (failed) return <>{fallback}</>;
  const count = titles?.length ?? 1;
  const title = titles?.[position] ?? firstTitle;
  const go = (to: number) => setPosition(Math.max(0, Math.min(count - 1, to)));
  // Numbered as the footers are (the title card is not a numbered slide); 'Slide 1 of 1' only
  // while the list is loading, when the title card is all there is.
  const imageAlt =
    titles === null
      ? t('preview.slideImages.alt', { number: 1, count: 1, title })
      : position === 0
        ? `${t('preview.titleSlide')}: ${title}`
        : t('preview.slideImages.alt', { number: position, count: count - 1, title });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(position - 1);
    else if (event.key === 'ArrowRight') go(position + 1);
    else return;
    event.preventDefault();
  };
  const button = 'rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50 disabled:opacity-40';
  return (
    <figure className="space-y-2" aria-roledescription={t('preview.slideImages.carousel')} aria-label={t('preview.slideImages.label')} data-testid="slide-images">
      <div tabIndex={0} onKeyDown={onKeyDown} className="rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
        <img
          key={position}
          src={previewSlideSrc(base, position, version, language)}
          alt={imageAlt}
          width={1280}
          height={720}
          className="aspect-video h-auto w-full rounded-lg border border-slate-200 bg-slate-100 shadow-sm"
          data-testid="preview-slide-image"
          onError={() => setFailed(true)}
        />
      </div>
      <figcaption className="flex items-center justify-between gap-2">
        <button type="button" className={button} onClick={() => go(position - 1)} disabled={position === 0}>
          {t('preview.slideImages.previous')}
        </button>
        <span className="text-xs text-slate-600" aria-live="polite">
          {previewPositionLabel(position, count) ?? t('preview.titleSlide')}
        </span>
        <button type="button" className={button} onClick={() => go(position + 1)} disabled={position >= count - 1}>
          {t('preview.slideImages.next')}
        </button>
      </figcaption>
      {footer?.(position)}
    </figure>
  );
}

/** How the preview dialog draws a project: its styles and branding, and its template's look when it has one. */
export function projectLook(project: ProjectSummary, template: TemplateLook | null): PreviewLook {
  return {
    fontStyle: project.font_style || DEFAULT_FONT_STYLE,
    imageStyle: project.image_style || DEFAULT_IMAGE_STYLE,
    branding: project.branding,
    colors: template?.colors ?? null,
    fonts: template?.fonts ?? null,
    layout: template?.layout ?? null,
  };
}

/**
 * The preview dialog's content: a video project's player (its current mp4 through the preview
 * route, which never counts as a download) above the slides as the downloads draw them (images
 * from the preview route); the slides or script drawn here in the template while the project has
 * no content the server can draw. `language`: a translation's slides and video (a translation's
 * video exists once paid for: the player hides itself while there is none).
 */
export function ProjectPreview({
  project,
  template,
  empty,
  language = '',
  slideFooter,
}: {
  project: Project | ProjectSummary;
  template: TemplateLook | null;
  empty?: ReactNode;
  language?: string;
  /** What to show under each slide, by its index in the project's slides. */
  slideFooter?: SlideFooter | undefined;
}) {
  const { t } = useTranslation();
  const source = projectPreviewSource(project);
  const videoSrc = previewVideoSrc(project, language);
  const [videoFailed, setVideoFailed] = useState<string | null>(null);
  // The images start with the title card, then the slides after the cover: which deck slide each shows.
  const first = useMemo(
    () => (slideFooter && source.view === 'slides' ? firstNumberedSlide(source.text, { title: project.title, description: project.description ?? '' }) : 0),
    [slideFooter, source.view, source.text, project.title, project.description],
  );
  const imageFooter = slideFooter
    ? (position: number) => {
        const index = deckIndexAtPosition(position, first);
        return index === null ? null : slideFooter(index);
      }
    : undefined;
  // The client-side drawing is of the project's own text: a translation's slides fall back to a notice.
  const content = language ? (
    <p className="text-sm text-slate-600">{t('previewDialog.translationUnavailable')}</p>
  ) : (
    <ContentPreview text={source.text} view={source.view} look={projectLook(project, template)} empty={empty} slideFooter={slideFooter} />
  );
  return (
    <div className="space-y-4">
      {videoSrc && videoFailed !== videoSrc && (
        <figure className="space-y-1">
          {/* Remounted per files version so a re-rendered video is fetched again. */}
          <video
            key={`${videoSrc}#${project.files_version}`}
            src={videoSrc}
            controls
            preload="metadata"
            className="aspect-video w-full rounded-lg bg-black"
            data-testid="preview-video"
            onError={() => language && setVideoFailed(videoSrc)}
          >
            {t('previewDialog.videoUnsupported')}
          </video>
          <figcaption className="text-xs text-slate-500">{t('previewDialog.videoCaption')}</figcaption>
        </figure>
      )}
      {project.has_content && project.id ? (
        <SlideImages base={previewSlidesBase({ projectId: project.id })} version={projectSlidesVersion(project)} firstTitle={project.title} fallback={content} language={language} footer={imageFooter} />
      ) : (
        content
      )}
    </div>
  );
}

/** The create form's live preview: a slides / script switch above the rendered content. */
export function LivePreview({
  text,
  view,
  onViewChange,
  look,
  empty,
}: {
  text: string;
  view: ContentView;
  onViewChange: (view: ContentView) => void;
  look: PreviewLook;
  /** What to say when there is nothing to show (default: 'Start typing content to see live preview'). */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('preview.liveTitle')} data-testid="live-preview" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('preview.liveTitle')}</h3>
        <div role="group" aria-label={t('preview.showAs')} className="inline-flex rounded-md shadow-sm ring-1 ring-inset ring-slate-300">
          {(['slides', 'script'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => onViewChange(v)}
              className={cx(
                'px-2.5 py-1 text-xs font-medium first:rounded-l-md last:rounded-r-md',
                view === v ? 'bg-indigo-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {t(`preview.as.${v}`)}
            </button>
          ))}
        </div>
      </div>
      <p className="text-xs text-slate-500">
        {t('preview.styleLine', {
          font: t(`options.fontStyle.${look.fontStyle}`, { defaultValue: look.fontStyle }),
          image: t(`options.imageStyle.${look.imageStyle}`, { defaultValue: look.imageStyle }),
        })}
      </p>
      <ContentPreview text={text} view={view} look={look} empty={empty} />
    </section>
  );
}
