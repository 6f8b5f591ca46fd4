// The production text engine: any OpenAI-compatible chat-completions endpoint (OpenAI, Azure
// OpenAI's v1 API, Ollama, vLLM) through the official `openai` SDK. One JSON answer per task,
// checked by schema and meaning, with a bounded budget of attempts that is ours, not the SDK's.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { parseSlideText, printSlideText, type GeneratedQuestion, type LearningModule, type Slide } from '@trainwright/formats';
import { findAiPhrases, stripAiPhrases } from './offline/ai-phrases.js';
import { GenerationError, type GenerationInput, type GenerationResult, type GeneratorEngine, type ProgressReporter } from '../domain/types.js';
import { ANSWER_JSON_SCHEMA, parseAnswer, type Answer } from './answer-schema.js';
import { buildPrompt, type PromptPlan } from './prompts.js';

export interface OpenAiEngineConfig {
  /** The API root including /v1: https://api.openai.com/v1, http://localhost:11434/v1 (Ollama),
   *  http://host:8000/v1 (vLLM), https://<resource>.openai.azure.com/openai/v1 (Azure). */
  baseURL: string;
  apiKey: string;
  /** The model id; on Azure the deployment name. */
  model: string;
  /** Per request; a request that runs longer counts as a timed-out attempt. */
  timeoutMs: number;
  maxOutputTokens: number;
  /** Characters of source material sent at most; longer sources are cut at a section boundary. */
  maxSourceChars: number;
  /** Requests per generation at most, retries included (timeouts, 429, 5xx, one invalid answer). */
  attempts: number;
  /** json_schema: strict structured output (OpenAI, Azure, vLLM, Ollama >= 0.5); json_object for
   *  servers that only know JSON mode. */
  jsonMode: 'json_schema' | 'json_object';
  /** Which field carries the output budget. Default: max_completion_tokens on OpenAI and Azure
   *  hosts (their newer models reject max_tokens), max_tokens elsewhere (Ollama, vLLM). */
  tokenLimitField?: 'max_tokens' | 'max_completion_tokens';
  /** Default 0.2. null leaves it out: reasoning models accept only their own default. */
  temperature?: number | null;
  /** First pause before retrying a timeout, 429 or 5xx; doubles each time. Default 1000 ms. */
  retryDelayMs?: number;
}

/** One invalid answer is sent back with its errors; a second means the model cannot do it. */
const MAX_INVALID_ANSWERS = 2;
/** A 429 asking to wait longer than this is left to the job queue's own retry. */
const MAX_RETRY_AFTER_MS = 30_000;
const MAX_BACKOFF_MS = 8_000;
const ANSWER_ECHO_CHARS = 24_000;

type Failure =
  | { kind: 'timeout' }
  | { kind: 'http'; status: number; message: string; retryAfterMs: number | null }
  | { kind: 'connection'; message: string }
  | { kind: 'unreadable'; message: string };

class RequestTimedOut extends Error {}

function isOpenAiOrAzureHost(baseURL: string): boolean {
  try {
    const host = new URL(baseURL).hostname;
    return host === 'api.openai.com' || /\.(openai\.azure\.com|cognitiveservices\.azure\.com|services\.ai\.azure\.com)$/.test(host);
  } catch {
    return false;
  }
}

function isAzureHost(baseURL: string): boolean {
  try {
    return /\.azure\.com$/.test(new URL(baseURL).hostname);
  } catch {
    return false;
  }
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The server's own error text: OpenAI-style bodies carry it in error.message. */
function apiMessage(err: APIError): string {
  const body = err.error as { message?: unknown } | undefined;
  if (body && typeof body.message === 'string' && body.message.trim()) return body.message.trim();
  return err.message.replace(/^\d{3}\s*/, '').trim() || 'no details';
}

function retryAfterMs(err: APIError): number | null {
  const headers = err.headers;
  if (!headers) return null;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms)) return Math.max(0, ms);
  const raw = headers.get('retry-after');
  if (!raw) return null;
  const secs = Number.parseFloat(raw);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : null;
}

function isTransient(f: Failure): boolean {
  if (f.kind !== 'http') return true;
  return f.status === 408 || f.status === 409 || f.status === 429 || f.status >= 500;
}

function httpMessage(status: number, message: string): string {
  const base = `The AI model returned an error: HTTP ${status} ${message}`;
  const hint = (text: string): string => `${base.replace(/\.$/, '')}: ${text}.`;
  if (status === 401) return hint("the API key was refused, check the AI key in the generator's configuration");
  if (status === 403) return hint('the API key may not use this model');
  if (status === 404) return hint('check the model name and the base URL');
  return base;
}

export class OpenAiEngine implements GeneratorEngine {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly tokenLimitField: 'max_tokens' | 'max_completion_tokens';
  private readonly temperature: number | null;
  private readonly retryDelayMs: number;

