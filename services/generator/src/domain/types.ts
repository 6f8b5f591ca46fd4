// The generator's domain model, shared by ingestion, the engines (offline and LLM), quality
// scoring and the job. Everything here is plain data: JSON in, JSON out.
import type { Atmosphere, CatalogueMessage, Priority, Effort, QualityDimension, GeneratorRequest } from '@trainwright/catalogue';
import type { Citation, GeneratedQuestion, GlossaryEntry, LearningModule, SlideDeck } from '@trainwright/formats';
import { JobError, type Failure } from '@trainwright/platform';
import type { LibraryPassage } from '../services/library/library-source.js';

/** One part of a source document: a heading and what follows it up to the next heading. */
export interface SourceSection {
  /** '' for text before the first heading. */
  heading: string;
  /** 1 = top level; 0 for the untitled lead section. */
  level: number;
  paragraphs: string[];
  bullets: string[];
  /** Tables as rows of cell text (first row is the header when the source marks one). */
  tables: string[][][];
  /** Speaker notes (pptx) or comments the source attaches to this part. */
  notes: string[];
}

export type SourceFormat = 'pdf' | 'docx' | 'doc' | 'pptx' | 'ppt' | 'txt' | 'rtf' | 'html' | 'text' | 'topic';

/** What ingestion makes of a file, a web page or pasted text: structured, plain text only. */
export interface SourceDocument {
  title: string;
  format: SourceFormat;
  sections: SourceSection[];
  /** Pages (pdf) or slides (pptx) when the format has them. */
  pageCount?: number;
  /** Where it came from: a file name or the final URL after redirects. */
  origin: string;
  /** A plain-text file's text as written, so a script or slide text in it keeps its markers. */
  text?: string;
}

/** What a generator engine produces; the job stores it as the project's generated content. */
export interface GenerationResult {
  /** 'offline' or 'openai:<model>': shown to the user with the content. */
  engine: string;
  title: string;
  summary: string;
  objectives: string[];
  deck: SlideDeck;
  questions: GeneratedQuestion[];
  glossary: GlossaryEntry[];
  modules: LearningModule[];
  /** Plain statements about how the content was made, e.g. that no facts were added. */
  notices: string[];
  /** The library passages the slides were drawn from (set after the engine, by citations.ts). */
  citations?: Citation[];
}

/** Reports progress within the engine's own work, 0 to 100. */
export type ProgressReporter = (percent: number, stage?: string) => Promise<void> | void;

export interface QualityRequest {
  desired_atmosphere: Atmosphere;
  target_audience: string;
  focus_areas: QualityDimension[];
  notes: string;
}

export interface Recommendation {
  /** Stable id of the improvement (e.g. 'split-dense-slides'); apply-improvements selects by it. */
  id: string;
  dimension: QualityDimension;
  action: string;
  priority: Priority;
  effort: Effort;
  /** The measurement that triggered it, in words. */
  reason: string;
  implementation: string;
}

export interface QualityAssessment {
  overall_score: number;
  quality_grade: string;
  dimension_scores: Record<QualityDimension, number>;
  priority_areas: Array<{ name: QualityDimension; score: number; priority: Priority }>;
  recommendations: Recommendation[];
  /** The measurements behind the scores, for the results screen and for tests. */
  metrics: Record<string, number>;
  engagement_prediction: number;
}

/** The content quality scoring reads: the deck plus what generation produced alongside it. */
export interface ScorableContent {
  deck: SlideDeck;
  script: string;
  objectives: string[];
  questions: GeneratedQuestion[];
  glossary: GlossaryEntry[];
  /** The project's template and branding, for visual and brand checks. */
  templateId: string;
  fontStyle: string;
  imageStyle: string;
  branding: { company_name: string; logo_url: string; website: string } | null;
}

export interface AiServiceResult {
  recommendations: string[];
  score: number;
  insights: Record<string, unknown>;
}

export type { Atmosphere };

/** What a generation job asks an engine to do. */
/** A topic or learning path built from the company library: the passages its source was made of. */
export interface LibraryGrounding {
  passages: LibraryPassage[];
}

export type GenerationTask =
  /** One of the six AI generator methods. `source` is the uploaded file, fetched page or pasted
   *  text (url_content, document_analysis, assessment_generator, content_refresh); null for
   *  topic_to_content and learning_path, which work from the request alone. */
  | { kind: 'generator'; request: GeneratorRequest; source: SourceDocument | null; library?: LibraryGrounding }
  /** A script (script format text, or an uploaded script file read into `source`) to slides. */
  | { kind: 'script_to_slides'; source: SourceDocument; scriptText: string }
  /** Slides (slide text format, or an uploaded deck/pdf read into `source`) to a narration script. */
  | { kind: 'slides_to_script'; source: SourceDocument; slidesText: string }
  /** Training for the software named in the details (one item per line in `softwareList`). */
  | { kind: 'software_analysis'; softwareDetails: string; softwareList: string[] };

export interface GenerationInput {
  task: GenerationTask;
  /** The project's title. */
  title: string;
  description: string;
  /** The user's free-text instructions to the AI (the form's ai_instructions). */
  aiInstructions: string;
  /** The project's primary language (en, es, fr, ...). */
  language: string;
}

/** A content engine: the embedded offline engine or an OpenAI-compatible model. */
export interface GeneratorEngine {
  readonly name: string;
  generate(input: GenerationInput, progress: ProgressReporter): Promise<GenerationResult>;
}

/** A generation that failed with a message for the user. Not retryable (the default): input that
 * can never succeed, so the job fails at once; retryable: another attempt may help. A catalogue
 * message keeps its id, so the failure the project stores names it (the web translates it). */
export class GenerationError extends JobError {
  constructor(message: string | CatalogueMessage, retryable = false) {
    super(message, retryable);
    this.name = 'GenerationError';
  }

  /** The error a failure (failureOf) ends the attempt with, its catalogue message kept. */
  static of(failure: Failure, retryable: boolean): GenerationError {
    return new GenerationError(failure.message ? { ...failure.message, text: failure.text } : failure.text, retryable);
  }
}
