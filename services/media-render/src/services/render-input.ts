// A project (as the project service returns it) and its template, made into the one RenderInput
// every document and the video render from.
import { deckToScript, parseScript, parseSlideText, printScript, scriptToDeck, type SlideDeck } from '@trainwright/formats';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { BUILTIN_TEMPLATES, DEFAULT_FONTS, isLayout, type ColorScheme, type TemplateFonts } from '@trainwright/templates';
import type { FontStyle } from '@trainwright/catalogue';
import { RenderError, type RenderBranding, type RenderInput, type RenderQuestion, type RenderStyle } from '../domain/types.js';

interface StoredContent {
  script?: string;
  slides?: { slide_content?: string };
  summary?: string;
  objectives?: unknown;
  questions?: unknown;
  glossary?: unknown;
}

/** The look when a project has no template: the first built-in template with the form's font style. */
export function styleOf(project: Pick<Project, 'templateId' | 'fontStyle' | 'imageStyle'>, template: Record<string, unknown> | null): RenderStyle {
  const source = (template ?? BUILTIN_TEMPLATES[0]) as unknown as { id: string; name: string; colorScheme: ColorScheme; layout: string; fonts?: TemplateFonts };
  const fontStyle = (project.fontStyle || 'modern') as FontStyle;
  return {
    templateId: source.id,
    templateName: source.name,
    colors: source.colorScheme,
    layout: isLayout(source.layout) ? source.layout : 'title-content',
    fonts: source.fonts ?? DEFAULT_FONTS[fontStyle] ?? DEFAULT_FONTS.modern,
    fontStyle,
    imageStyle: project.imageStyle || 'professional',
  };
}

function deckOf(project: Project, content: StoredContent | null): SlideDeck {
  if (content?.slides?.slide_content?.trim()) return parseSlideText(content.slides.slide_content);
  if (project.slidesContent.trim()) return parseSlideText(project.slidesContent);
  if (project.scriptContent.trim()) return scriptToDeck(parseScript(project.scriptContent), project.title);
  throw new RenderError('This project has no content to render yet.');
}

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

export function renderInputOf(project: Project, template: Record<string, unknown> | null, branding: RenderBranding | null): RenderInput {
  const content = project.generatedContentJson ? (JSON.parse(project.generatedContentJson) as StoredContent) : null;
  const parsed = deckOf(project, content);
  const deck = { ...parsed, title: parsed.title || project.title };
  if (deck.slides.length === 0) throw new RenderError('This project has no slides to render.');
  return {
    projectId: project.id,
    title: project.title,
    description: project.description,
    language: project.primaryLanguage || 'en',
    deck,
    script: content?.script?.trim() ? content.script : printScript(deckToScript(deck)),
    summary: content?.summary ?? '',
    objectives: list<string>(content?.objectives).filter((o) => typeof o === 'string'),
    questions: list<RenderQuestion>(content?.questions).filter((q) => q && typeof q.prompt === 'string' && Array.isArray(q.options)),
    glossary: list<{ term: string; definition: string }>(content?.glossary).filter((g) => g && typeof g.term === 'string'),
    style: styleOf(project, template),
    branding,
    generatedAt: project.updatedAt || project.createdAt,
  };
}