  constructor(private readonly config: OpenAiEngineConfig) {
    for (const key of ['timeoutMs', 'maxOutputTokens', 'maxSourceChars', 'attempts'] as const) {
      if (!Number.isInteger(config[key]) || config[key] < 1) throw new Error(`OpenAiEngine: ${key} must be a positive integer`);
    }
    if (!config.model.trim()) throw new Error('OpenAiEngine: model is required');
    new URL(config.baseURL); // fails fast on a malformed base URL
    this.name = `openai:${config.model}`;
    this.tokenLimitField = config.tokenLimitField ?? (isOpenAiOrAzureHost(config.baseURL) ? 'max_completion_tokens' : 'max_tokens');
    this.temperature = config.temperature === undefined ? 0.2 : config.temperature;
    this.retryDelayMs = config.retryDelayMs ?? 1000;
    this.client = new OpenAI({
      baseURL: config.baseURL,
      // Ollama and vLLM need no key; the SDK needs a value, and a dummy header is harmless there.
      apiKey: config.apiKey || 'none',
      // The attempt budget is ours, so one request is exactly one attempt.
      maxRetries: 0,
      timeout: config.timeoutMs,
      // Azure's v1 API takes the key as api-key; Bearer works too, sending both costs nothing.
      ...(isAzureHost(config.baseURL) && config.apiKey ? { defaultHeaders: { 'api-key': config.apiKey } } : {}),
    });
  }

  async generate(input: GenerationInput, progress: ProgressReporter): Promise<GenerationResult> {
    const { attempts, model } = this.config;
    const plan = buildPrompt(input, {
      maxSourceChars: this.config.maxSourceChars,
      maxOutputTokens: this.config.maxOutputTokens,
      jsonMode: this.config.jsonMode,
    });
    const messages: ChatCompletionMessageParam[] = [
      { role: 'system', content: plan.system },
      { role: 'user', content: plan.user },
    ];
    const invalid: string[][] = [];
    let last: Failure | 'invalid' | null = null;
    let transientFailures = 0;
    let made = 0;

    while (made < attempts) {
      if (last !== null && last !== 'invalid') {
        transientFailures++;
        const backoff = Math.min(MAX_BACKOFF_MS, this.retryDelayMs * 2 ** (transientFailures - 1));
        await sleep(last.kind === 'http' && last.retryAfterMs !== null ? last.retryAfterMs : backoff);
      }
      made++;
      await progress(10, made === 1 ? `Asked the AI model ${model}` : `Asked the AI model ${model} again (attempt ${made} of ${attempts})`);
      let completion: ChatCompletion;
      try {
        completion = await this.request(messages);
      } catch (err) {
        const failure = this.classify(err);
        if (!isTransient(failure)) throw this.failureError(failure, made);
        if (failure.kind === 'http' && failure.retryAfterMs !== null && failure.retryAfterMs > MAX_RETRY_AFTER_MS) {
          throw this.failureError(failure, made);
        }
        last = failure;
        continue;
      }
      await progress(80, `The AI model ${model} answered`);
      const choice = completion.choices?.[0];
      const refusal = choice?.message?.refusal;
      const content = choice?.message?.content ?? null;
      const parsed = refusal
        ? { ok: false as const, errors: [`The model refused: ${refusal}`] }
        : parseAnswer(content, choice?.finish_reason, plan.expectations, this.config.maxOutputTokens);
      if (parsed.ok) {
        const result = this.toResult(parsed.answer, plan, input, invalid);
        await progress(100, "Checked the AI model's answer");
        return result;
      }
      invalid.push(parsed.errors);
      last = 'invalid';
      if (invalid.length >= MAX_INVALID_ANSWERS) break;
      // The model sees its own answer and what was wrong with it, and answers again in full.
      messages.push(
        { role: 'assistant', content: (content ?? '').slice(0, ANSWER_ECHO_CHARS) },
        {
          role: 'user',
          content: [
            'Your answer cannot be used. Validation errors:',
            ...parsed.errors.map((e) => `- ${e}`),
            'Answer again with the complete, corrected JSON object and nothing else.',
          ].join('\n'),
        },
      );
    }

    if (last === 'invalid' || last === null) {
      throw new GenerationError(`The AI model returned invalid content ${plural(invalid.length, 'time')}: ${invalid[0]?.[0] ?? 'no answer'}`, false);
    }
    throw this.failureError(last, made);
  }

