// The template entity and its closed vocabularies. Every set here is closed on purpose: the
// exports (PowerPoint, PDF, Word, video) will render layouts, fonts and design elements, so a value
// they do not know must be refused at the door rather than discovered at render time.

/** The nine marketplace categories, in the order the specification lists them. */
export const TEMPLATE_CATEGORIES = [
  'Business',
  'Technology',
  'Design',
  'Healthcare',
  'Education',
  'Marketing',
  'Human Resources',
  'Manufacturing',
  'Creative',
] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** Easiest first; the marketplace's "difficulty" sort follows this order. */
export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** The duration band each difficulty implies; `Template.duration` is always one of these. */
export const DURATION_BANDS: Record<Difficulty, string> = {
  Beginner: '15-30 min',
  Intermediate: '30-60 min',
  Advanced: '60-90 min',
  Expert: '90+ min',
};

/**
 * Slide layouts the exports know how to draw:
 * - title-content: title on top, one content block below;
 * - two-column: title on top, two content columns;
 * - sidebar: a coloured side panel beside the content;
 * - split-image: content on one half, a picture on the other;
 * - timeline: a horizontal sequence of steps or milestones;
 * - grid: cards in rows and columns (metrics, concepts, options);
 * - minimal: a centred title and very little else;
 * - full-bleed: a picture across the whole slide with a text panel on top.
 */
export const LAYOUTS = [
  'title-content',
  'two-column',
  'sidebar',
  'split-image',
  'timeline',
  'grid',
  'minimal',
  'full-bleed',
] as const;
export type Layout = (typeof LAYOUTS)[number];

/**
 * Font families the exports will embed. All are open-licensed, ship with most Linux
 * distributions (fonts-dejavu, fonts-liberation, fonts-noto-core) and cover Latin, Greek and
 * Cyrillic; Liberation Sans/Serif are metric-compatible with Arial/Times New Roman, so Office
 * files keep their line breaks where those fonts are substituted.
 */
export const FONT_FAMILIES = [
  'DejaVu Sans',
  'DejaVu Serif',
  'Liberation Sans',
  'Liberation Serif',
  'Noto Sans',
  'Noto Serif',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** The families with serifs; the preview falls back to the generic `serif` for these. */
export const SERIF_FAMILIES: readonly FontFamily[] = ['DejaVu Serif', 'Liberation Serif', 'Noto Serif'];

// The project options the templates use are the catalogue's (one list for the whole product).
import type { FontStyle, ImageStyle } from '@trainwright/catalogue';
export { FONT_STYLES, IMAGE_STYLES, type FontStyle, type ImageStyle } from '@trainwright/catalogue';

/** The overall look of a Design template. */
export const DESIGN_TYPES = [
  'corporate',
  'gradient',
  'minimal',
  'geometric',
  'organic',
  'bold',
  'elegant',
  'tech',
  'playful',
  'editorial',
  'retro',
] as const;
export type DesignType = (typeof DESIGN_TYPES)[number];

/** What fills the side strip (or the sidebar of the sidebar layout); 'none' draws no strip. */
export const SIDEBAR_PATTERNS = ['none', 'solid', 'stripes', 'dots', 'chevrons', 'waves', 'grid'] as const;
export type SidebarPattern = (typeof SIDEBAR_PATTERNS)[number];

/** The slide frame; 'accent-bar' is a bar in the accent colour along the bottom edge. */
export const BORDER_STYLES = ['none', 'thin', 'thick', 'double', 'rounded', 'accent-bar'] as const;
export type BorderStyle = (typeof BORDER_STYLES)[number];

/** 'split' tints the lower part of the slide with the secondary colour. */
export const BACKGROUND_TYPES = ['solid', 'gradient', 'pattern', 'split'] as const;
export type BackgroundType = (typeof BACKGROUND_TYPES)[number];

/** Colours are '#rrggbb' (lower case in the built-in data; validation lower-cases input). */
export interface ColorScheme {
  primary: string;
  secondary: string;
  accent: string;
  background: string;
  text: string;
}

export const COLOR_KEYS = ['primary', 'secondary', 'accent', 'background', 'text'] as const satisfies readonly (keyof ColorScheme)[];

export interface TemplateFonts {
  heading: FontFamily;
  body: FontFamily;
}

export interface DesignElements {
  type: DesignType;
  sidebarPattern: SidebarPattern;
  borderStyle: BorderStyle;
  backgroundType: BackgroundType;
}

export interface TemplateContent {
  /** The title the generated material starts with. */
  title: string;
  /** The outline: one entry per section, in order. */
  sections: string[];
}

/** The fields a built-in and a company-made template share. */
export interface TemplateFields {
  /** Short catalogue name shown on the marketplace card. */
  name: string;
  /** Longer headline shown under the name. */
  title: string;
  description: string;
  category: TemplateCategory;
  difficulty: Difficulty;
  /** Always `durationFor(difficulty)`. */
  duration: string;
  /** Number of slides the template produces. */
  slides: number;
  industry: string;
  colorScheme: ColorScheme;
  layout: Layout;
  fonts: TemplateFonts;
  fontStyle: FontStyle;
  imageStyle: ImageStyle;
  /** Selling points shown on the marketplace card. */
  features: string[];
  content: TemplateContent;
  designElements?: DesignElements;
}

/** The interface languages besides English that built-ins are translated into. */
export const TEMPLATE_LANGUAGES = ['es', 'fr'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

/** What a card shows of a template in one language. */
export interface TemplateText {
  name: string;
  description: string;
}

/** A built-in template. `designElements` is present exactly when the category is Design. */
export interface Template extends TemplateFields {
  /** Stable slug, e.g. 'business-quarterly-review'; never reused for another template. */
  id: string;
  /** 1..N: a plan whose templateCount is n can use the built-ins ranked 1..n. */
  rank: number;
  builtIn: true;
  /** The name and description in the other interface languages (the fields above are English). */
  translations: Record<TemplateLanguage, TemplateText>;
}

/**
 * What a company sends to create its own template: the shared fields without id, rank and
 * builtIn. `duration` may be left out because it is derived from the difficulty.
 */
export type CustomTemplateInput = Omit<TemplateFields, 'duration'> & { duration?: string };

/** A stored company-made template (the project service adds the id and the owner). */
export interface CustomTemplate extends TemplateFields {
  id: string;
  companyId?: string;
  builtIn: false;
}

export type AnyTemplate = Template | CustomTemplate;

export function isTemplateCategory(value: unknown): value is TemplateCategory {
  return typeof value === 'string' && (TEMPLATE_CATEGORIES as readonly string[]).includes(value);
}

export function isDifficulty(value: unknown): value is Difficulty {
  return typeof value === 'string' && (DIFFICULTIES as readonly string[]).includes(value);
}

export function isLayout(value: unknown): value is Layout {
  return typeof value === 'string' && (LAYOUTS as readonly string[]).includes(value);
}
