// The template rules: marketplace listing (search, filters, sorts), plan availability, validation
// of company-made templates, colour contrast and the SVG preview. Pure functions over plain data,
// shared by the project service (API) and the web app (marketplace).
import { TIERS, isTierId, isUnlimited, type TierId } from '@trainwright/catalogue';
import {
  BACKGROUND_TYPES,
  BORDER_STYLES,
  COLOR_KEYS,
  DESIGN_TYPES,
  DIFFICULTIES,
  DURATION_BANDS,
  FONT_FAMILIES,
  FONT_STYLES,
  IMAGE_STYLES,
  LAYOUTS,
  SERIF_FAMILIES,
  SIDEBAR_PATTERNS,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LANGUAGES,
  type ColorScheme,
  type CustomTemplate,
  type DesignElements,
  type Difficulty,
  type FontFamily,
  type FontStyle,
  type Layout,
  type Template,
  type TemplateCategory,
  type TemplateFields,
  type TemplateFonts,
  type TemplateLanguage,
  type TemplateText,
} from './template.js';

// ---------------------------------------------------------------------------------------------
// Difficulty and duration

/** Rank of each difficulty for sorting: Beginner 0 ... Expert 3. */
export const DIFFICULTY_ORDER: Record<Difficulty, number> = { Beginner: 0, Intermediate: 1, Advanced: 2, Expert: 3 };

export function durationFor(difficulty: Difficulty): string {
  return DURATION_BANDS[difficulty];
}

// ---------------------------------------------------------------------------------------------
// Listing: search, filters, sorts

export const TEMPLATE_SORTS = ['name', 'category', 'difficulty', 'slides'] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

export interface ListTemplatesOptions {
  /** Words to find (all of them, in any of the searched fields); case- and accent-insensitive. */
  search?: string;
  /** A category; undefined, '' or 'all' means every category. Compared case-insensitively. */
  category?: TemplateCategory | 'all' | (string & {});
  /** A difficulty; undefined, '' or 'all' means every level. Compared case-insensitively. */
  level?: Difficulty | 'all' | (string & {});
  /** Without a sort the input order is kept (rank order for the built-in catalogue). */
  sort?: TemplateSort;
}

/** Lower case without diacritics, so 'Sécurité' and 'securite' compare equal. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** A built-in's translations, when the value has them (a company's own template has none). */
function translationsOf(t: object): Partial<Record<TemplateLanguage, TemplateText>> {
  const translations = (t as { translations?: unknown }).translations;
  return translations && typeof translations === 'object' ? (translations as Partial<Record<TemplateLanguage, TemplateText>>) : {};
}

/**
 * The name and description to show in `language` (a BCP 47 tag: 'es', 'fr-CA'): a built-in's
 * translation, else the template's own text (English for the built-ins, the company's for its own).
 */
export function templateText(t: Pick<TemplateFields, 'name' | 'description'>, language: string): TemplateText {
  const base = String(language ?? '').toLowerCase().split(/[-_]/)[0] as TemplateLanguage;
  const translated = (TEMPLATE_LANGUAGES as readonly string[]).includes(base) ? translationsOf(t)[base] : undefined;
  return translated?.name ? { name: translated.name, description: translated.description || t.description } : { name: t.name, description: t.description };
}

function searchableText(t: TemplateFields): string {
  return foldText([t.name, t.title, t.description, t.industry, ...t.features, ...t.content.sections].join('\n'));
}

function isAll(value: string | undefined): boolean {
  return value === undefined || value.trim() === '' || value.trim().toLowerCase() === 'all';
}