  private async request(messages: ChatCompletionMessageParam[]): Promise<ChatCompletion> {
    const { model, maxOutputTokens, timeoutMs, jsonMode } = this.config;
    const body: ChatCompletionCreateParamsNonStreaming = {
      model,
      messages,
      response_format:
        jsonMode === 'json_schema'
          ? { type: 'json_schema', json_schema: { name: 'training_material', strict: true, schema: ANSWER_JSON_SCHEMA as unknown as Record<string, unknown> } }
          : { type: 'json_object' },
      [this.tokenLimitField]: maxOutputTokens,
      ...(this.temperature === null ? {} : { temperature: this.temperature }),
    };
    // The SDK's timeout stops at the response headers; this deadline also covers a body that stalls.
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    try {
      return await this.client.chat.completions.create(body, { timeout: timeoutMs, maxRetries: 0, signal: deadline.signal });
    } catch (err) {
      if (deadline.signal.aborted) throw new RequestTimedOut();
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  private classify(err: unknown): Failure {
    if (err instanceof RequestTimedOut || err instanceof APIConnectionTimeoutError || err instanceof APIUserAbortError) return { kind: 'timeout' };
    if (err instanceof APIConnectionError) {
      const cause = (err as { cause?: unknown }).cause;
      const detail = cause instanceof Error ? ((cause as { cause?: unknown }).cause as Error | undefined)?.message ?? cause.message : err.message;
      return { kind: 'connection', message: detail };
    }
    if (err instanceof APIError && typeof err.status === 'number') {
      return { kind: 'http', status: err.status, message: apiMessage(err), retryAfterMs: retryAfterMs(err) };
    }
    // A 200 whose body is not a chat completion (a proxy's HTML page, a cut connection).
    return { kind: 'unreadable', message: err instanceof Error ? err.message : String(err) };
  }

  private failureError(f: Failure, made: number): GenerationError {
    switch (f.kind) {
      case 'timeout':
        return new GenerationError(`The AI model did not answer within ${seconds(this.config.timeoutMs)} s (${plural(made, 'attempt')}).`, true);
      case 'http':
        return new GenerationError(httpMessage(f.status, f.message), isTransient(f));
      case 'connection':
        return new GenerationError(`The AI model could not be reached at ${this.config.baseURL}: ${f.message} (${plural(made, 'attempt')}).`, true);
      case 'unreadable':
        return new GenerationError(`The AI model's response could not be read: ${f.message} (${plural(made, 'attempt')}).`, true);
    }
  }

  private toResult(answer: Answer, plan: PromptPlan, input: GenerationInput, invalid: string[][]): GenerationResult {
    let replaced = 0;
    const clean = (text: string): string => {
      if (!plan.excludeAiPhrases) return text;
      // Only touched text is rewritten: stripAiPhrases also re-capitalises, which must not
      // change lines that held no stock phrase.
      const found = findAiPhrases(text).length;
      if (found === 0) return text;
      replaced += found;
      return stripAiPhrases(text).trim();
    };
    const cleanAll = (items: string[]): string[] => items.map(clean).filter(Boolean);

    const title = clean(answer.title) || input.title;
    const summary = clean(answer.summary);
    const objectives = cleanAll(answer.objectives);
    const slides: Slide[] = answer.slides.map((s) => ({ title: clean(s.title), points: cleanAll(s.points), paragraphs: [], notes: clean(s.notes) }));
    // Printing and re-reading gives the deck exactly the form a user's slide text would have.
    const deck = parseSlideText(printSlideText({ title, slides }));

    const questions: GeneratedQuestion[] = (plan.wants.questions ? answer.questions : []).map((q, i) => {
      const id = `q${i + 1}`;
      return {
        id,
        type: q.type,
        difficulty: q.difficulty,
        prompt: clean(q.prompt),
        options: q.options.map((o, j) => ({
          id: `${id}-${String.fromCharCode(97 + j)}`,
          text: q.type === 'true_false' && /^(true|false)$/i.test(o.text) ? (o.text.toLowerCase() === 'true' ? 'True' : 'False') : clean(o.text),
          is_correct: o.is_correct,
        })),
        explanation: clean(q.explanation),
        // A quotation of the user's own source stays verbatim.
        source: q.source,
      };
    });

    // Terms stay as written: a glossary may define the very word a stock phrase uses.
    const glossary = plan.wants.glossary ? answer.glossary.map((g) => ({ term: g.term, definition: clean(g.definition) })) : [];
    const modules: LearningModule[] = (plan.wants.modules ? answer.modules : []).map((m, i) => ({
      number: i + 1,
      title: clean(m.title),
      level: m.level,
      objectives: cleanAll(m.objectives),
      topics: cleanAll(m.topics),
      prerequisites: cleanAll(m.prerequisites),
      practice: clean(m.practice),
      estimated_minutes: m.estimated_minutes,
    }));

    const notices = [`Generated by the AI model ${this.config.model} through an OpenAI-compatible API.`];
    notices.push(
      plan.grounded
        ? 'The model was told to use only the material of this request and to add no facts; check the content against the source before use.'
        : 'No source document was given, so the model wrote from its own knowledge: check facts, figures and product details before use.',
    );
    notices.push(...plan.notices);
    if (invalid.length > 0) {
      notices.push(`The model's first answer failed validation (${invalid[0]![0]}) and was corrected on a second request.`);
    }
    if (plan.sentSource !== null) {
      const haystack = normalise(plan.sentSource);
      const unquoted = questions.filter((q) => q.source && !haystack.includes(normalise(q.source))).length;
      if (unquoted > 0) {
        notices.push(`${plural(unquoted, 'question')} of ${questions.length} cite a passage that is not word for word in the source: check them before use.`);
      }
    }
    if (replaced > 0) notices.push(`${plural(replaced, 'stock AI phrase')} removed from the model's text.`);

    return {
      engine: this.name,
      title,
      summary,
      objectives,
      deck,
      questions,
      glossary,
      modules,
      notices,
    };
  }
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}
