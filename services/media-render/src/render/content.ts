// What every document renderer draws, prepared once from a RenderInput: cleaned text, numbered
// sections, questions with their answers, colours that read on the page, the checked logo and the
// labels in the content's language. The renderers only arrange it, so the PowerPoint, the PDF
// guide, the Word manual and the text file always say the same thing.
import {
  BUILTIN_TEMPLATES,
  contrastRatio,
  DEFAULT_FONTS,
  FONT_FAMILIES,
  isHexColor,
  isLayout,
  type ColorScheme,
  type FontFamily,
  type FontStyle,
  type Layout,
  SERIF_FAMILIES,
  type TemplateFonts,
} from '@trainwright/templates';
import { slideNumberLabel, slideNumbering } from '@trainwright/formats';
import { IMAGE_STYLE_VALUES, isDense, planVisuals, type ImageStyleValue, type SlideVisual, type VisualColors } from './visuals.js';
import { RenderError, type RenderBranding, type RenderInput } from '../domain/types.js';

export interface Section {
  /** 1-based position among the sections (the cover is not one): formats' slideNumbering. */
  number: number;
  /** 'n / total', as every slide footer and the preview write the number. */
  numberLabel: string;
  /** The index of its slide in the input deck. */
  slide: number;
  /** The slide's title, or 'Slide n' for an untitled slide. */
  title: string;
  /** '1. Title': how documents number their sections. */
  heading: string;
  points: string[];
  paragraphs: string[];
  /** Speaker notes: what is said over the slide (narrated). */
  notes: string;
  /** What the trainer's documents print under 'Trainer notes' (the PowerPoint notes pane, the
   *  guide, the manual, the txt): the speaker notes, then the trainer-only notes. Never narrated. */
  trainerText: string;
  /** The chart or icon the slide shows in every output; null for a slide dense with text (visuals.ts). */
  visual: SlideVisual | null;
  /** So much text that decoration yields: no visual, and layouts with a picture half give the text the width. */
  dense: boolean;
}

/** How headings are set, by the form's font style (docs/media-render.md, "Font styles"). */
export interface Typography {
  fontStyle: FontStyle;
  headingWeight: 'bold' | 'regular';
  /** Multiplies the largest size a title may take. */
  headingScale: number;
  /** Whether titles get the accent rule under them. */
  rule: boolean;
}

export interface PreparedQuestion {
  number: number;
  prompt: string;
  options: Array<{ letter: string; text: string; correct: boolean }>;
  /** The letters of the correct options ('B', 'A, C'); '–' when the question marks none. */
  answer: string;
  /** The answer as the answer key writes it: 'B – Water', 'A, C – Heat; Fuel'. */
  answerText: string;
  explanation: string;
}

export interface Logo {
  bytes: Buffer;
  type: 'png' | 'jpg';
  width: number;
  height: number;
}

export interface Branding {
  companyName: string;
  website: string;
  logo: Logo | null;
}

/** '#rrggbb' colours. */
export interface Palette extends ColorScheme {
  /** Text drawn on the primary colour (white or the template's text colour, whichever reads better). */
  onPrimary: string;
  /** Slides keep the template's background: text and headings chosen to read on it. */
  slide: { text: string; heading: string };
  /** Documents print on white: headings, body text and accents chosen to read on it. */
  page: { heading: string; text: string; accent: string; muted: string; tint: string };
}

export interface Labels {
  contents: string;
  overview: string;
  summary: string;
  objectives: string;
  trainerNotes: string;
  assessment: string;
  answerKey: string;
  glossary: string;
  /** The company library's documents the slides cite. */
  sources: string;
  term: string;
  definition: string;
  question: string;
  answer: string;
  explanation: string;
  fullText: string;
  untitled: string;
  slide: (n: number) => string;
  /** "Page n of total"; the Word manual passes placeholders and puts page fields in their place. */
  page: (n: number | string, total: number | string) => string;
}

