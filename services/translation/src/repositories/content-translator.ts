// The configured engine behind the translation memory, with the segmentation, placeholders and
// glossary around it (text/translate-content.ts): what the operations see as one
// ContentTranslator, for a project's content and for texts that go with it. A text the memory
// holds for the company, pair, route and glossary is not sent to the engine again; what the
// engine returns is kept.
import { createHash } from 'node:crypto';
import { AppError, JobError } from '@trainwright/platform';
import { TranslationEngineError, type EngineResult, type TranslateOptions, type TranslationEngine } from '../adapters/engine.js';
import { reassembleContent, segmentPairs, translateContent, translateTexts } from '../text/translate-content.js';
import { termsFor } from '../text/glossary.js';
import { tagIds, tagProblem } from '../text/placeholders.js';
import type { ContentTranslator } from '../services/translations/deps.js';
import type { GlossaryTermRecord } from '../services/types.js';
import type { MemoryKey, TranslationMemoryRepository } from './memory.repository.js';

/** The glossary rules of a pair, as a short stable key (a change of them misses the memory; other pairs' rules do not). */
function glossaryKey(glossary: readonly GlossaryTermRecord[], from: string, to: string): string {
  const rules = termsFor(glossary, from, to);
  if (rules.length === 0) return '';
  const stable = rules.map((t) => [t.term, t.sourceLanguage, t.targetLanguage, t.translation, t.caseSensitive]).sort();
  return createHash('sha256').update(JSON.stringify(stable)).digest('base64url').slice(0, 16);
}

/** The engine for one call, answering from the memory first. */
function rememberingEngine(inner: TranslationEngine, memory: TranslationMemoryRepository, key: MemoryKey): TranslationEngine {
  return {
    name: inner.name,
    route: (from, to) => inner.route(from, to),
    async translate(texts: readonly string[], from: string, to: string, options: TranslateOptions): Promise<EngineResult> {
      const kept = await memory.lookup(key, texts);
      const missing = texts.filter((t) => !kept.has(t));
      const done = texts.length - missing.length;
      options.onProgress?.(done, texts.length);
      if (missing.length === 0) return { engine: 'memory', texts: texts.map((t) => kept.get(t)!.target), unknown: texts.map((t) => kept.get(t)!.unknown) };
      const fresh = await inner.translate(missing, from, to, { ...options, onProgress: (n) => options.onProgress?.(done + n, texts.length) });
      // Only what kept its tags is remembered (a broken answer is retried at the engine, not
      // replayed), with its unknown words: an answer from the memory still asks for a review, and a
      // glossary term added for one of them changes the key, so the engine is asked again.
      const clean = (i: number) => tagProblem(fresh.texts[i]!, tagIds(missing[i]!)) === null;
      await memory.save(key, missing.flatMap((source, i) => (clean(i) ? [{ source, target: fresh.texts[i]!, unknown: fresh.unknown?.[i] ?? [] }] : [])));
      const byText = new Map(missing.map((t, i) => [t, i]));
      const at = (t: string) => byText.get(t);
      return {
        engine: fresh.engine,
        texts: texts.map((t) => kept.get(t)?.target ?? fresh.texts[at(t)!]!),
        unknown: texts.map((t) => kept.get(t)?.unknown ?? fresh.unknown?.[at(t)!] ?? []),
      };
    },
  };
}

/** An engine's failure as the job sees it: retried when trying again may help, else final. */
function asJobError(error: unknown): unknown {
  if (error instanceof TranslationEngineError) return new JobError(error.message, error.retryable);
  return error;
}

export function contentTranslator(engine: TranslationEngine, memory: TranslationMemoryRepository): ContentTranslator {
  /** The engine for the company's pair behind its memory (a JobError when the engine has no route). */
  function remembering(companyId: string, from: string, to: string, glossary: readonly GlossaryTermRecord[]): TranslationEngine {
    const route = engine.route(from, to);
    if (!route.ok) throw new JobError(route.reason);
    return rememberingEngine(engine, memory, { companyId, from, to, engine: `${route.engine}#${glossaryKey(glossary, from, to)}` });
  }

  return {
    engine: engine.name,
    route: (from, to) => engine.route(from, to),

    async translate(content, { companyId, from, to, glossary, onProgress }) {
      const remembered = remembering(companyId, from, to, glossary);
      // Progress is written in order and only when it moved (the engine reports per batch).
      let reported = -1;
      let writes = Promise.resolve();
      const progress = (percent: number) => {
        if (percent <= reported) return;
        reported = percent;
        writes = writes.then(() => onProgress(percent));
      };
      try {
        const result = await translateContent(remembered, content, { from, to, glossary, onProgress: progress });
        await writes;
        return result;
      } catch (error) {
        await writes.catch(() => undefined);
        throw asJobError(error);
      }
    },

    async translateTexts(texts, { companyId, from, to, glossary }) {
      try {
        return await translateTexts(remembering(companyId, from, to, glossary), texts, { from, to, glossary });
      } catch (error) {
        throw asJobError(error);
      }
    },

    pairs: (source, translated, glossary, from, to) => segmentPairs(source, translated, { from, to, glossary }),

    reassemble(source, segments, glossary, from, to) {
      try {
        return reassembleContent(source, segments, { from, to, glossary });
      } catch (error) {
        // Segments edited by people (an XLIFF import): what is wrong with them is the request's fault.
        if (error instanceof TranslationEngineError) throw AppError.validation('segments', error.message);
        throw error;
      }
    },
  };
}
