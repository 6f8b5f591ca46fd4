// The AI content generator's request (part 1 sections 3, 5 and 9): the option lists of every
// method and the one function that turns a client's request_data into a normalised request or a
// field error with the specification's message. The web form, the project service and the
// generator all read this module.
import { GENERATOR_TYPES, lowestTierWithMethod, type GeneratorType } from './plans.js';
import { catalogueMessage, defineMessages, type CatalogueMessage } from './messages.js';

/** The methods' names as the product shows them (part 1 section 1). */
export const GENERATOR_LABELS: Record<GeneratorType, string> = {
  topic_to_content: 'Topic to content',
  url_content: 'URL extraction',
  document_analysis: 'Document intelligence',
  assessment_generator: 'Assessment generator',
  content_refresh: 'Content modernizer',
  learning_path: 'Learning path architect',
};

export function isGeneratorType(value: unknown): value is GeneratorType {
  return typeof value === 'string' && (GENERATOR_TYPES as readonly string[]).includes(value);
}

/** The refusal for a method the plan lacks, naming the lowest plan that has it. */
export function generatorMethodMessage(type: GeneratorType): string {
  const tier = lowestTierWithMethod(type);
  return `${GENERATOR_LABELS[type]} requires the ${tier?.name ?? 'Enterprise'} plan or higher.`;
}

