// DeepL through `deepl-node`. Segments go with tag_handling 'xml' (tag handling v2, strict XML,
// which our escaped segments are): DeepL treats a self-closing tag such as <ph id="1"/> as a
// placeholder it places next to the words it belonged to, so no ignore_tags are needed (those are
// for tags whose content must stay). The company's fixed translations become a DeepL glossary
// for the pair, named by a hash of its content so the same terms reuse the same glossary; for a
// pair DeepL has no glossaries for, they travel as placeholders like with Apertium.
import { createHash } from 'node:crypto';
import { AuthorizationError, ConnectionError, DeepLError, GlossaryEntries, QuotaExceededError, TooManyRequestsError, Translator, type GlossaryInfo, type SourceLanguageCode, type TargetLanguageCode } from 'deepl-node';
import { protectFixedTerms, termsFor, type GlossaryTerm } from '../text/glossary.js';
import { hasTranslatableText, tagIds, tagProblem, unescapeXml } from '../text/placeholders.js';
import { abortError, batches, languageName, TranslationEngineError, type EngineResult, type EngineRoute, type TranslateOptions, type TranslationEngine } from './engine.js';

export interface DeepLEngineOptions {
  authKey: string;
  /** Default: DeepL's own (api-free.deepl.com for ':fx' keys); a local server in tests. */
  serverUrl?: string;
  /** deepl-node's retries of 429 and 5xx (default 3) and its per-request timeout (default 30 s). */
  maxRetries?: number;
  timeoutMs?: number;
}

// DeepL takes at most 50 texts and 128 KiB per request.
const MAX_TEXTS = 50;
const MAX_BYTES = 100_000;

/** DeepL's codes: Norwegian is 'nb'; English and Portuguese targets need a variant. */
function sourceCode(lang: string): SourceLanguageCode {
  return (lang === 'no' ? 'nb' : lang) as SourceLanguageCode;
}

function targetCode(lang: string): TargetLanguageCode {
  const variants: Record<string, string> = { en: 'en-GB', pt: 'pt-PT', no: 'nb', zh: 'zh-HANS' };
  return (variants[lang] ?? lang) as TargetLanguageCode;
}

export class DeepLEngine implements TranslationEngine {
  readonly name = 'deepl';
  private readonly translator: Translator;
  private readonly glossaries = new Map<string, string>();
  private glossaryPairs: Promise<Set<string>> | null = null;

  constructor(options: DeepLEngineOptions) {
    this.translator = new Translator(options.authKey, {
      serverUrl: options.serverUrl,
      maxRetries: options.maxRetries ?? 3,
      minTimeout: options.timeoutMs ?? 30_000,
      sendPlatformInfo: false,
      appInfo: { appName: 'trainwright', appVersion: '1' },
    });
  }

  route(from: string, to: string): EngineRoute {
    if (from === to) return { ok: false, reason: `The text is already in ${languageName(to)}.` };
    return { ok: true, engine: this.name };
  }

  async translate(texts: readonly string[], from: string, to: string, options: TranslateOptions): Promise<EngineResult> {
    const route = this.route(from, to);
    if (!route.ok) throw new TranslationEngineError(route.reason, this.name);
    const terms = termsFor(options.glossary, from, to);
    const glossaryId = await this.glossaryFor(from, to, terms);
    // Without a DeepL glossary, fixed translations travel as placeholders.
    const prepared = new Map<string, { text: string; restore(t: string): string }>();
    for (const t of texts) {
      if (hasTranslatableText(t) && !prepared.has(t)) prepared.set(t, glossaryId ? { text: t, restore: (x) => x } : protectFixedTerms(t, terms));
    }
    const unique = [...prepared.entries()];
    const done = new Map<string, string>();
    for (const batch of batches(unique, ([, p]) => Buffer.byteLength(p.text), MAX_BYTES, MAX_TEXTS)) {
      if (options.signal?.aborted) throw abortError(this.name);
      const results = await this.call(
        batch.map(([, p]) => p.text),
        from,
        to,
        glossaryId,
      );
      for (let i = 0; i < batch.length; i++) {
        const [source, p] = batch[i]!;
        let out = results[i]!;
        // A broken placeholder is tried once more on its own, then fails the translation.
        if (tagProblem(out, tagIds(p.text))) out = (await this.call([p.text], from, to, glossaryId))[0]!;
        const problem = tagProblem(out, tagIds(p.text));
        if (problem) throw new TranslationEngineError(`DeepL returned an unusable translation: ${problem}. The segment: "${unescapeXml(source).slice(0, 120)}"`, this.name);
        done.set(source, p.restore(out));
      }
      options.onProgress?.(done.size, unique.length);
    }
    return { engine: this.name, texts: texts.map((t) => done.get(t) ?? t) };
  }

