// Clause boundaries: shortening a sentence for a slide point (a prefix of its own words, never new
// ones) and splitting a long sentence in two for content refresh.
import { countWords } from '@trainwright/formats';
import type { EngineLanguage } from './stop-words.js';
import { tagSentence } from './nlp.js';

// A clause that opens with one of these depends on the next one, so a point must not end after it.
const SUBORDINATORS: Record<EngineLanguage, RegExp> = {
  en: /^(?:if|when|whenever|although|though|because|since|while|unless|after|before|once|as|where|even if)\b/i,
  es: /^(?:si|cuando|aunque|porque|mientras|antes de|después de|una vez|ya que|dado que|donde)\b/i,
  fr: /^(?:si|quand|lorsque|lorsqu|bien que|parce que|puisque|avant de|après|une fois|alors que|dès que|tant que)\b/i,
};

// Comma, semicolon, colon or a spaced dash ends a clause.
const BOUNDARY = /\s*(?:[,;:]|\s[–—-])\s+/g;

/**
 * The longest prefix of `sentence` that ends at a clause boundary and has at most `maxWords`
 * words (and at least four), without the punctuation at the cut. The sentence itself when it is
 * short enough or has no such boundary: a clause is never cut in the middle.
 */
export function shortenAtClause(sentence: string, maxWords: number, language: EngineLanguage): string {
  if (countWords(sentence) <= maxWords) return sentence;
  const cuts: number[] = [];
  for (const m of sentence.matchAll(BOUNDARY)) cuts.push(m.index);
  const firstClauseDepends = SUBORDINATORS[language].test(sentence);
  let best = '';
  cuts.forEach((cut, i) => {
    if (firstClauseDepends && i === 0) return;
    // A comma inside a list is no clause boundary; a colon or dash before one is.
    if (language === 'en' && /^\s*,/.test(sentence.slice(cut)) && continuesList(sentence.slice(cut).replace(/^[\s,]+/u, ''))) return;
    // After a colon the commas separate the items of its list ('...: how they handle the task
    // today, what it costs them and who is involved'): the colon is the boundary.
    if (/^\s*,/.test(sentence.slice(cut)) && sentence.slice(0, cut).includes(':')) return;
    const prefix = sentence.slice(0, cut);
    const words = countWords(prefix);
    if (words >= 4 && words <= maxWords && prefix.length > best.length) best = prefix;
  });
  return best || sentence;
}

/**
 * English: whether the text after a comma goes on with the list before it ('..., test the brakes,
 * the steering and the horn'): it opens with a noun, a determiner, an adjective or a number, so a
 * cut there would leave the list half told. A verb, a conjunction or a subordinate clause opens
 * a clause of its own.
 */
function continuesList(rest: string): boolean {
  const first = tagSentence(rest)[0];
  if (first === undefined) return false;
  if (first.tags.has('Verb') || first.tags.has('Conjunction') || first.tags.has('Adverb') || (first.tags.has('Pronoun') && !first.tags.has('Possessive'))) return false;
  return first.tags.has('Noun') || first.tags.has('Determiner') || first.tags.has('Adjective') || first.tags.has('Value') || first.tags.has('Possessive');
}

// Where a long sentence may be split: after a semicolon, or before a coordinating conjunction
// that follows a comma. A conjunction that only joins ('and') is part of the match and goes; the
// others carry meaning ('but'), sit in a lookahead and stay.
const SPLITS: Record<EngineLanguage, RegExp[]> = {
  en: [
    /;\s+/g,
    /,\s+and\s+/g,
    /,\s+(?=(?:but|so)\s)/g,
  ],
  es: [
    /;\s+/g,
    /,\s+y\s+/g,
    /,\s+(?=(?:pero|así que)\s)/g,
  ],
  fr: [
    /;\s+/g,
    /,\s+et\s+/g,
    /,\s+(?=(?:mais|donc)\s)/g,
  ],
};

export const LONG_SENTENCE_WORDS = 25;
const MIN_PART_WORDS = 5;

function capitalise(text: string): string {
  return text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

/**
 * Splits a sentence longer than LONG_SENTENCE_WORDS at its clause boundaries into sentences of
 * at least five words each; the first part gets a full stop, the next a capital letter. Returns
 * the sentence alone when no split keeps both parts that long.
 */
export function splitLongSentence(sentence: string, language: EngineLanguage): string[] {
  if (countWords(sentence) <= LONG_SENTENCE_WORDS) return [sentence];
  let best: { at: number; end: number; score: number } | null = null;
  const total = countWords(sentence);
  for (const re of SPLITS[language]) {
    for (const m of sentence.matchAll(re)) {
      const head = sentence.slice(0, m.index);
      const tailStart = m.index + m[0].length;
      const headWords = countWords(head);
      // A dropped conjunction is inside the match; a kept one starts the tail.
      const tailWords = total - headWords - countWords(m[0]);
      if (headWords < MIN_PART_WORDS || tailWords < MIN_PART_WORDS) continue;
      // The most even split reads best.
      const score = Math.abs(headWords - tailWords);
      if (!best || score < best.score) best = { at: m.index, end: tailStart, score };
    }
  }
  if (!best) return [sentence];
  const head = `${sentence.slice(0, best.at).replace(/[,;:]$/, '')}.`;
  const tail = capitalise(sentence.slice(best.end));
  return [...splitLongSentence(head, language), ...splitLongSentence(tail, language)];
}