export interface DocumentContent {
  title: string;
  description: string;
  summary: string;
  /** BCP 47 tag the documents declare ('en' when the input's is unusable). */
  language: string;
  /** When the content was generated; null when the input's date is unusable. */
  generatedAt: Date | null;
  /** That date written out in the content's language; '' when unknown. */
  date: string;
  sections: Section[];
  /** What is said over the cover: the notes of a first slide that only repeated the title. */
  coverNotes: string;
  /** The cover's trainer text: those notes, then that slide's trainer-only notes. */
  coverTrainerText: string;
  objectives: string[];
  questions: PreparedQuestion[];
  glossary: Array<{ term: string; definition: string }>;
  /** The library documents the slides cite, each with the passages quoted, in slide order. */
  sources: Array<{ title: string; passages: string[] }>;
  palette: Palette;
  fonts: TemplateFonts;
  typography: Typography;
  /** The form's image style (one of the seven; 'professional' when unknown). */
  imageStyle: ImageStyleValue;
  layout: Layout;
  branding: Branding | null;
  labels: Labels;
}

/** The colours visuals are drawn with on a slide (its background) or on a page (white). */
export function visualColors(c: Pick<DocumentContent, 'palette'>, on: 'slide' | 'page'): VisualColors {
  const p = c.palette;
  return on === 'slide'
    ? { primary: p.primary, secondary: p.secondary, accent: p.accent, background: p.background, ink: p.slide.text, onPrimary: p.onPrimary }
    : { primary: p.page.heading, secondary: p.secondary, accent: p.page.accent, background: '#ffffff', ink: p.page.text, onPrimary: contrastRatio(WHITE, p.page.heading) >= 3 ? WHITE : p.onPrimary };
}

const LABELS: Record<'en' | 'es' | 'fr', Labels> = {
  en: {
    contents: 'Contents',
    overview: 'Overview',
    summary: 'Summary',
    objectives: 'Learning objectives',
    trainerNotes: 'Trainer notes',
    assessment: 'Assessment',
    answerKey: 'Answer key',
    glossary: 'Glossary',
    sources: 'Sources',
    term: 'Term',
    definition: 'Definition',
    question: 'Question',
    answer: 'Answer',
    explanation: 'Explanation',
    fullText: 'Full text of this slide',
    untitled: 'Untitled training',
    slide: (n) => `Slide ${n}`,
    page: (n, total) => `Page ${n} of ${total}`,
  },
  es: {
    contents: 'Contenido',
    overview: 'Introducción',
    summary: 'Resumen',
    objectives: 'Objetivos de aprendizaje',
    trainerNotes: 'Notas del formador',
    assessment: 'Evaluación',
    answerKey: 'Respuestas',
    glossary: 'Glosario',
    sources: 'Fuentes',
    term: 'Término',
    definition: 'Definición',
    question: 'Pregunta',
    answer: 'Respuesta',
    explanation: 'Explicación',
    fullText: 'Texto completo de esta diapositiva',
    untitled: 'Formación sin título',
    slide: (n) => `Diapositiva ${n}`,
    page: (n, total) => `Página ${n} de ${total}`,
  },
  fr: {
    contents: 'Sommaire',
    overview: 'Présentation',
    summary: 'Résumé',
    objectives: "Objectifs d'apprentissage",
    trainerNotes: 'Notes du formateur',
    assessment: 'Évaluation',
    answerKey: 'Corrigé',
    glossary: 'Glossaire',
    sources: 'Sources',
    term: 'Terme',
    definition: 'Définition',
    question: 'Question',
    answer: 'Réponse',
    explanation: 'Explication',
    fullText: 'Texte complet de cette diapositive',
    untitled: 'Formation sans titre',
    slide: (n) => `Diapositive ${n}`,
    page: (n, total) => `Page ${n} sur ${total}`,
  },
};

const FALLBACK_COLORS: ColorScheme = {
  primary: '#1e3a5f',
  secondary: '#4a7ab0',
  accent: '#f59e0b',
  background: '#ffffff',
  text: '#1f2937',
};
const WHITE = '#ffffff';
const INK = '#1f2937';

// Characters XML 1.0 cannot hold (Office files would not open) and other C0/C1 controls (they draw
// as boxes). Tabs become spaces; CR, U+2028 and U+2029 become line breaks.
const FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text safe for every output: NFC, no control characters, '\n' line breaks. */
export function cleanText(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(FORBIDDEN, '')
    .normalize('NFC');
}

/** One-line text (titles, labels): line breaks become spaces. */
export function cleanLine(value: unknown): string {
  return cleanText(value)
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** At most `max` characters on one line, cut between code points (never inside a surrogate pair) with an ellipsis. */
export function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= max ? flat : `${chars.slice(0, max - 1).join('')}…`;
}

