// A project (as the project service returns it) and its template, made into the one RenderInput
// every document and the video render from.
import { RENDER_FAILURES, catalogueMessage, type FontStyle } from '@trainwright/catalogue';
import { currentObjectives, deckToScript, printScript, projectDeck, withoutTrainerPrompts, type GeneratedContent, type SlideDeck } from '@trainwright/formats';
import { contentFromMessage, type OwnerPlan } from '@trainwright/platform';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import { BUILTIN_TEMPLATES, DEFAULT_FONTS, isLayout, type AnyTemplate, type TemplateFonts } from '@trainwright/templates';
import { RenderError, type RenderBranding, type RenderInput, type RenderStyle } from '../../domain/types.js';

/** The parts of a template the files render with (a template from the project service may lack fonts). */
export type RenderTemplate = Pick<AnyTemplate, 'id' | 'name' | 'colorScheme' | 'layout'> & { fonts?: TemplateFonts };

/** A project as the project service answers for a render: its resolved template and render key. */
export interface ProjectRenderInput {
  project: Project;
  template: RenderTemplate | null;
  renderKey: string;
}

/** What one render job renders: the project with the owner's plan the job carries (read when the
 * job was created; the worker does not ask auth). */
export interface RenderJobInput extends ProjectRenderInput {
  plan: OwnerPlan;
}

/** The look when a project has no template: the first built-in template with the form's font style. */
export function styleOf(project: Pick<Project, 'templateId' | 'fontStyle' | 'imageStyle'>, template: RenderTemplate | null): RenderStyle {
  const source: RenderTemplate = template ?? BUILTIN_TEMPLATES[0]!;
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

function deckOf(project: Project, content: GeneratedContent | null): SlideDeck {
  const deck = projectDeck(project, content?.slides.slide_content, content?.objectives);
  if (!deck) throw new RenderError(catalogueMessage(RENDER_FAILURES, 'noContent'));
  return deck;
}

/**
 * The project as a translation renders it: its own look and settings (template, styles, branding,
 * format, voice) with the translation's text, in the translation's language. Every part of the
 * text comes from the translation (no generated content: its slides and script), never the
 * project's own text under a translated title.
 */
export function translatedProject(project: Project, translation: Translation): Project {
  return {
    ...project,
    title: translation.title || project.title,
    description: translation.description,
    slidesContent: translation.slidesContent,
    scriptContent: translation.scriptContent,
    generatedContent: translation.generatedContent,
    primaryLanguage: translation.summary?.targetLanguage || project.primaryLanguage,
  };
}

export function renderInputOf(project: Project, template: RenderTemplate | null, branding: RenderBranding | null): RenderInput {
  const content = project.generatedContent ? contentFromMessage(project.generatedContent) : null;
  const parsed = deckOf(project, content);
  // The objectives are the current slides' (the user may have edited the objectives slide; projectDeck
  // made a generated knowledge check follow them): every output lists one set, never the stored one beside it.
  const objectives = currentObjectives(parsed, content?.objectives ?? []);
  const deck = { ...parsed, title: parsed.title || project.title };
  if (deck.slides.length === 0) throw new RenderError(catalogueMessage(RENDER_FAILURES, 'noSlides'));
  return {
    projectId: project.id,
    title: project.title,
    description: project.description,
    language: project.primaryLanguage || 'en',
    deck,
    // A script stored before trainer notes existed narrates the engine's prompts to the trainer: read without them.
    script: content?.script.trim() ? withoutTrainerPrompts(content.script) : printScript(deckToScript(deck)),
    summary: content?.summary ?? '',
    objectives,
    questions: content?.questions ?? [],
    glossary: content?.glossary ?? [],
    citations: content?.citations ?? [],
    style: styleOf(project, template),
    branding,
    generatedAt: project.updatedAt || project.createdAt,
    burnSubtitles: project.burnSubtitles,
  };
}
