// An OpenAI-compatible model (OpenAI, Azure's v1 API, Ollama, vLLM) through the `openai` SDK.
// Segments go in batches as JSON with the glossary in the system prompt; the answer is structured
// output ({translations: [{id, text}]}) and is checked segment by segment: every id once, every
// <ph/> tag exactly once, no other markup, the glossary's fixed translations used. Bad segments
// are sent again with what was wrong (twice), then one by one; then the translation fails.
import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { checkGlossary, termsFor, type GlossaryTerm } from '../text/glossary.js';
import { hasTranslatableText, PH_TAG, tagIds, tagProblem, unescapeXml } from '../text/placeholders.js';
import { abortError, batches, languageName, TranslationEngineError, type EngineResult, type EngineRoute, type TranslateOptions, type TranslationEngine } from './engine.js';

export interface OpenAiEngineOptions {
  apiKey: string;
  /** The API root including /v1 (https://api.openai.com/v1, http://localhost:11434/v1 for Ollama). */
  baseUrl: string;
  model: string;
  /** Per request (default 120 s). */
  timeoutMs?: number;
  /** Characters of segment text per request (default 6,000) and segments per request (default 40). */
  batchChars?: number;
  batchSegments?: number;
  /** The SDK's own retries of timeouts, 429 and 5xx (default 2). */
  maxRetries?: number;
  /** Default 0.2; null leaves it out (reasoning models accept only their default). */
  temperature?: number | null;
}

const ANSWER_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['translations'],
  properties: {
    translations: {
      type: 'array',
      items: { type: 'object', additionalProperties: false, required: ['id', 'text'], properties: { id: { type: 'string' }, text: { type: 'string' } } },
    },
  },
} as const;

/** Batch retries after the first answer, before going segment by segment. */
const BATCH_RETRIES = 2;

interface Item {
  id: string;
  text: string;
}

function plain(tagged: string): string {
  return unescapeXml(tagged.replace(PH_TAG, ' '));
}

/** What is wrong with one translated segment, or null. */
function segmentProblem(source: string, target: unknown, terms: readonly GlossaryTerm[]): string | null {
  if (typeof target !== 'string' || target.trim() === '') return 'the translation is empty';
  const tags = tagProblem(target, tagIds(source));
  if (tags) return tags;
  if (/<(?!ph\s)[^>]*>/.test(target.replace(PH_TAG, ''))) return 'it contains markup other than the <ph/> tags';
  const glossary = checkGlossary(plain(source), plain(target), terms);
  return glossary.length > 0 ? glossary.map((v) => v.message).join('; ') : null;
}

export function systemPrompt(from: string, to: string, terms: readonly GlossaryTerm[]): string {
  const lines = [
    `You translate training material from ${languageName(from)} (${from}) into ${languageName(to)} (${to}).`,
    'Each segment is one line of a slide, a narration script or a quiz. Translate every segment on its own, keeping its meaning, tone and length; do not add or drop content.',
    'A tag <ph id="N"/> stands for text that must not change (a number, a link, formatting marks). Copy every tag exactly once into the translation, where it belongs in the sentence. Add no other markup. &amp;, &lt; and &gt; are escaped characters: keep them escaped.',
  ];
  const fixed = terms.filter((t) => t.translation !== '');
  const kept = terms.filter((t) => t.translation === '');
  if (fixed.length > 0 || kept.length > 0) {
    lines.push('Glossary (always follow it):');
    for (const t of fixed) lines.push(`- "${t.term}" -> "${t.translation}"`);
    for (const t of kept) lines.push(`- "${t.term}" stays "${t.term}"`);
  }
  lines.push('Answer with JSON {"translations": [{"id": ..., "text": ...}]}: one entry per segment, with the segment\'s id.');
  return lines.join('\n');
}

export class OpenAiEngine implements TranslationEngine {
  readonly name: string;
  private readonly client: OpenAI;
  private readonly options: OpenAiEngineOptions;

