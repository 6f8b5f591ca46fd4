// The one interface every translation engine implements. Engines translate tagged segment texts
// (XML-escaped, placeholders as <ph id="N"/>) and hand back the same tags; segmentation, the
// translation memory and assembly are around them, not in them.
import type { GlossaryTerm } from '../text/glossary.js';

/** A route from one language to another ('apertium:en>es>fr' through a pivot), or why not. */
export type EngineRoute = { ok: true; engine: string } | { ok: false; reason: string; code?: UnreachableCode };

/** Why a language cannot be reached, for the screens to say in the user's language: the offline engine has no pair. */
export type UnreachableCode = 'offline_no_pair';

/** A word the engine could not translate and left as written, in the language it was in (a pivot's, for a word the pivot stage did not know). */
export interface UnknownWord {
  word: string;
  language: string;
}

export interface TranslateOptions {
  /** The company's glossary; each engine applies the rules of the pair itself. */
  glossary: readonly GlossaryTerm[];
  signal?: AbortSignal;
  /** Texts done so far of all texts given. */
  onProgress?(done: number, total: number): void;
}

export interface EngineResult {
  /** The engine as it ran: 'apertium', 'apertium:en>es>fr', 'openai:<model>', 'deepl'. */
  engine: string;
  /** One translation per text given, in the same order, with the same tags. */
  texts: string[];
  /** Per text given, the words the engine left untranslated (engines that cannot tell leave it out). */
  unknown?: UnknownWord[][];
}

export interface TranslationEngine {
  /** 'apertium', 'openai:<model>' or 'deepl'. */
  readonly name: string;
  route(from: string, to: string): EngineRoute;
  translate(texts: readonly string[], from: string, to: string, options: TranslateOptions): Promise<EngineResult>;
}

/** A translation that failed; `message` is safe to show to the user. */
export class TranslationEngineError extends Error {
  override readonly name = 'TranslationEngineError';
  constructor(
    message: string,
    readonly engine: string,
    /** Whether trying the same work again later may succeed (a timeout, a busy server). */
    readonly retryable = false,
  ) {
    super(message);
  }
}

const english = new Intl.DisplayNames(['en'], { type: 'language' });

/** 'de' -> 'German' (the runtime's ICU names, as the catalogue's languageNames uses). */
export function languageName(code: string): string {
  try {
    return english.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Consecutive groups of items whose size adds up to at most `maxSize` (an item alone may exceed it). */
export function batches<T>(items: readonly T[], sizeOf: (item: T) => number, maxSize: number, maxCount = Infinity): T[][] {
  const out: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const s = sizeOf(item);
    if (current.length > 0 && (size + s > maxSize || current.length >= maxCount)) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += s;
  }
  if (current.length > 0) out.push(current);
  return out;
}

export function abortError(engine: string): TranslationEngineError {
  return new TranslationEngineError('The translation was cancelled.', engine);
}