export const CONTENT_LENGTHS = ['short', 'medium', 'long', 'extended'] as const;
export type ContentLength = (typeof CONTENT_LENGTHS)[number];
/** Minutes of delivery each length aims at (part 1 section 9). */
export const CONTENT_LENGTH_MINUTES: Record<ContentLength, { min: number; max: number }> = {
  short: { min: 2, max: 5 },
  medium: { min: 8, max: 15 },
  long: { min: 20, max: 40 },
  extended: { min: 45, max: 60 },
};
export const QUESTION_COUNTS = [5, 10, 15, 20] as const;
export const MODULE_COUNTS = [3, 5, 7, 10] as const;
export const DIFFICULTY_LEVELS = ['basic', 'intermediate', 'advanced'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];
export const SKILL_LEVELS_START = ['basic', 'intermediate', 'advanced'] as const;
export const SKILL_LEVELS_TARGET = ['intermediate', 'advanced'] as const;
export const OUTPUT_FORMATS = ['slides', 'script', 'bullet_points', 'paragraph', 'outline', 'lesson_plan', 'handbook', 'quick_reference'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const WRITING_STYLES = ['professional', 'conversational', 'humorous', 'formal', 'casual', 'motivational', 'technical', 'storytelling'] as const;
export type WritingStyle = (typeof WRITING_STYLES)[number];
export const AUDIENCES = ['beginners', 'intermediate', 'advanced', 'executives', 'technical', 'general', 'students', 'trainers'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const INDUSTRIES = [
  'technology',
  'healthcare',
  'finance',
  'education',
  'manufacturing',
  'retail',
  'hospitality',
  'government',
  'nonprofit',
  'consulting',
  'general',
] as const;
export type Industry = (typeof INDUSTRIES)[number];
export const COMPLEXITY_LEVELS = ['basic', 'intermediate', 'advanced', 'mixed'] as const;
export type ComplexityLevel = (typeof COMPLEXITY_LEVELS)[number];
/** Question kinds an assessment may mix; scenario questions also follow `scenario_based`. */
export const ASSESSMENT_TYPES = ['multiple_choice', 'true_false', 'scenario'] as const;
export type AssessmentType = (typeof ASSESSMENT_TYPES)[number];

export const GENERATOR_MESSAGES = defineMessages('generator', {
  topicRequired: 'Topic is required',
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid URL (http or https)',
  mainTopicRequired: 'Main topic is required',
  documentRequired: 'Please upload a document file for analysis.',
  assessmentSourceRequired: 'Please provide content source (upload file or paste text) for assessment generation.',
  refreshSourceRequired: 'Please provide existing content (upload file or paste text) for refresh.',
  projectNameRequired: 'Project title is required',
} as const);

/** Longest pasted source text (the same bound as a project's content). */
export const MAX_SOURCE_TEXT = 2_000_000;
const SHORT_TEXT = 200;
const LONG_TEXT = 5000;
const MAX_LIST_ITEMS = 30;

export interface TopicToContentRequest {
  topic: string;
  subtopics: string[];
  length: ContentLength;
  format: OutputFormat;
  writing_style: WritingStyle;
  target_audience: Audience;
  industry_domain: Industry;
  complexity_level: ComplexityLevel;
  learning_objectives: string[];
  include_examples: boolean;
  include_visuals: boolean;
  include_assessments: boolean;
  exclude_ai_phrases: boolean;
  company_context: string;
  brand_voice: string;
  /** Build from the company library's passages about the topic (docs/library.md). */
  use_library: boolean;
}

export interface UrlContentRequest {
  url: string;
  content_focus: string;
  transform_to: OutputFormat;
  target_length: ContentLength;
  writing_style: WritingStyle;
  target_audience: Audience;
}

export interface DocumentAnalysisRequest {
  analysis_focus: string;
  analysis_output: OutputFormat;
  extract_tables: boolean;
  extract_images: boolean;
  create_glossary: boolean;
}

export interface AssessmentGeneratorRequest {
  content_source: string;
  question_count: (typeof QUESTION_COUNTS)[number];
  assessment_types: AssessmentType[];
  difficulty_level: DifficultyLevel;
  include_explanations: boolean;
  scenario_based: boolean;
}

export interface ContentRefreshRequest {
  existing_content: string;
  content_age: string;
  modernize_language: boolean;
  update_examples: boolean;
  improve_engagement: boolean;
  maintain_core_concepts: boolean;
  industry_updates: boolean;
}

export interface LearningPathRequest {
  main_topic: string;
  skill_level_start: (typeof SKILL_LEVELS_START)[number];
  skill_level_target: (typeof SKILL_LEVELS_TARGET)[number];
  module_count: (typeof MODULE_COUNTS)[number];
  include_prerequisites: boolean;
  include_assessments: boolean;
  practical_application: boolean;
  industry_context: Industry;
  /** Build the modules from the company library's passages about the topic (docs/library.md). */
  use_library: boolean;
}

export interface GeneratorRequestMap {
  topic_to_content: TopicToContentRequest;
  url_content: UrlContentRequest;
  document_analysis: DocumentAnalysisRequest;
  assessment_generator: AssessmentGeneratorRequest;
  content_refresh: ContentRefreshRequest;
  learning_path: LearningPathRequest;
}

export type GeneratorRequest = { [K in GeneratorType]: { generator_type: K; request_data: GeneratorRequestMap[K] } }[GeneratorType];

/** Which uploads each method reads (part 1 section 5): analysis and assessment, or refresh (adds decks). */
export const GENERATOR_UPLOAD_KIND: Partial<Record<GeneratorType, 'document' | 'refresh'>> = {
  document_analysis: 'document',
  assessment_generator: 'document',
  content_refresh: 'refresh',
};

export class GeneratorRequestError extends Error {
  /** The catalogue message, when the refusal is one of GENERATOR_MESSAGES. */
  readonly catalogue: CatalogueMessage | undefined;

  constructor(
    readonly field: string,
    message: string | CatalogueMessage,
  ) {
    super(typeof message === 'string' ? message : message.text);
    this.catalogue = typeof message === 'string' ? undefined : message;
  }
}

type Raw = Record<string, unknown>;

function fail(field: string, message: string | CatalogueMessage): never {
  throw new GeneratorRequestError(`request_data.${field}`, message);
}

function str(raw: Raw, key: string, max: number): string {
  const v = raw[key];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string') fail(key, `${key} must be text`);
  const s = v.replace(/\r\n?/g, '\n');
  if (s.length > max) fail(key, `${key} must be at most ${max} characters`);
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s)) fail(key, `${key} must not contain control characters`);
  return s.trim();
}

function bool(raw: Raw, key: string, fallback: boolean): boolean {
  const v = raw[key];
  if (v === undefined || v === null || v === '') return fallback;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  fail(key, `${key} must be true or false`);
}

function choice<T extends string | number>(raw: Raw, key: string, allowed: readonly T[], fallback: T): T {
  const v = raw[key];
  if (v === undefined || v === null || v === '') return fallback;
  const match = allowed.find((a) => String(a) === String(v));
  if (match === undefined) fail(key, `${key} must be one of ${allowed.join(', ')}`);
  return match;
}

