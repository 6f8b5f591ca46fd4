// Templates as GET /api/templates sends them, and the text a template starts a project with.
import { printSlideText } from '@trainwright/formats';
import {
  COLOR_KEYS,
  templatePreviewDataUri,
  templateText,
  type ColorScheme,
  type Template,
  type TemplateCategory,
  type TemplateFields,
  type TemplateSort,
} from '@trainwright/templates';

/** A marketplace entry: the template fields plus what the server adds for the caller's plan. */
export interface MarketplaceTemplate extends TemplateFields {
  id: string;
  builtIn?: boolean;
  /** False when the plan's templateCount does not include it. */
  available: boolean;
  /** An SVG data URI. */
  preview_image: string;
  /** A built-in's name and description in es and fr (see shownTemplate). */
  translations?: Template['translations'];
}

export interface TemplateListResponse {
  templates: MarketplaceTemplate[];
  total: number;
  categories: Partial<Record<TemplateCategory, number>>;
}

export interface TemplateQuery {
  search: string;
  category: string;
  level: string;
  sort: TemplateSort | '';
}

export function templateQueryString(query: TemplateQuery): string {
  const params = new URLSearchParams();
  const search = query.search.trim();
  if (search) params.set('search', search);
  if (query.category) params.set('category', query.category);
  if (query.level) params.set('level', query.level);
  if (query.sort) params.set('sort', query.sort);
  return params.toString();
}

/**
 * The script a template prefills: its content in the slide text format, one slide per section
 * (titled by the section, content left empty for the author), under the template's content title.
 */
export function templateToSlideText(template: Pick<TemplateFields, 'content'>): string {
  return printSlideText({
    title: template.content.title,
    slides: template.content.sections.map((section) => ({ title: section, points: [], paragraphs: [], notes: '' })),
  });
}

/**
 * The template as a screen shows it in `language`: a built-in's translated name and description,
 * and its preview redrawn with that name (the server's preview carries the English one).
 */
export function shownTemplate<T extends MarketplaceTemplate>(template: T, language: string): T & { translated: boolean } {
  const text = templateText(template, language);
  if (text.name === template.name) return { ...template, translated: false };
  return { ...template, ...text, preview_image: templatePreviewDataUri({ ...template, name: text.name }), translated: true };
}

/** Only data: URIs of SVG or raster images are shown as a template preview. */
export function isPreviewImage(src: unknown): src is string {
  return typeof src === 'string' && /^data:image\/(svg\+xml|png|jpeg|webp)[;,]/i.test(src);
}

/** The fields of the template creator form. */
export type TemplateFormField = 'name' | 'category' | 'difficulty' | 'slides' | 'layout' | 'fontStyle' | 'sections' | 'features' | keyof ColorScheme;

/** The form field a server error path belongs to ('colorScheme.primary', 'content.sections[2]'). */
export function templateFieldOfPath(path: string): TemplateFormField | null {
  if (path.startsWith('colorScheme.')) {
    const key = path.slice('colorScheme.'.length);
    return (COLOR_KEYS as readonly string[]).includes(key) ? (key as keyof ColorScheme) : null;
  }
  if (path.startsWith('content.sections') || path === 'content') return 'sections';
  if (path.startsWith('features')) return 'features';
  const plain = path.replace(/\[\d+\]$/, '');
  return (['name', 'category', 'difficulty', 'slides', 'layout', 'fontStyle'] as const).find((f) => f === plain) ?? null;
}

/** Field errors from a validation error's detail: `{ field, issues[] }`, `{ errors: [...] }` or a list. */
export function fieldErrorsOf(detail: unknown): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const v = value as { field?: unknown; message?: unknown; issues?: unknown; errors?: unknown };
    if (Array.isArray(v.errors)) visit(v.errors);
    if (typeof v.field === 'string') {
      if (typeof v.message === 'string') out.push({ field: v.field, message: v.message });
      if (Array.isArray(v.issues)) {
        for (const issue of v.issues) {
          if (typeof issue === 'string') out.push({ field: v.field, message: issue });
          else if (issue && typeof issue === 'object' && typeof (issue as { message?: unknown }).message === 'string') {
            const i = issue as { message: string; field?: unknown; path?: unknown };
            const field = typeof i.field === 'string' ? i.field : typeof i.path === 'string' ? i.path : v.field;
            out.push({ field, message: i.message });
          }
        }
      }
    }
  };
  visit(detail);
  return out;
}

/** The body of POST /api/templates: a company's own template (the /templates action sends it). */
export interface NewTemplate {
  name: string;
  category: string;
  difficulty: string;
  slides: number;
  colorScheme: ColorScheme;
  layout: string;
  fontStyle: string;
  features: string[];
  content: { sections: string[] };
}

/** What the /templates action is asked (routes/templates.tsx). */
export interface TemplateRequest {
  intent: 'create';
  template: NewTemplate;
}

export function isTemplateRequest(value: unknown): value is TemplateRequest {
  const r = value as Partial<TemplateRequest> | null;
  return !!r && r.intent === 'create' && typeof r.template === 'object' && r.template !== null;
}
