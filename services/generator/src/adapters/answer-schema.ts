// The one JSON object every task asks the model for: its JSON schema (sent as structured output)
// and the zod schema plus semantic checks that decide whether an answer is usable. The two are
// written side by side so they describe the same shape.
import { z } from 'zod';
import { ASSESSMENT_TYPES, DIFFICULTY_LEVELS, type AssessmentType } from '@trainwright/catalogue';

const stringArray = { type: 'array', items: { type: 'string' } } as const;

/** Strict-mode compatible: every object closed and every property required (OpenAI's rules). */
export const ANSWER_JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'summary', 'objectives', 'slides', 'questions', 'glossary', 'modules'],
  properties: {
    title: { type: 'string' },
    summary: { type: 'string' },
    objectives: stringArray,
    slides: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'points', 'notes'],
        properties: { title: { type: 'string' }, points: stringArray, notes: { type: 'string' } },
      },
    },
    questions: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['type', 'difficulty', 'prompt', 'options', 'explanation', 'source'],
        properties: {
          type: { type: 'string', enum: [...ASSESSMENT_TYPES] },
          difficulty: { type: 'string', enum: [...DIFFICULTY_LEVELS] },
          prompt: { type: 'string' },
          options: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['text', 'is_correct'],
              properties: { text: { type: 'string' }, is_correct: { type: 'boolean' } },
            },
          },
          explanation: { type: 'string' },
          source: { type: 'string' },
        },
      },
    },
    glossary: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['term', 'definition'],
        properties: { term: { type: 'string' }, definition: { type: 'string' } },
      },
    },
    modules: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['number', 'title', 'level', 'objectives', 'topics', 'prerequisites', 'practice', 'estimated_minutes'],
        properties: {
          number: { type: 'integer' },
          title: { type: 'string' },
          level: { type: 'string', enum: [...DIFFICULTY_LEVELS] },
          objectives: stringArray,
          topics: stringArray,
          prerequisites: stringArray,
          practice: { type: 'string' },
          estimated_minutes: { type: 'integer' },
        },
      },
    },
  },
} as const;

/** Models in json_object mode write 'Multiple Choice' or 'true-false'; accept those spellings. */
function looseEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase().replace(/[\s-]+/g, '_') : v), z.enum(values));
}

// Defaults only matter in json_object mode, where a model may leave out an empty part; a missing
// part is not worth a second request.
const text = z.string().trim();
const texts = z.array(text).default([]);

const OptionSchema = z.object({ text, is_correct: z.boolean() });

const QuestionSchema = z.object({
  type: looseEnum(ASSESSMENT_TYPES),
  difficulty: looseEnum(DIFFICULTY_LEVELS),
  prompt: text,
  options: z.array(OptionSchema),
  explanation: text.default(''),
  source: text.default(''),
});

const ModuleSchema = z.object({
  number: z.coerce.number().int(),
  title: text,
  level: looseEnum(DIFFICULTY_LEVELS),
  objectives: texts,
  topics: texts,
  prerequisites: texts,
  practice: text.default(''),
  estimated_minutes: z.coerce.number().int().min(1).max(10_000),
});

export const AnswerSchema = z.object({
  title: text,
  summary: text.default(''),
  objectives: texts,
  slides: z.array(z.object({ title: text, points: texts, notes: text.default('') })),
  questions: z.array(QuestionSchema).default([]),
  glossary: z.array(z.object({ term: text, definition: text })).default([]),
  modules: z.array(ModuleSchema).default([]),
});

export type Answer = z.infer<typeof AnswerSchema>;

/** What the request asked for, checked on top of the shape. */
export interface AnswerExpectations {
  /** Exact number of questions (assessment_generator). */
  questionCount?: number;
  questionTypes?: readonly AssessmentType[];
  /** Every question must explain its answer. */
  explanations?: boolean;
  /** Exact number of modules (learning_path). */
  moduleCount?: number;
  /** Exact number of slides (slides_to_script keeps the deck's slides). */
  slideCount?: number;
  /** Parts the request asked for; the others are dropped unchecked rather than argued over. */
  wants?: { questions: boolean; glossary: boolean; modules: boolean };
}

export type ParsedAnswer = { ok: true; answer: Answer } | { ok: false; errors: string[] };

function pathText(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : `${out ? '.' : ''}${String(part)}`;
  return out || '(answer)';
}