  constructor(options: OpenAiEngineOptions) {
    this.options = options;
    this.name = `openai:${options.model}`;
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, timeout: options.timeoutMs ?? 120_000, maxRetries: options.maxRetries ?? 2 });
  }

  route(from: string, to: string): EngineRoute {
    if (from === to) return { ok: false, reason: `The text is already in ${languageName(to)}.` };
    return { ok: true, engine: this.name };
  }

  async translate(texts: readonly string[], from: string, to: string, options: TranslateOptions): Promise<EngineResult> {
    const route = this.route(from, to);
    if (!route.ok) throw new TranslationEngineError(route.reason, this.name);
    const terms = termsFor(options.glossary, from, to);
    const unique = [...new Set(texts.filter(hasTranslatableText))];
    const items = unique.map((text, i) => ({ id: String(i + 1), text }));
    const done = new Map<string, string>();
    const groups = batches(items, (i) => i.text.length, this.options.batchChars ?? 6000, this.options.batchSegments ?? 40);
    for (const group of groups) {
      await this.translateGroup(group, from, to, terms, options.signal, done);
      options.onProgress?.(done.size, unique.length);
    }
    return { engine: this.name, texts: texts.map((t) => done.get(t) ?? t) };
  }

  /** One batch with its retries: whole batch, the bad ones again (twice), then one by one. */
  private async translateGroup(group: Item[], from: string, to: string, terms: readonly GlossaryTerm[], signal: AbortSignal | undefined, done: Map<string, string>): Promise<void> {
    let pending = group;
    let problems = new Map<string, string>();
    for (let attempt = 0; attempt <= BATCH_RETRIES && pending.length > 0; attempt++) {
      problems = await this.request(pending, from, to, terms, signal, problems, done);
      pending = pending.filter((i) => problems.has(i.id));
    }
    for (const item of pending) {
      const single = await this.request([item], from, to, terms, signal, problems, done);
      const problem = single.get(item.id);
      if (problem === undefined) continue;
      if (problem.startsWith('glossary:')) {
        // The model will not follow a glossary rule: its text is kept, and the caller reports the
        // broken rule (checkGlossary after restoring), never silently.
        done.set(item.text, single.get(`${item.id}:text`)!);
        continue;
      }
      throw new TranslationEngineError(`The AI model (${this.name}) returned an unusable translation after ${BATCH_RETRIES + 2} attempts: ${problem}. The segment: "${unescapeXml(item.text).slice(0, 120)}"`, this.name);
    }
  }

  /**
   * Sends the items, stores the good translations in `done` (by source text) and returns the
   * problems by item id (with `<id>:text` holding a text whose only problem is the glossary).
   */
  private async request(items: Item[], from: string, to: string, terms: readonly GlossaryTerm[], signal: AbortSignal | undefined, previous: Map<string, string>, done: Map<string, string>): Promise<Map<string, string>> {
    const feedback = items.filter((i) => previous.has(i.id)).map((i) => `- segment ${i.id}: ${previous.get(i.id)!.replace(/^glossary: /, '')}`);
    const user = JSON.stringify({ segments: items.map((i) => ({ id: i.id, text: i.text })) });
    const content = feedback.length > 0 ? `${user}\n\nYour previous answer had these problems; fix them:\n${feedback.join('\n')}` : user;
    const answer = await this.complete(systemPrompt(from, to, terms), content, signal);
    const problems = new Map<string, string>();
    let translations: Array<{ id?: unknown; text?: unknown }> | null = null;
    try {
      const parsed = JSON.parse(answer) as { translations?: unknown };
      if (Array.isArray(parsed.translations)) translations = parsed.translations as Array<{ id?: unknown; text?: unknown }>;
    } catch {
      translations = null;
    }
    if (!translations) {
      for (const i of items) problems.set(i.id, 'the answer was not the JSON asked for');
      return problems;
    }
    const byId = new Map<string, unknown[]>();
    for (const t of translations) byId.set(String(t.id), [...(byId.get(String(t.id)) ?? []), t.text]);
    for (const item of items) {
      const answers = byId.get(item.id) ?? [];
      if (answers.length !== 1) {
        problems.set(item.id, answers.length === 0 ? `segment ${item.id} is missing from the answer (${translations.length} translations for ${items.length} segments)` : `segment ${item.id} was answered more than once`);
        continue;
      }
      const target = answers[0];
      const tagsOnly = segmentProblem(item.text, target, []);
      if (tagsOnly) {
        problems.set(item.id, tagsOnly);
        continue;
      }
      const glossary = segmentProblem(item.text, target, terms);
      if (glossary) {
        problems.set(item.id, `glossary: ${glossary}`);
        problems.set(`${item.id}:text`, target as string);
        continue;
      }
      done.set(item.text, target as string);
    }
    return problems;
  }

  private async complete(system: string, user: string, signal: AbortSignal | undefined): Promise<string> {
    const temperature = this.options.temperature === undefined ? 0.2 : this.options.temperature;
    try {
      const completion = await this.client.chat.completions.create(
        {
          model: this.options.model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
          response_format: { type: 'json_schema', json_schema: { name: 'translations', strict: true, schema: ANSWER_SCHEMA } },
          ...(temperature === null ? {} : { temperature }),
        },
        { signal },
      );
      return completion.choices[0]?.message?.content ?? '';
    } catch (err) {
      if (err instanceof APIUserAbortError || signal?.aborted) throw abortError(this.name);
      if (err instanceof APIConnectionTimeoutError) throw new TranslationEngineError(`The AI model (${this.name}) did not answer in time.`, this.name, true);
      if (err instanceof APIError && err.status !== undefined) {
        const hint = err.status === 401 ? ': the API key was refused' : err.status === 404 ? ': check the model name and the base URL' : '';
        throw new TranslationEngineError(`The AI model (${this.name}) returned an error: HTTP ${err.status}${hint}.`, this.name, err.status === 429 || err.status >= 500);
      }
      throw new TranslationEngineError(`The AI model (${this.name}) could not be reached: ${(err as Error).message}`, this.name, true);
    }
  }
}
