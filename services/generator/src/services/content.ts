// A project's content as the generator reads it (for scoring and improvements) and as it stores
// it (generated_content JSON). The slide model is the one shape every step shares.
import { deckToScript, parseScript, parseSlideText, printScript, printSlideText, scriptToDeck, type SlideDeck } from '@trainwright/formats';
import type { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { createHash } from 'node:crypto';
import type { GeneratedQuestion, GenerationResult, GlossaryEntry, LearningModule, QualityAssessment, ScorableContent } from '../domain/types.js';

/** generated_content as stored on the project (part 1 section 3, plus what generation adds). */
export interface StoredContent {
  script: string;
  slides: { slide_content: string; quality_assessment: StoredQuality | null };
  engine: string;
  summary: string;
  objectives: string[];
  questions: GeneratedQuestion[];
  glossary: GlossaryEntry[];
  modules: LearningModule[];
  notices: string[];
}

export type StoredQuality = Pick<QualityAssessment, 'overall_score' | 'quality_grade' | 'dimension_scores' | 'engagement_prediction'>;

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The content of a project to score or improve: its generated content, else what the user wrote. */
export function scorableOf(project: Project): ScorableContent | null {
  const generated = project.generatedContentJson ? (JSON.parse(project.generatedContentJson) as Partial<StoredContent>) : null;
  let deck: SlideDeck | null = null;
  let script = generated?.script ?? '';
  if (generated?.slides?.slide_content?.trim()) deck = parseSlideText(generated.slides.slide_content);
  else if (project.slidesContent.trim()) deck = parseSlideText(project.slidesContent);
  else if (project.scriptContent.trim()) {
    deck = scriptToDeck(parseScript(project.scriptContent), project.title);
    script = project.scriptContent;
  }
  if (!deck || deck.slides.length === 0) return null;
  if (!deck.title) deck = { ...deck, title: project.title };
  return {
    deck,
    script: script || printScript(deckToScript(deck)),
    objectives: list<string>(generated?.objectives),
    questions: list<GeneratedQuestion>(generated?.questions),
    glossary: list<GlossaryEntry>(generated?.glossary),
    templateId: project.templateId,
    fontStyle: project.fontStyle,
    imageStyle: project.imageStyle,
    branding: project.branding ? { company_name: project.branding.companyName, logo_url: project.branding.logoUrl, website: project.branding.website } : null,
  };
}

export function storedQuality(a: QualityAssessment): StoredQuality {
  return { overall_score: a.overall_score, quality_grade: a.quality_grade, dimension_scores: a.dimension_scores, engagement_prediction: a.engagement_prediction };
}

export function storedFromResult(result: GenerationResult, assessment: QualityAssessment): StoredContent {
  return {
    script: printScript(deckToScript(result.deck)),
    slides: { slide_content: printSlideText(result.deck), quality_assessment: storedQuality(assessment) },
    engine: result.engine,
    summary: result.summary,
    objectives: result.objectives,
    questions: result.questions,
    glossary: result.glossary,
    modules: result.modules,
    notices: result.notices,
  };
}

/** Improved content stored on an enhanced version: what the original had, with the new deck. */
export function storedFromImproved(original: Partial<StoredContent> | null, content: ScorableContent, assessment: QualityAssessment, notices: string[]): StoredContent {
  return {
    script: printScript(deckToScript(content.deck)),
    slides: { slide_content: printSlideText(content.deck), quality_assessment: storedQuality(assessment) },
    engine: original?.engine || 'offline',
    summary: original?.summary ?? '',
    objectives: content.objectives,
    questions: content.questions,
    glossary: content.glossary,
    modules: list<LearningModule>(original?.modules),
    notices,
  };
}

/** Identifies scored content: the same content always gets the same hash (and score). */
export function contentHash(content: ScorableContent): string {
  return createHash('sha256')
    .update(JSON.stringify([printSlideText(content.deck), content.objectives, content.questions, content.glossary, content.templateId, content.fontStyle, content.imageStyle, content.branding]))
    .digest('hex');
}