  private async call(texts: string[], from: string, to: string, glossaryId: string | null): Promise<string[]> {
    try {
      const results = await this.translator.translateText(texts, sourceCode(from), targetCode(to), {
        tagHandling: 'xml',
        tagHandlingVersion: 'v2',
        // Each text is one line of the content; newlines inside are not sentence breaks.
        splitSentences: 'nonewlines',
        ...(glossaryId ? { glossary: glossaryId } : {}),
      });
      if (results.length !== texts.length) throw new TranslationEngineError(`DeepL answered ${results.length} translations for ${texts.length} texts.`, this.name, true);
      return results.map((r) => r.text);
    } catch (err) {
      throw this.failure(err);
    }
  }

  private failure(err: unknown): TranslationEngineError {
    if (err instanceof TranslationEngineError) return err;
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof AuthorizationError) return new TranslationEngineError('DeepL refused the authentication key: check DEEPL_AUTH_KEY.', this.name);
    if (err instanceof QuotaExceededError) return new TranslationEngineError('The DeepL quota for this billing period is used up.', this.name);
    if (err instanceof TooManyRequestsError || err instanceof ConnectionError) return new TranslationEngineError(`DeepL is not reachable or too busy: ${message}`, this.name, true);
    return new TranslationEngineError(`DeepL returned an error: ${message}`, this.name, !(err instanceof DeepLError));
  }

  /** The DeepL glossary of the pair's fixed translations (created once per content), or null. */
  private async glossaryFor(from: string, to: string, terms: readonly GlossaryTerm[]): Promise<string | null> {
    const fixed = terms.filter((t) => t.translation !== '');
    if (fixed.length === 0) return null;
    const source = sourceCode(from);
    const target = targetCode(to).split('-')[0]!;
    try {
      this.glossaryPairs ??= this.translator.getGlossaryLanguagePairs().then((pairs) => new Set(pairs.map((p) => `${p.sourceLang}>${p.targetLang}`.toLowerCase())));
      if (!(await this.glossaryPairs).has(`${source}>${target}`)) return null;
    } catch (err) {
      this.glossaryPairs = null;
      throw this.failure(err);
    }
    const entries: Record<string, string> = {};
    // DeepL glossary entries are one line each, without tabs; a term cannot hold either.
    for (const t of fixed) entries[t.term.trim().replace(/\s+/g, ' ')] = t.translation.trim().replace(/\s+/g, ' ');
    const sorted = Object.entries(entries).sort(([a], [b]) => a.localeCompare(b));
    const name = `trainwright-${source}-${target}-${createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16)}`;
    const known = this.glossaries.get(name);
    if (known) return known;
    try {
      const existing = (await this.translator.listGlossaries()).find((g: GlossaryInfo) => g.name === name && g.ready);
      const info = existing ?? (await this.translator.createGlossary(name, source, target as TargetLanguageCode, new GlossaryEntries({ entries })));
      this.glossaries.set(name, info.glossaryId);
      return info.glossaryId;
    } catch (err) {
      throw this.failure(err);
    }
  }
}