/** Subtopics and objectives: one per line (or a list); blank lines dropped. */
export function linesOf(raw: Raw, key: string): string[] {
  const v = raw[key];
  if (v === undefined || v === null) return [];
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(/\r?\n/) : fail(key, `${key} must be text, one item per line`);
  const lines = items.map((item) => {
    if (typeof item !== 'string') fail(key, `${key} must be text, one item per line`);
    if (item.length > SHORT_TEXT) fail(key, `Each line of ${key} must be at most ${SHORT_TEXT} characters`);
    return item.trim();
  });
  const kept = lines.filter(Boolean);
  if (kept.length > MAX_LIST_ITEMS) fail(key, `${key} may list at most ${MAX_LIST_ITEMS} items`);
  return kept;
}

function httpUrl(raw: Raw, key: string): string {
  const v = str(raw, key, 2048);
  if (!v) fail(key, catalogueMessage(GENERATOR_MESSAGES, 'urlRequired'));
  let parsed: URL;
  try {
    parsed = new URL(v);
  } catch {
    fail(key, catalogueMessage(GENERATOR_MESSAGES, 'urlInvalid'));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') fail(key, catalogueMessage(GENERATOR_MESSAGES, 'urlInvalid'));
  return parsed.toString();
}

const FIELDS: Record<GeneratorType, readonly string[]> = {
  topic_to_content: [
    'topic',
    'subtopics',
    'length',
    'format',
    'writing_style',
    'target_audience',
    'industry_domain',
    'complexity_level',
    'learning_objectives',
    'include_examples',
    'include_visuals',
    'include_assessments',
    'exclude_ai_phrases',
    'company_context',
    'brand_voice',
    'use_library',
  ],
  url_content: ['url', 'content_focus', 'transform_to', 'target_length', 'writing_style', 'target_audience'],
  document_analysis: ['file_upload', 'analysis_focus', 'analysis_output', 'extract_tables', 'extract_images', 'create_glossary'],
  assessment_generator: ['content_source', 'file_upload', 'question_count', 'assessment_types', 'difficulty_level', 'include_explanations', 'scenario_based'],
  content_refresh: [
    'existing_content',
    'file_upload',
    'content_age',
    'modernize_language',
    'update_examples',
    'improve_engagement',
    'maintain_core_concepts',
    'industry_updates',
  ],
  learning_path: [
    'main_topic',
    'skill_level_start',
    'skill_level_target',
    'module_count',
    'include_prerequisites',
    'include_assessments',
    'practical_application',
    'industry_context',
    'use_library',
  ],
};

/**
 * Validates and normalises request_data for a method. `hasFile` says whether an uploaded file
 * comes with the request (the multipart call). `file_upload` in request_data is the browser's
 * name for that file and is otherwise ignored. Throws GeneratorRequestError.
 */
export function normalizeGeneratorRequest(type: GeneratorType, input: unknown, hasFile: boolean): GeneratorRequest {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) {
    throw new GeneratorRequestError('request_data', 'request_data must be an object');
  }
  const raw = (input ?? {}) as Raw;
  for (const key of Object.keys(raw)) {
    if (!FIELDS[type].includes(key)) throw new GeneratorRequestError(`request_data.${key}`, `${key} is not a field of ${type}`);
  }
  switch (type) {
    case 'topic_to_content': {
      const topic = str(raw, 'topic', SHORT_TEXT);
      if (!topic) fail('topic', catalogueMessage(GENERATOR_MESSAGES, 'topicRequired'));
      return {
        generator_type: type,
        request_data: {
          topic,
          subtopics: linesOf(raw, 'subtopics'),
          length: choice(raw, 'length', CONTENT_LENGTHS, 'medium'),
          format: choice(raw, 'format', OUTPUT_FORMATS, 'slides'),
          writing_style: choice(raw, 'writing_style', WRITING_STYLES, 'professional'),
          target_audience: choice(raw, 'target_audience', AUDIENCES, 'general'),
          industry_domain: choice(raw, 'industry_domain', INDUSTRIES, 'general'),
          complexity_level: choice(raw, 'complexity_level', COMPLEXITY_LEVELS, 'intermediate'),
          learning_objectives: linesOf(raw, 'learning_objectives'),
          include_examples: bool(raw, 'include_examples', true),
          include_visuals: bool(raw, 'include_visuals', true),
          include_assessments: bool(raw, 'include_assessments', true),
          exclude_ai_phrases: bool(raw, 'exclude_ai_phrases', true),
          company_context: str(raw, 'company_context', LONG_TEXT),
          brand_voice: str(raw, 'brand_voice', SHORT_TEXT),
          use_library: bool(raw, 'use_library', true),
        },
      };
    }
    case 'url_content':
      return {
        generator_type: type,
        request_data: {
          url: httpUrl(raw, 'url'),
          content_focus: str(raw, 'content_focus', LONG_TEXT),
          transform_to: choice(raw, 'transform_to', OUTPUT_FORMATS, 'slides'),
          target_length: choice(raw, 'target_length', CONTENT_LENGTHS, 'medium'),
          writing_style: choice(raw, 'writing_style', WRITING_STYLES, 'professional'),
          target_audience: choice(raw, 'target_audience', AUDIENCES, 'general'),
        },
      };
    case 'document_analysis':
      if (!hasFile) throw new GeneratorRequestError('file', catalogueMessage(GENERATOR_MESSAGES, 'documentRequired'));
      return {
        generator_type: type,
        request_data: {
          analysis_focus: str(raw, 'analysis_focus', LONG_TEXT),
          analysis_output: choice(raw, 'analysis_output', OUTPUT_FORMATS, 'slides'),
          extract_tables: bool(raw, 'extract_tables', true),
          extract_images: bool(raw, 'extract_images', false),
          create_glossary: bool(raw, 'create_glossary', true),
        },
      };
    case 'assessment_generator': {
      const contentSource = str(raw, 'content_source', MAX_SOURCE_TEXT);
      if (!hasFile && !contentSource) fail('content_source', catalogueMessage(GENERATOR_MESSAGES, 'assessmentSourceRequired'));
      const typesRaw = raw.assessment_types;
      const types =
        typesRaw === undefined || typesRaw === null
          ? (['multiple_choice', 'true_false'] as AssessmentType[])
          : Array.isArray(typesRaw)
            ? typesRaw.map((t) => {
                if (!(ASSESSMENT_TYPES as readonly unknown[]).includes(t)) fail('assessment_types', `assessment_types must list only ${ASSESSMENT_TYPES.join(', ')}`);
                return t as AssessmentType;
              })
            : fail('assessment_types', 'assessment_types must be a list');
      if (types.length === 0) fail('assessment_types', 'Choose at least one question type');
      const scenarioBased = bool(raw, 'scenario_based', false);
      return {
        generator_type: type,
        request_data: {
          content_source: contentSource,
          question_count: choice(raw, 'question_count', QUESTION_COUNTS, 10),
          assessment_types: [...new Set(scenarioBased ? [...types, 'scenario' as const] : types)],
          difficulty_level: choice(raw, 'difficulty_level', DIFFICULTY_LEVELS, 'intermediate'),
          include_explanations: bool(raw, 'include_explanations', true),
          scenario_based: scenarioBased,
        },
      };
    }
    case 'content_refresh': {
      const existing = str(raw, 'existing_content', MAX_SOURCE_TEXT);
      if (!hasFile && !existing) fail('existing_content', catalogueMessage(GENERATOR_MESSAGES, 'refreshSourceRequired'));
      return {
        generator_type: type,
        request_data: {
          existing_content: existing,
          content_age: str(raw, 'content_age', SHORT_TEXT),
          modernize_language: bool(raw, 'modernize_language', true),
          update_examples: bool(raw, 'update_examples', true),
          improve_engagement: bool(raw, 'improve_engagement', true),
          maintain_core_concepts: bool(raw, 'maintain_core_concepts', true),
          industry_updates: bool(raw, 'industry_updates', false),
        },
      };
    }
    case 'learning_path': {
      const mainTopic = str(raw, 'main_topic', SHORT_TEXT);
      if (!mainTopic) fail('main_topic', catalogueMessage(GENERATOR_MESSAGES, 'mainTopicRequired'));
      const start = choice(raw, 'skill_level_start', SKILL_LEVELS_START, 'basic');
      const target = choice(raw, 'skill_level_target', SKILL_LEVELS_TARGET, 'advanced');
      if (DIFFICULTY_LEVELS.indexOf(target) < DIFFICULTY_LEVELS.indexOf(start)) {
        fail('skill_level_target', 'The target skill level must not be below the starting level');
      }
      return {
        generator_type: type,
        request_data: {
          main_topic: mainTopic,
          skill_level_start: start,
          skill_level_target: target,
          module_count: choice(raw, 'module_count', MODULE_COUNTS, 5),
          include_prerequisites: bool(raw, 'include_prerequisites', true),
          include_assessments: bool(raw, 'include_assessments', true),
          practical_application: bool(raw, 'practical_application', true),
          industry_context: choice(raw, 'industry_context', INDUSTRIES, 'general'),
          use_library: bool(raw, 'use_library', true),
        },
      };
    }
  }
}