/** Length of document properties (subject, description) where files keep a one-line summary. */
export const PROPERTY_MAX = 1000;

function cleanList(values: unknown): string[] {
  return Array.isArray(values)
    ? values
        .map(cleanText)
        .map((s) => s.trim())
        .filter((s) => s !== '')
    : [];
}

/** 'A'..'Z', then 'AA', 'AB', ... as spreadsheets count. */
export function optionLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

function hex(value: unknown, fallback: string): string {
  return isHexColor(value) ? value.toLowerCase() : fallback;
}

/** The first colour with at least `minimum` contrast against `background`, else the one with the most. */
function readable(background: string, minimum: number, ...candidates: string[]): string {
  const contrast = (c: string) => contrastRatio(c, background);
  return candidates.find((c) => contrast(c) >= minimum) ?? candidates.reduce((best, c) => (contrast(c) > contrast(best) ? c : best));
}

/** `color` mixed with white; `amount` 0 is the colour, 1 is white. */
export function tint(color: string, amount: number): string {
  const channel = (i: number) => {
    const v = parseInt(color.slice(1 + i * 2, 3 + i * 2), 16);
    return Math.round(v + (255 - v) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}

export function paletteOf(colors: Partial<ColorScheme> | undefined): Palette {
  const c = (Object.keys(FALLBACK_COLORS) as Array<keyof ColorScheme>).reduce(
    (acc, key) => ({ ...acc, [key]: hex(colors?.[key], FALLBACK_COLORS[key]) }),
    {} as ColorScheme,
  );
  const text = readable(WHITE, 4.5, c.text, INK);
  const heading = readable(WHITE, 3, c.primary, text);
  const slideText = readable(c.background, 4.5, c.text, INK, WHITE);
  return {
    ...c,
    onPrimary: contrastRatio(WHITE, c.primary) >= contrastRatio(c.text, c.primary) ? WHITE : c.text,
    slide: { text: slideText, heading: readable(c.background, 3, c.primary, slideText) },
    page: {
      heading,
      text,
      accent: readable(WHITE, 3, c.accent, heading),
      muted: readable(WHITE, 4.5, '#6b7280', text),
      tint: tint(c.primary, 0.92),
    },
  };
}

function fontStyleOf(value: unknown): FontStyle {
  return typeof value === 'string' && value in DEFAULT_FONTS ? (value as FontStyle) : 'modern';
}

/**
 * The template's fonts (its font style's pair when it has none), with the heading set as the form's
 * font style asks: classic headings are serif, creative ones contrast with the body (a serif over a
 * sans body, a sans over a serif one); modern, professional and minimal keep the template's face.
 */
function fontsOf(fonts: Partial<TemplateFonts> | undefined, fontStyle: FontStyle): TemplateFonts {
  const isFamily = (f: unknown): f is FontFamily => typeof f === 'string' && (FONT_FAMILIES as readonly string[]).includes(f);
  const byStyle = DEFAULT_FONTS[fontStyle];
  const pair = { heading: isFamily(fonts?.heading) ? fonts.heading : byStyle.heading, body: isFamily(fonts?.body) ? fonts.body : byStyle.body };
  const serif = (f: FontFamily) => SERIF_FAMILIES.includes(f);
  if (fontStyle === 'classic' && !serif(pair.heading)) return { ...pair, heading: 'Liberation Serif' };
  if (fontStyle === 'creative') return { ...pair, heading: serif(pair.body) ? 'DejaVu Sans' : 'DejaVu Serif' };
  return pair;
}

const TYPOGRAPHY: Record<FontStyle, Omit<Typography, 'fontStyle'>> = {
  modern: { headingWeight: 'bold', headingScale: 1, rule: true },
  classic: { headingWeight: 'bold', headingScale: 0.92, rule: true },
  professional: { headingWeight: 'bold', headingScale: 0.85, rule: true },
  creative: { headingWeight: 'bold', headingScale: 1.15, rule: true },
  minimal: { headingWeight: 'regular', headingScale: 0.92, rule: false },
};

/** The template category a built-in template id belongs to ('' for a company's own template). */
function categoryOf(templateId: unknown): string {
  return BUILTIN_TEMPLATES.find((t) => t.id === templateId)?.category ?? '';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The logo when its bytes really are a PNG or JPEG with a size; null otherwise (a broken logo is left out). */
export function logoOf(logo: RenderBranding['logo'] | undefined): Logo | null {
  if (!logo || !Buffer.isBuffer(logo.bytes) || !(logo.width > 0) || !(logo.height > 0)) return null;
  const b = logo.bytes;
  const type = PNG_SIGNATURE.every((byte, i) => b[i] === byte) ? 'png' : b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff ? 'jpg' : null;
  return type ? { bytes: b, type, width: logo.width, height: logo.height } : null;
}

/** The largest size with the logo's proportions inside a box. */
export function fitInside(logo: Pick<Logo, 'width' | 'height'>, maxWidth: number, maxHeight: number): { width: number; height: number } {
  const scale = Math.min(maxWidth / logo.width, maxHeight / logo.height);
  return { width: logo.width * scale, height: logo.height * scale };
}

function languageOf(value: unknown): string {
  const tag = typeof value === 'string' ? value.trim() : '';
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

function labelsFor(language: string): Labels {
  const primary = language.split('-')[0]!.toLowerCase();
  return primary === 'es' || primary === 'fr' ? LABELS[primary] : LABELS.en;
}

function dateOf(value: unknown): Date | null {
  const date = typeof value === 'string' || value instanceof Date ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

// Making a formatter costs far more than formatting: one per language, kept (the first few dozen
// languages seen; a tag is any the input names).
const longDateFormats = new Map<string, Intl.DateTimeFormat>();
const LONG_DATE_FORMATS_KEPT = 64;

function longDate(date: Date | null, language: string): string {
  if (!date) return '';
  let format = longDateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    if (longDateFormats.size < LONG_DATE_FORMATS_KEPT) longDateFormats.set(language, format);
  }
  return format.format(date);
}

// One prepared content per input object (inputs are plain data, not changed once rendering
// starts): the formats of one render, and the video's many pictures, share it instead of each
// preparing the deck (and choosing its icons) again.
const prepared = new WeakMap<RenderInput, DocumentContent>();

export function prepareContent(input: RenderInput): DocumentContent {
  if (!input || typeof input !== 'object') throw new RenderError('Nothing to render: the render input is missing.');
  let content = prepared.get(input);
  if (!content) prepared.set(input, (content = prepareUncached(input)));
  return content;
}

function prepareUncached(input: RenderInput): DocumentContent {
  const deck = input.deck;
  if (!deck || !Array.isArray(deck.slides)) throw new RenderError('Nothing to render: the content has no slide deck.');

  const language = languageOf(input.language);
  const labels = labelsFor(language);
  const generatedAt = dateOf(input.generatedAt);
  const slides = deck.slides.map((slide) => ({
    title: cleanLine(slide?.title),
    points: cleanList(slide?.points),
    paragraphs: cleanList(slide?.paragraphs),
    notes: cleanText(slide?.notes).trim(),
    trainerNotes: cleanText(slide?.trainerNotes).trim(),
  }));
  const trainerText = (slide: { notes: string; trainerNotes: string }) => [slide.notes, slide.trainerNotes].filter((t) => t !== '').join('\n\n');
  // Every output draws its own cover, so a first slide that only repeats the title is that cover
  // (a user may write one; the generator makes none): it is not drawn again, its notes go with the cover.
  // One numbering for every output (formats' slideNumbering): the cover is not numbered.
  const { first, total } = slideNumbering({ title: cleanLine(deck.title), slides }, { title: cleanLine(input.title), description: cleanText(input.description) });
  const cover = first === 1 ? slides[0]! : null;
  const sections = slides.slice(first).map((slide, i): Section => {
    const number = i + 1;
    const title = slide.title || labels.slide(number);
    const { trainerNotes: _trainerOnly, ...shown } = slide;
    return { ...shown, trainerText: trainerText(slide), number, numberLabel: slideNumberLabel(number, total), slide: first + i, title, heading: `${number}. ${title}`, visual: null, dense: isDense(slide) };
  });
  // Chosen by the slide's own title: an untitled slide's 'Slide n' says nothing about it.
  const visuals = planVisuals(sections.map((s) => ({ ...s, title: slides[s.slide]!.title })), categoryOf(input.style?.templateId), language);
  sections.forEach((s, i) => (s.visual = visuals[i] ?? null));
  const fontStyle = fontStyleOf(input.style?.fontStyle);
  const imageStyle = (IMAGE_STYLE_VALUES as readonly string[]).includes(input.style?.imageStyle) ? (input.style.imageStyle as ImageStyleValue) : 'professional';

  const questions = (Array.isArray(input.questions) ? input.questions : []).map((q, i): PreparedQuestion => {
    const options = (Array.isArray(q?.options) ? q.options : []).map((o, j) => ({
      letter: optionLetter(j),
      text: cleanLine(o?.text),
      correct: o?.is_correct === true,
    }));
    const correct = options.filter((o) => o.correct);
    const answer = correct.length > 0 ? correct.map((o) => o.letter).join(', ') : '–';
    const texts = correct.map((o) => o.text).filter((t) => t !== '');
    return {
      number: i + 1,
      prompt: cleanText(q?.prompt).trim(),
      options,
      answer,
      answerText: texts.length > 0 ? `${answer} – ${texts.join('; ')}` : answer,
      explanation: cleanText(q?.explanation).trim(),
    };
  });

  const branding = input.branding
    ? {
        companyName: cleanLine(input.branding.companyName),
        website: cleanLine(input.branding.website),
        logo: logoOf(input.branding.logo),
      }
    : null;

  return {
    title: cleanLine(input.title) || cleanLine(deck.title) || labels.untitled,
    description: cleanText(input.description).trim(),
    summary: cleanText(input.summary).trim(),
    language,
    generatedAt,
    date: longDate(generatedAt, language),
    sections,
    coverNotes: cover?.notes ?? '',
    coverTrainerText: cover ? trainerText(cover) : '',
    objectives: cleanList(input.objectives),
    questions,
    glossary: (Array.isArray(input.glossary) ? input.glossary : [])
      .map((g) => ({ term: cleanLine(g?.term), definition: cleanText(g?.definition).trim() }))
      .filter((g) => g.term !== ''),
    sources: sourcesOf(input.citations ?? []),
    palette: paletteOf(input.style?.colors),
    fonts: fontsOf(input.style?.fonts, fontStyle),
    typography: { fontStyle, ...TYPOGRAPHY[fontStyle] },
    imageStyle,
    layout: isLayout(input.style?.layout) ? input.style.layout : 'title-content',
    branding: branding && (branding.companyName || branding.website || branding.logo) ? branding : null,
    labels,
  };
}

/** Whether the documents have an overview: the summary, what is said over the cover, the objectives. */
export function hasOverview(c: DocumentContent): boolean {
  return c.summary !== '' || c.coverTrainerText !== '' || overviewObjectives(c).length > 0;
}

/**
 * The objectives the overview lists: none when a section of the deck already lists them (the
 * generator's objectives slide), so a document does not print the same list twice in a row.
 */
export function overviewObjectives(c: DocumentContent): string[] {
  const key = (items: readonly string[]) => items.map((i) => i.toLowerCase()).join('\n');
  const objectives = key(c.objectives);
  return c.sections.some((s) => key(s.points) === objectives) ? [] : c.objectives;
}

/** The branding line of footers: 'Company · www.example.com', '' without branding. */
export function brandingLine(branding: Branding | null): string {
  return branding ? [branding.companyName, branding.website].filter((s) => s !== '').join(' · ') : '';
}

/** Whatever a renderer threw, as a RenderError that names the document. */
export function asRenderError(documentName: string, error: unknown): RenderError {
  if (error instanceof RenderError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new RenderError(`Could not render the ${documentName}: ${reason}`);
}

/**
 * Runs a renderer so that anything it throws becomes a RenderError naming the document: the job
 * fails with a clear message instead of crashing the worker.
 */
export async function guardRender<T>(documentName: string, render: () => Promise<T>): Promise<T> {
  try {
    return await render();
  } catch (error) {
    throw asRenderError(documentName, error);
  }
}

/** The cited documents in the order the slides first cite them, each passage once. */
function sourcesOf(citations: NonNullable<RenderInput['citations']>): DocumentContent['sources'] {
  const byTitle = new Map<string, Set<string>>();
  for (const c of [...citations].sort((a, b) => a.slide_index - b.slide_index)) {
    const title = cleanLine(c.document_title);
    const passage = cleanText(c.passage).trim();
    if (!title || !passage) continue;
    if (!byTitle.has(title)) byTitle.set(title, new Set());
    byTitle.get(title)!.add(passage);
  }
  return [...byTitle].map(([title, passages]) => ({ title, passages: [...passages] }));
}