function compareText(a: string, b: string): number {
  const fa = foldText(a);
  const fb = foldText(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

const COMPARATORS: Record<TemplateSort, (a: TemplateFields, b: TemplateFields) => number> = {
  name: () => 0,
  category: (a, b) => compareText(a.category, b.category),
  difficulty: (a, b) => DIFFICULTY_ORDER[a.difficulty] - DIFFICULTY_ORDER[b.difficulty],
  slides: (a, b) => a.slides - b.slides,
};

/** The marketplace list: filters, then a stable sort with the name as tie-breaker. */
export function listTemplates<T extends TemplateFields>(templates: readonly T[], options: ListTemplatesOptions = {}): T[] {
  const terms = foldText(options.search ?? '')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const category = isAll(options.category) ? undefined : options.category!.trim().toLowerCase();
  const level = isAll(options.level) ? undefined : options.level!.trim().toLowerCase();

  const result = templates.filter((t) => {
    if (category !== undefined && t.category.toLowerCase() !== category) return false;
    if (level !== undefined && t.difficulty.toLowerCase() !== level) return false;
    if (terms.length === 0) return true;
    const text = searchableText(t);
    return terms.every((term) => text.includes(term));
  });

  const sort = options.sort;
  if (sort && (TEMPLATE_SORTS as readonly string[]).includes(sort)) {
    const primary = COMPARATORS[sort];
    // Array.prototype.sort is stable, so equal names keep their input (rank) order.
    result.sort((a, b) => primary(a, b) || compareText(a.name, b.name));
  }
  return result;
}

/** Templates per category, every category present (0 when empty), in the specification's order. */
export function categoryCounts(templates: readonly TemplateFields[]): Record<TemplateCategory, number> {
  const counts = Object.fromEntries(TEMPLATE_CATEGORIES.map((c) => [c, 0])) as Record<TemplateCategory, number>;
  for (const t of templates) counts[t.category] += 1;
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Plan availability

/**
 * "The plan's templateCount limits what a plan can use": a built-in is available when its rank is
 * within the tier's templateCount; a company's own templates are always available to it.
 */
export function isTemplateAvailable(
  template: Pick<Template, 'builtIn' | 'rank'> | Pick<CustomTemplate, 'builtIn'>,
  tierId: TierId,
): boolean {
  if (!template.builtIn) return true;
  // An unknown tier (bad data) unlocks nothing rather than throwing.
  if (!isTierId(tierId)) return false;
  const limit = TIERS[tierId].limits.templateCount;
  return isUnlimited(limit) || template.rank <= limit;
}

export function availableTemplates<T extends Template | CustomTemplate>(templates: readonly T[], tierId: TierId): T[] {
  return templates.filter((t) => isTemplateAvailable(t, tierId));
}

// ---------------------------------------------------------------------------------------------
// Validation of company-made templates

export interface TemplateFieldError {
  /** Dotted path of the offending field, e.g. 'colorScheme.primary' or 'content.sections[2]'. */
  field: string;
  message: string;
}

export type CustomTemplateValidation =
  | { ok: true; template: TemplateFields }
  | { ok: false; errors: TemplateFieldError[] };

/** Length bounds (in characters, after trimming) of the free-text fields. */
export const TEXT_LIMITS = {
  name: 80,
  title: 120,
  description: 1000,
  industry: 60,
  contentTitle: 120,
  feature: 120,
  section: 200,
} as const;
export const MAX_FEATURES = 20;
export const MIN_SECTIONS = 1;
export const MAX_SECTIONS = 50;
export const MIN_SLIDES = 1;
export const MAX_SLIDES = 200;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
// C0, DEL and C1 controls: none belongs in a one-line label, and they break the exports.
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/** Default font pair per font style, for custom templates that give a style but no fonts. */
export const DEFAULT_FONTS: Record<FontStyle, TemplateFonts> = {
  modern: { heading: 'Noto Sans', body: 'Noto Sans' },
  classic: { heading: 'Liberation Serif', body: 'Liberation Serif' },
  professional: { heading: 'Liberation Sans', body: 'Liberation Sans' },
  creative: { heading: 'DejaVu Serif', body: 'DejaVu Sans' },
  minimal: { heading: 'DejaVu Sans', body: 'DejaVu Sans' },
};

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneOf<T extends string>(set: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (set as readonly string[]).includes(value);
}

/**
 * Checks a company-made template and returns it cleaned (strings trimmed and NFC-normalised,
 * colours lower-cased, duration derived from the difficulty, unknown keys dropped, id/rank/builtIn
 * ignored) or every problem found, one per field.
 *
 * Required: name, category, difficulty, slides, colorScheme, layout, content.sections.
 * Optional with defaults: title (the name), description and industry (''), fontStyle and
 * imageStyle ('professional'), fonts (the font style's default pair), features ([]),
 * content.title (the title). designElements is optional for every category.
 */
export function validateCustomTemplate(input: unknown): CustomTemplateValidation {
  const errors: TemplateFieldError[] = [];
  const fail = (field: string, message: string) => {
    errors.push({ field, message });
  };
  if (!isRecord(input)) return { ok: false, errors: [{ field: 'template', message: 'Template must be an object' }] };

  /** A trimmed string, or undefined after recording an error. Missing/blank gives `fallback`. */
  const text = (field: string, value: unknown, label: string, max: number, fallback?: string): string | undefined => {
    if (value === undefined || value === null) {
      if (fallback !== undefined) return fallback;
      fail(field, `${label} is required`);
      return undefined;
    }
    if (typeof value !== 'string') {
      fail(field, `${label} must be text`);
      return undefined;
    }
    const cleaned = value.normalize('NFC').trim();
    if (cleaned === '') {
      if (fallback !== undefined) return fallback;
      fail(field, `${label} is required`);
      return undefined;
    }
    if (CONTROL_CHARS.test(cleaned)) {
      fail(field, `${label} must not contain control characters`);
      return undefined;
    }
    if ([...cleaned].length > max) {
      fail(field, `${label} must be at most ${max} characters`);
      return undefined;
    }
    return cleaned;
  };

  const pick = <T extends string>(field: string, value: unknown, set: readonly T[], label: string, fallback?: T): T | undefined => {
    if ((value === undefined || value === null) && fallback !== undefined) return fallback;
    if (oneOf(set, value)) return value;
    fail(field, value === undefined || value === null ? `${label} is required` : `${label} must be one of: ${set.join(', ')}`);
    return undefined;
  };

  const name = text('name', input.name, 'Template name', TEXT_LIMITS.name);
  const title = text('title', input.title, 'Title', TEXT_LIMITS.title, name ?? '');
  const description = text('description', input.description, 'Description', TEXT_LIMITS.description, '');
  const industry = text('industry', input.industry, 'Industry', TEXT_LIMITS.industry, '');
  const category = pick('category', input.category, TEMPLATE_CATEGORIES, 'Category');
  const difficulty = pick('difficulty', input.difficulty, DIFFICULTIES, 'Difficulty');
  const layout = pick('layout', input.layout, LAYOUTS, 'Layout');
  const fontStyle = pick('fontStyle', input.fontStyle, FONT_STYLES, 'Font style', 'professional');
  const imageStyle = pick('imageStyle', input.imageStyle, IMAGE_STYLES, 'Image style', 'professional');

  let slides: number | undefined;
  if (typeof input.slides !== 'number' || !Number.isInteger(input.slides) || input.slides < MIN_SLIDES || input.slides > MAX_SLIDES) {
    fail('slides', `Slides must be a whole number from ${MIN_SLIDES} to ${MAX_SLIDES}`);
  } else {
    slides = input.slides;
  }

  let colorScheme: ColorScheme | undefined;
  if (!isRecord(input.colorScheme)) {
    fail('colorScheme', 'Colour scheme is required');
  } else {
    const scheme: Partial<ColorScheme> = {};
    for (const key of COLOR_KEYS) {
      const value = input.colorScheme[key];
      if (isHexColor(value)) scheme[key] = value.toLowerCase();
      else fail(`colorScheme.${key}`, `The ${key} colour must be a hex colour like #1a2b3c`);
    }
    if (COLOR_KEYS.every((k) => scheme[k] !== undefined)) colorScheme = scheme as ColorScheme;
  }

  let fonts: TemplateFonts | undefined;
  if (input.fonts === undefined || input.fonts === null) {
    fonts = fontStyle ? { ...DEFAULT_FONTS[fontStyle] } : undefined;
  } else if (!isRecord(input.fonts)) {
    fail('fonts', 'Fonts must have a heading and a body font');
  } else {
    const heading = pick<FontFamily>('fonts.heading', input.fonts.heading, FONT_FAMILIES, 'Heading font');
    const body = pick<FontFamily>('fonts.body', input.fonts.body, FONT_FAMILIES, 'Body font');
    if (heading && body) fonts = { heading, body };
  }

  let features: string[] | undefined;
  if (input.features === undefined || input.features === null) {
    features = [];
  } else if (!Array.isArray(input.features)) {
    fail('features', 'Features must be a list of text lines');
  } else if (input.features.length > MAX_FEATURES) {
    fail('features', `At most ${MAX_FEATURES} features are allowed`);
  } else {
    const list = input.features.map((f, i) => text(`features[${i}]`, f, 'A feature', TEXT_LIMITS.feature));
    if (list.every((f) => f !== undefined)) features = list as string[];
  }

  let contentTitle: string | undefined;
  let sections: string[] | undefined;
  if (!isRecord(input.content)) {
    fail('content', 'Content with at least one section is required');
  } else {
    contentTitle = text('content.title', input.content.title, 'Content title', TEXT_LIMITS.contentTitle, title ?? '');
    const raw = input.content.sections;
    if (!Array.isArray(raw) || raw.length < MIN_SECTIONS) {
      fail('content.sections', 'At least one section is required');
    } else if (raw.length > MAX_SECTIONS) {
      fail('content.sections', `At most ${MAX_SECTIONS} sections are allowed`);
    } else {
      const list = raw.map((s, i) => text(`content.sections[${i}]`, s, 'A section', TEXT_LIMITS.section));
      if (list.every((s) => s !== undefined)) sections = list as string[];
    }
  }

  let designElements: DesignElements | undefined;
  if (input.designElements !== undefined && input.designElements !== null) {
    if (!isRecord(input.designElements)) {
      fail('designElements', 'Design elements must be an object');
    } else {
      const d = input.designElements;
      const type = pick('designElements.type', d.type, DESIGN_TYPES, 'Design type');
      const sidebarPattern = pick('designElements.sidebarPattern', d.sidebarPattern, SIDEBAR_PATTERNS, 'Sidebar pattern');
      const borderStyle = pick('designElements.borderStyle', d.borderStyle, BORDER_STYLES, 'Border style');
      const backgroundType = pick('designElements.backgroundType', d.backgroundType, BACKGROUND_TYPES, 'Background type');
      if (type && sidebarPattern && borderStyle && backgroundType) designElements = { type, sidebarPattern, borderStyle, backgroundType };
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  // Every value is defined here: each undefined above recorded an error.
  const template: TemplateFields = {
    name: name!,
    title: title!,
    description: description!,
    category: category!,
    difficulty: difficulty!,
    duration: durationFor(difficulty!),
    slides: slides!,
    industry: industry!,
    colorScheme: colorScheme!,
    layout: layout!,
    fonts: fonts!,
    fontStyle: fontStyle!,
    imageStyle: imageStyle!,
    features: features!,
    content: { title: contentTitle!, sections: sections! },
  };
  if (designElements) template.designElements = designElements;
  return { ok: true, template };
}

// ---------------------------------------------------------------------------------------------
// Colour contrast (WCAG 2.x)

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of '#rrggbb' (0 for black, 1 for white). */
export function relativeLuminance(hex: string): number {
  if (!isHexColor(hex)) throw new RangeError(`Not a #rrggbb colour: ${String(hex)}`);
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 0xff) + 0.7152 * channel((n >> 8) & 0xff) + 0.0722 * channel(n & 0xff);
}

/** WCAG contrast ratio between two '#rrggbb' colours, from 1 to 21 (order does not matter). */
export function contrastRatio(hexA: string, hexB: string): number {
  const a = relativeLuminance(hexA);
  const b = relativeLuminance(hexB);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

// ---------------------------------------------------------------------------------------------
// SVG preview

/** What the preview needs; any template, built-in or custom, has it. */
export type PreviewSource = Pick<TemplateFields, 'name' | 'colorScheme' | 'layout'> &
  Partial<Pick<TemplateFields, 'fonts' | 'designElements'>>;

export const PREVIEW_WIDTH = 320;
export const PREVIEW_HEIGHT = 180;

// Characters XML 1.0 forbids (most C0 controls, U+FFFE/FFFF, lone surrogates): dropped, otherwise
// the document is not well-formed and the <img> shows nothing.
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Escapes text for XML content and attribute values (both quote styles). */
export function escapeXml(value: string): string {
  return String(value)
    .replace(XML_INVALID, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const FALLBACK_SCHEME: ColorScheme = {
  primary: '#1d4ed8',
  secondary: '#bfdbfe',
  accent: '#f59e0b',
  background: '#ffffff',
  text: '#111827',
};

/** Wraps words into at most `maxLines` lines of `maxChars`, ending with '…' when cut. */
function wrapTitle(name: string, maxChars: number, maxLines: number): string[] {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = '';
  let cut = false;
  for (const word of words) {
    const candidate = current ? `${current} ${word}` : word;
    if ([...candidate].length <= maxChars) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = word;
    if (lines.length === maxLines) {
      cut = true;
      break;
    }
  }
  if (!cut && current) lines.push(current);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    cut = true;
  }
  // Truncate by code points so an emoji or accented letter is never split.
  return lines.map((line, i) => {
    const chars = [...line];
    const last = i === lines.length - 1;
    if (chars.length > maxChars) return `${chars.slice(0, maxChars - 1).join('')}…`;
    if (last && cut) return chars.length >= maxChars ? `${chars.slice(0, maxChars - 1).join('')}…` : `${line}…`;
    return line;
  });
}

function fontStack(family: string | undefined): string {
  if (!family) return 'sans-serif';
  const generic = (SERIF_FAMILIES as readonly string[]).includes(family) ? 'serif' : 'sans-serif';
  return `'${family}', ${generic}`;
}

type Attrs = Record<string, string | number>;

function el(name: string, attrs: Attrs, children = ''): string {
  const a = Object.entries(attrs)
    .map(([k, v]) => ` ${k}="${escapeXml(String(v))}"`)
    .join('');
  return children ? `<${name}${a}>${children}</${name}>` : `<${name}${a}/>`;
}

function stripPattern(pattern: DesignElements['sidebarPattern'], color: string): string {
  const stroke = { stroke: color, 'stroke-width': 1.5, fill: 'none', opacity: 0.7 };
  const shapes: Record<string, string> = {
    stripes: el('path', { d: 'M0 12 L12 0', ...stroke }),
    dots: el('circle', { cx: 6, cy: 6, r: 2, fill: color, opacity: 0.7 }),
    chevrons: el('path', { d: 'M0 9 L6 3 L12 9', ...stroke }),
    waves: el('path', { d: 'M0 6 Q3 1 6 6 T12 6', ...stroke }),
    grid: el('path', { d: 'M12 0 L0 0 L0 12', ...stroke }),
  };
  const shape = shapes[pattern];
  return shape ? el('pattern', { id: 'strip', width: 12, height: 12, patternUnits: 'userSpaceOnUse' }, shape) : '';
}

/** A picture placeholder: hills and a sun, in the scheme's colours. */
function picture(x: number, y: number, w: number, h: number, c: ColorScheme, opacity: number): string {
  return [
    el('rect', { x, y, width: w, height: h, fill: c.secondary, opacity }),
    el('circle', { cx: x + w * 0.72, cy: y + h * 0.3, r: Math.min(w, h) * 0.1, fill: c.accent }),
    el('path', {
      d: `M${x} ${y + h} L${x + w * 0.35} ${y + h * 0.45} L${x + w * 0.6} ${y + h * 0.75} L${x + w * 0.78} ${y + h * 0.55} L${x + w} ${y + h} Z`,
      fill: c.primary,
      opacity: 0.75,
    }),
  ].join('');
}

function textLines(x: number, y: number, widths: number[], color: string, step = 11): string {
  return widths.map((w, i) => el('rect', { x, y: y + i * step, width: w, height: 4, rx: 2, fill: color, opacity: 0.22 })).join('');
}

/**
 * A 320x180 SVG thumbnail drawn from the colour scheme, the layout and the design elements, with
 * the template name as its title. Every inserted string is XML-escaped, so the result is safe to
 * embed as a data URI in an <img>.
 */
export function templatePreviewSvg(template: PreviewSource): string {
  const W = PREVIEW_WIDTH;
  const H = PREVIEW_HEIGHT;
  const given = template.colorScheme ?? FALLBACK_SCHEME;
  // Unvalidated custom data must not break the drawing: any bad colour falls back.
  const c = Object.fromEntries(
    COLOR_KEYS.map((k) => [k, isHexColor(given[k]) ? given[k].toLowerCase() : FALLBACK_SCHEME[k]]),
  ) as unknown as ColorScheme;
  const layout: Layout = (LAYOUTS as readonly string[]).includes(template.layout) ? template.layout : 'title-content';
  const d = template.designElements;
  const name = typeof template.name === 'string' ? template.name : '';

  const defs: string[] = [];
  const back: string[] = [el('rect', { width: W, height: H, fill: c.background })];
  const shapes: string[] = [];
  const front: string[] = [];

  switch (d?.backgroundType) {
    case 'gradient':
      defs.push(
        el(
          'linearGradient',
          { id: 'bg', x1: 0, y1: 0, x2: 1, y2: 1 },
          el('stop', { offset: 0, 'stop-color': c.secondary, 'stop-opacity': 0 }) +
            el('stop', { offset: 1, 'stop-color': c.secondary, 'stop-opacity': 0.45 }),
        ),
      );
      back.push(el('rect', { width: W, height: H, fill: 'url(#bg)' }));
      break;
    case 'pattern':
      defs.push(
        el('pattern', { id: 'bg', width: 16, height: 16, patternUnits: 'userSpaceOnUse' }, el('circle', { cx: 8, cy: 8, r: 1.5, fill: c.secondary, opacity: 0.6 })),
      );
      back.push(el('rect', { width: W, height: H, fill: 'url(#bg)' }));
      break;
    case 'split':
      back.push(el('rect', { y: 126, width: W, height: H - 126, fill: c.secondary, opacity: 0.35 }));
      break;
    default:
      break;
  }

  // The side strip (or the sidebar of the sidebar layout) with its pattern.
  const pattern = d?.sidebarPattern ?? 'none';
  const sidebarWidth = layout === 'sidebar' ? 96 : pattern !== 'none' ? 14 : 0;
  if (sidebarWidth > 0) {
    back.push(el('rect', { width: sidebarWidth, height: H, fill: c.primary }));
    const p = stripPattern(pattern, c.accent);
    if (p) {
      defs.push(p);
      back.push(el('rect', { width: sidebarWidth, height: H, fill: 'url(#strip)' }));
    }
  }
  // Topic templates have no design elements; a primary header bar marks them.
  if (!d && layout !== 'sidebar' && layout !== 'full-bleed') back.push(el('rect', { x: sidebarWidth, width: W - sidebarWidth, height: 6, fill: c.primary }));

  const x0 = sidebarWidth + 20;
  let titleBox = { x: x0, y: 38, width: W - x0 - 20, anchor: 'start', size: 16 };

  switch (layout) {
    case 'title-content':
      shapes.push(el('rect', { x: x0, y: 68, width: 36, height: 3, fill: c.accent }));
      shapes.push(textLines(x0, 84, [220, 200, 236, 160, 190].map((w) => Math.min(w, W - x0 - 24)), c.text));
      break;
    case 'two-column': {
      const colW = (W - x0 - 36) / 2;
      shapes.push(el('rect', { x: x0, y: 68, width: colW, height: 3, fill: c.primary }));
      shapes.push(el('rect', { x: x0 + colW + 16, y: 68, width: colW, height: 3, fill: c.accent }));
      shapes.push(textLines(x0, 82, [colW, colW - 20, colW - 8, colW - 30, colW - 12].map((w) => Math.max(w, 10)), c.text));
      shapes.push(textLines(x0 + colW + 16, 82, [colW - 10, colW, colW - 24, colW - 6, colW - 28].map((w) => Math.max(w, 10)), c.text));
      break;
    }
    case 'sidebar':
      shapes.push(el('rect', { x: 14, y: 30, width: 60, height: 5, rx: 2, fill: c.background, opacity: 0.85 }));
      shapes.push(el('rect', { x: 14, y: 44, width: 44, height: 4, rx: 2, fill: c.background, opacity: 0.55 }));
      shapes.push(el('rect', { x: 14, y: 56, width: 50, height: 4, rx: 2, fill: c.background, opacity: 0.55 }));
      shapes.push(el('rect', { x: x0, y: 68, width: 30, height: 3, fill: c.accent }));
      shapes.push(textLines(x0, 84, [180, 160, 184, 130, 150], c.text));
      break;
    case 'split-image': {
      const imgX = Math.max(x0 + 120, 176);
      shapes.push(picture(imgX, 0, W - imgX, H, c, 0.9));
      titleBox = { x: x0, y: 48, width: imgX - x0 - 14, anchor: 'start', size: 14 };
      shapes.push(el('rect', { x: x0, y: 88, width: 28, height: 3, fill: c.accent }));
      shapes.push(textLines(x0, 102, [110, 96, 118, 80].map((w) => Math.min(w, imgX - x0 - 16)), c.text));
      break;
    }
    case 'timeline': {
      const x1 = W - 28;
      shapes.push(el('line', { x1: x0, y1: 112, x2: x1, y2: 112, stroke: c.primary, 'stroke-width': 3 }));
      for (let i = 0; i < 4; i++) {
        const cx = x0 + ((x1 - x0) * (i + 0.5)) / 4;
        shapes.push(el('circle', { cx, cy: 112, r: 7, fill: i === 3 ? c.accent : c.primary }));
        shapes.push(el('rect', { x: cx - 18, y: 128, width: 36, height: 4, rx: 2, fill: c.text, opacity: 0.22 }));
        shapes.push(el('rect', { x: cx - 12, y: 138, width: 24, height: 4, rx: 2, fill: c.text, opacity: 0.22 }));
      }
      break;
    }
    case 'grid': {
      const cols = 3;
      const gap = 10;
      const cardW = (W - x0 - 20 - gap * (cols - 1)) / cols;
      for (let row = 0; row < 2; row++) {
        for (let col = 0; col < cols; col++) {
          const x = x0 + col * (cardW + gap);
          const y = 74 + row * 46;
          shapes.push(el('rect', { x, y, width: cardW, height: 38, rx: 4, fill: c.secondary, opacity: 0.45, stroke: c.primary, 'stroke-opacity': 0.5 }));
          shapes.push(el('rect', { x: x + 8, y: y + 10, width: 14, height: 4, rx: 2, fill: (row + col) % 3 === 2 ? c.accent : c.primary }));
          shapes.push(el('rect', { x: x + 8, y: y + 22, width: Math.max(cardW - 20, 8), height: 4, rx: 2, fill: c.text, opacity: 0.22 }));
        }
      }
      break;
    }
    case 'minimal':
      titleBox = { x: (x0 - 20 + W) / 2, y: 86, width: W - x0 - 20, anchor: 'middle', size: 18 };
      shapes.push(el('rect', { x: (x0 - 20 + W) / 2 - 20, y: 128, width: 40, height: 2, fill: c.accent }));
      break;
    case 'full-bleed':
      shapes.push(picture(sidebarWidth, 0, W - sidebarWidth, H, c, 0.7));
      shapes.push(el('rect', { x: x0 - 8, y: 104, width: W - x0 - 12, height: 58, rx: 4, fill: c.background, opacity: 0.94 }));
      titleBox = { x: x0, y: 126, width: W - x0 - 28, anchor: 'start', size: 15 };
      break;
  }

  switch (d?.borderStyle) {
    case 'thin':
      front.push(el('rect', { x: 0.5, y: 0.5, width: W - 1, height: H - 1, fill: 'none', stroke: c.primary, 'stroke-width': 1 }));
      break;
    case 'thick':
      front.push(el('rect', { x: 3, y: 3, width: W - 6, height: H - 6, fill: 'none', stroke: c.primary, 'stroke-width': 6 }));
      break;
    case 'double':
      front.push(el('rect', { x: 2.5, y: 2.5, width: W - 5, height: H - 5, fill: 'none', stroke: c.primary, 'stroke-width': 1 }));
      front.push(el('rect', { x: 6.5, y: 6.5, width: W - 13, height: H - 13, fill: 'none', stroke: c.primary, 'stroke-width': 1 }));
      break;
    case 'rounded':
      front.push(el('rect', { x: 4, y: 4, width: W - 8, height: H - 8, rx: 14, fill: 'none', stroke: c.primary, 'stroke-width': 2 }));
      break;
    case 'accent-bar':
      front.push(el('rect', { y: H - 8, width: W, height: 8, fill: c.accent }));
      break;
    default:
      break;
  }

  // The name, wrapped on up to two lines; roughly 0.56em per character for these families.
  const maxChars = Math.max(4, Math.floor(titleBox.width / (titleBox.size * 0.56)));
  const lines = wrapTitle(name, maxChars, 2);
  const tspans = lines.map((line, i) => el('tspan', { x: titleBox.x, dy: i === 0 ? 0 : Math.round(titleBox.size * 1.25) }, escapeXml(line))).join('');
  const title = lines.length
    ? el(
        'text',
        {
          x: titleBox.x,
          y: titleBox.y,
          fill: c.text,
          'font-family': fontStack(template.fonts?.heading),
          'font-size': titleBox.size,
          'font-weight': 700,
          'text-anchor': titleBox.anchor,
        },
        tspans,
      )
    : '';

  const label = escapeXml(name);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${label}">` +
    `<title>${label}</title>` +
    (defs.length ? `<defs>${defs.join('')}</defs>` : '') +
    back.join('') +
    shapes.join('') +
    title +
    front.join('') +
    '</svg>'
  );
}

/** The preview as a data URI for an <img src>. */
export function templatePreviewDataUri(template: PreviewSource): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(templatePreviewSvg(template))}`;
}
