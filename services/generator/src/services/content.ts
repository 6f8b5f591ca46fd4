// A project's content as the generator reads it (for scoring and improvements) and as it writes it
// (the generated-content model). The slide model is the one shape every step shares.
import {
  deckToScript,
  parseSlideText,
  printScript,
  printSlideText,
  scriptTextToDeck,
  type GeneratedContent,
  type QualitySummary,
  type SlideDeck,
} from '@trainwright/formats';
import { contentFromMessage } from '@trainwright/platform';
import { createHash } from 'node:crypto';
import type { GenerationResult, QualityAssessment, ScorableContent } from '../domain/types.js';
import type { Project } from './ports.js';

/** The project's generated content, or null when it has none yet. */
export function generatedContentOf(project: Project): GeneratedContent | null {
  return project.generatedContent ? contentFromMessage(project.generatedContent) : null;
}

/** The content of a project to score or improve: its generated content, else what the user wrote. */
export function scorableOf(project: Project): ScorableContent | null {
  const generated = generatedContentOf(project);
  let deck: SlideDeck | null = null;
  let script = generated?.script ?? '';
  if (generated?.slides.slide_content.trim()) deck = parseSlideText(generated.slides.slide_content);
  else if (project.slidesContent.trim()) deck = parseSlideText(project.slidesContent);
  else if (project.scriptContent.trim()) {
    deck = scriptTextToDeck(project.scriptContent, project.title);
    script = project.scriptContent;
  }
  if (!deck || deck.slides.length === 0) return null;
  if (!deck.title) deck = { ...deck, title: project.title };
  return {
    deck,
    script: script || printScript(deckToScript(deck)),
    objectives: generated?.objectives ?? [],
    questions: generated?.questions ?? [],
    glossary: generated?.glossary ?? [],
    templateId: project.templateId,
    fontStyle: project.fontStyle,
    imageStyle: project.imageStyle,
    branding: brandingOf(project),
  };
}

/** The project's branding in the form quality scoring reads. */
export function brandingOf(project: Pick<Project, 'branding'>): ScorableContent['branding'] {
  return project.branding ? { company_name: project.branding.companyName, logo_url: project.branding.logoUrl, website: project.branding.website } : null;
}

function qualitySummary(a: QualityAssessment): QualitySummary {
  return { overall_score: a.overall_score, quality_grade: a.quality_grade, dimension_scores: a.dimension_scores, engagement_prediction: a.engagement_prediction };
}

function slidesOf(deck: SlideDeck, assessment: QualityAssessment): Pick<GeneratedContent, 'script' | 'slides'> {
  return { script: printScript(deckToScript(deck)), slides: { slide_content: printSlideText(deck), quality_assessment: qualitySummary(assessment) } };
}

/** What an engine made, scored. */
export function contentFromResult(result: GenerationResult, assessment: QualityAssessment): GeneratedContent {
  return {
    ...slidesOf(result.deck, assessment),
    engine: result.engine,
    summary: result.summary,
    objectives: result.objectives,
    questions: result.questions,
    glossary: result.glossary,
    modules: result.modules,
    notices: result.notices,
    citations: result.citations ?? [],
  };
}

/** Improved content stored on an enhanced version: what the original had, with the new deck. */
export function improvedContent(original: GeneratedContent | null, content: ScorableContent, assessment: QualityAssessment, notices: string[]): GeneratedContent {
  return {
    ...slidesOf(content.deck, assessment),
    engine: original?.engine || 'offline',
    summary: original?.summary ?? '',
    objectives: content.objectives,
    questions: content.questions,
    glossary: content.glossary,
    modules: original?.modules ?? [],
    notices,
    // The improved deck keeps the original's slides in place; a citation past its end is dropped.
    citations: (original?.citations ?? []).filter((c) => c.slide_index < content.deck.slides.length),
  };
}

/** Identifies scored content: the same content always gets the same hash (and score). */
export function contentHash(content: ScorableContent): string {
  return createHash('sha256')
    .update(JSON.stringify([printSlideText(content.deck), content.objectives, content.questions, content.glossary, content.templateId, content.fontStyle, content.imageStyle, content.branding]))
    .digest('hex');
}