/** Some servers wrap JSON in a Markdown fence even when asked not to. */
function unfence(content: string): string {
  const m = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(content);
  return m ? m[1]! : content;
}

const MAX_ERRORS = 20;

export function parseAnswer(
  content: string | null | undefined,
  finishReason: string | null | undefined,
  expectations: AnswerExpectations,
  maxOutputTokens: number,
): ParsedAnswer {
  if (content === null || content === undefined || content.trim() === '') return { ok: false, errors: ['The answer was empty.'] };
  let json: unknown;
  try {
    json = JSON.parse(unfence(content));
  } catch (err) {
    if (finishReason === 'length') {
      return {
        ok: false,
        errors: [`The answer was cut off at the output limit of ${maxOutputTokens} tokens: write a shorter answer (fewer words per slide, shorter notes).`],
      };
    }
    return { ok: false, errors: [`The answer is not valid JSON: ${(err as Error).message}`] };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { ok: false, errors: ['The answer must be one JSON object.'] };
  const shaped = AnswerSchema.safeParse(json);
  if (!shaped.success) {
    return { ok: false, errors: shaped.error.issues.slice(0, MAX_ERRORS).map((i) => `${pathText(i.path)}: ${i.message}`) };
  }
  const answer = shaped.data;
  const wants = expectations.wants;
  if (wants) {
    if (!wants.questions) answer.questions = [];
    if (!wants.glossary) answer.glossary = [];
    if (!wants.modules) answer.modules = [];
  }
  const errors = semanticErrors(answer, expectations);
  return errors.length > 0 ? { ok: false, errors: errors.slice(0, MAX_ERRORS) } : { ok: true, answer };
}

/** What the shape cannot say: counts, one correct option, no empty titles. */
export function semanticErrors(answer: Answer, expect: AnswerExpectations): string[] {
  const errors: string[] = [];
  if (!answer.title) errors.push('title: must not be empty');
  if (answer.slides.length === 0) errors.push('slides: at least one slide is required');
  if (expect.slideCount !== undefined && answer.slides.length > 0 && answer.slides.length !== expect.slideCount) {
    errors.push(`slides: ${expect.slideCount} slides are required (one per input slide, same order), the answer has ${answer.slides.length}`);
  }
  answer.slides.forEach((s, i) => {
    if (!s.title) errors.push(`slides[${i}].title: must not be empty`);
  });
  if (expect.questionCount !== undefined && answer.questions.length !== expect.questionCount) {
    errors.push(`questions: exactly ${expect.questionCount} questions are required, the answer has ${answer.questions.length}`);
  }
  answer.questions.forEach((q, i) => {
    const at = `questions[${i}]`;
    if (!q.prompt) errors.push(`${at}.prompt: must not be empty`);
    if (expect.questionTypes && !expect.questionTypes.includes(q.type)) {
      errors.push(`${at}.type: must be one of ${expect.questionTypes.join(', ')} (got ${q.type})`);
    }
    const correct = q.options.filter((o) => o.is_correct).length;
    if (correct !== 1) errors.push(`${at}.options: exactly one option must have is_correct true (found ${correct})`);
    if (q.type === 'true_false' && q.options.length !== 2) errors.push(`${at}.options: a true_false question has exactly 2 options, True and False`);
    if (q.type !== 'true_false' && q.options.length < 3) errors.push(`${at}.options: at least 3 options are required`);
    if (q.options.some((o) => !o.text)) errors.push(`${at}.options: option text must not be empty`);
    const distinct = new Set(q.options.map((o) => o.text.toLowerCase()));
    if (distinct.size !== q.options.length) errors.push(`${at}.options: options must differ from each other`);
    if (expect.explanations && !q.explanation) errors.push(`${at}.explanation: must explain why the correct option is right`);
  });
  answer.glossary.forEach((g, i) => {
    if (!g.term || !g.definition) errors.push(`glossary[${i}]: term and definition must not be empty`);
  });
  if (expect.moduleCount !== undefined && answer.modules.length !== expect.moduleCount) {
    errors.push(`modules: exactly ${expect.moduleCount} modules are required, the answer has ${answer.modules.length}`);
  }
  answer.modules.forEach((m, i) => {
    if (!m.title) errors.push(`modules[${i}].title: must not be empty`);
  });
  return errors;
}
