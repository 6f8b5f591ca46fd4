// Renders content as slides (parseSlideText) or as a script (parseScript), with the chosen font
// style, image style, template colours and company branding. Used by the create form's live
// preview, the preview dialog and the public shared page. Every string is rendered as text.
import { useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseScript, parseSlideText, type Script, type SlideDeck } from '@trainwright/formats';
import { DEFAULT_FONTS, SERIF_FAMILIES, type ColorScheme, type FontFamily, type FontStyle, type TemplateFonts } from '@trainwright/templates';
import type { Branding } from '~/lib/project-types';
import { deckHasContent, isHttpUrl, type ContentView } from '~/lib/projects';
import { cx } from '../ui';

export interface PreviewLook {
  fontStyle: string;
  imageStyle: string;
  branding: Branding | null;
  /** The chosen template's colours and fonts, when there is one. */
  colors?: ColorScheme | null;
  fonts?: TemplateFonts | null;
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

function BrandLogo({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!isHttpUrl(url)) return null;
  if (failed) return <span className="text-[10px] text-red-600">{t('preview.logoFailed')}</span>;
  return <img src={url} alt={t('preview.logoAlt', { name })} className="h-6 max-w-[6rem] object-contain" onError={() => setFailed(true)} />;
}

function BrandingBar({ branding, color }: { branding: Branding | null; color: string }) {
  if (!branding || (!branding.company_name && !branding.logo_url && !branding.website)) return null;
  return (
    <div className="mt-3 flex items-center justify-between gap-2 border-t pt-2 text-[11px]" style={{ borderColor: `${color}33`, color }} data-testid="preview-branding">
      <span className="flex min-w-0 items-center gap-2">
        {branding.logo_url && <BrandLogo url={branding.logo_url} name={branding.company_name} />}
        <span className="truncate font-semibold">{branding.company_name}</span>
      </span>
      {branding.website && <span className="truncate">{branding.website}</span>}
    </div>
  );
}

export function SlidesView({ deck, look }: { deck: SlideDeck; look: PreviewLook }) {
  const { t } = useTranslation();
  const colors = look.colors ?? NEUTRAL;
  const fonts = fontsFor(look);
  const slides = deck.slides;
  return (
    <div className="space-y-4" data-testid="slides-view">
      {deck.title && (
        <h3 className="text-lg font-bold text-slate-900" style={{ fontFamily: fonts.heading }}>
          {deck.title}
        </h3>
      )}
      <ol className="space-y-4">
        {slides.map((slide, index) => {
          const hasBody = slide.points.length > 0 || slide.paragraphs.length > 0;
          const style: CSSProperties = { background: colors.background, color: colors.text, fontFamily: fonts.body };
          return (
            <li key={index} className="overflow-hidden rounded-lg border border-slate-200 shadow-sm" aria-label={t('preview.slideNumber', { number: index + 1 })}>
              <div className="h-1.5" style={{ background: colors.primary }} aria-hidden="true" />
              <div className="p-4" style={style}>
                <div className="flex items-start justify-between gap-3">
                  <h4 className="whitespace-pre-line text-base font-bold" style={{ fontFamily: fonts.heading, color: colors.primary }}>
                    {slide.title || <span className="italic opacity-60">{t('preview.untitled')}</span>}
                  </h4>
                  <span className="shrink-0 text-[10px] opacity-60">{index + 1}</span>
                </div>
                <div className={cx('mt-2 grid gap-3', hasBody && 'sm:grid-cols-[1fr_8rem]')}>
                  <div className="min-w-0 text-sm">
                    {slide.points.length > 0 && (
                      <ul className="list-disc space-y-1 pl-5">
                        {slide.points.map((point, i) => (
                          <li key={i} className="whitespace-pre-line">
                            {point}
                          </li>
                        ))}
                      </ul>
                    )}
                    {slide.paragraphs.map((paragraph, i) => (
                      <p key={i} className="mt-2 whitespace-pre-line">
                        {paragraph}
                      </p>
                    ))}
                    {!hasBody && <p className="text-xs italic opacity-60">{t('preview.noSlideContent')}</p>}
                  </div>
                  {hasBody && <ImageArea look={look} colors={colors} />}
                </div>
                {slide.notes && (
                  <details className="mt-3 rounded bg-black/5 px-2 py-1 text-xs">
                    <summary className="cursor-pointer font-medium">{t('preview.speakerNotes')}</summary>
                    <p className="mt-1 whitespace-pre-line">{slide.notes}</p>
                  </details>
                )}
                <BrandingBar branding={look.branding} color={colors.text} />
              </div>
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

/** Content text as slides or as a script, with an empty state. */
export function ContentPreview({ text, view, look, empty }: { text: string; view: ContentView; look: PreviewLook; empty?: ReactNode }) {
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
  return deck ? <SlidesView deck={deck} look={look} /> : <ScriptView script={script!} look={look} />;
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
