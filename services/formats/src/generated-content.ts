// A project's generated content: the one model that generation writes, the project service
// stores, rendering reads, the API returns as `generated_content` and the web app shows. Its wire
// form is the proto message trainwright.content.v1.GeneratedContent, whose JSON form is exactly
// this (field for field; @trainwright/platform's contentToMessage/contentFromMessage convert).
import type { AssessmentType, DifficultyLevel, QualityDimension } from '@trainwright/catalogue';

export interface QuestionOption {
  id: string;
  text: string;
  is_correct: boolean;
}

export interface GeneratedQuestion {
  id: string;
  type: AssessmentType;
  difficulty: DifficultyLevel;
  prompt: string;
  /** Exactly one option is correct. true_false has the options 'True' and 'False'. */
  options: QuestionOption[];
  explanation: string;
  /** The source sentence that supports the correct answer, verbatim. */
  source: string;
}

export interface GlossaryEntry {
  term: string;
  definition: string;
}

export interface LearningModule {
  number: number;
  title: string;
  level: DifficultyLevel;
  objectives: string[];
  topics: string[];
  prerequisites: string[];
  practice: string;
  estimated_minutes: number;
}

/** A slide's point drawn from a passage of the company library (docs/library.md). */
export interface Citation {
  /** 0-based index of the slide in the deck. */
  slide_index: number;
  document_id: string;
  document_title: string;
  passage: string;
}

/** The score stored with the content it was measured on. */
export interface QualitySummary {
  overall_score: number;
  quality_grade: string;
  dimension_scores: Record<QualityDimension, number>;
  engagement_prediction: number;
}

export interface GeneratedContent {
  /** The narration script (script text format). */
  script: string;
  slides: {
    /** The slides (slide text format). */
    slide_content: string;
    quality_assessment: QualitySummary | null;
  };
  /** 'offline' (the embedded engine) or 'openai:<model>'; '' when no engine wrote it. */
  engine: string;
  summary: string;
  objectives: string[];
  questions: GeneratedQuestion[];
  glossary: GlossaryEntry[];
  modules: LearningModule[];
  /** Plain statements about how the content was made, e.g. that no facts were added. */
  notices: string[];
  /** The library passages the slides were drawn from; [] when none. */
  citations: Citation[];
}

/** Content that holds only a script and slides (written by hand or converted from the other). */
export function plainContent(script: string, slideContent: string): GeneratedContent {
  return { script, slides: { slide_content: slideContent, quality_assessment: null }, engine: '', summary: '', objectives: [], questions: [], glossary: [], modules: [], notices: [], citations: [] };
}
