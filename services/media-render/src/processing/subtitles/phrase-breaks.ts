// Where a subtitle line or cue may break, as a cost: after a sentence is best, then after clause
// punctuation, then before a conjunction or preposition (the next phrase starts there); after an
// article, preposition or conjunction is worst (it would leave 'the' hanging from its noun). A
// pause in the speech marks a phrase boundary too, which is what recognisers without punctuation
// (pocketsphinx) give us.
import { splitSentences } from '@trainwright/formats';

export const BREAK_COST = { sentence: 0, clause: 1, beforePhrase: 2, plain: 4, afterFunctionWord: 8 } as const;

/** Words a new phrase starts with: conjunctions and prepositions, by language. */
const PHRASE_STARTS: Record<string, string> = {
  en: 'and but or nor so yet because although though while whereas if unless until when whenever where which who whom whose that than as since after before of in on at to for with from by about into onto over under between through during without within across against among around toward towards upon',
  es: 'y e o u ni pero sino porque aunque que cuando donde si mientras como de del en a al con por para sin sobre entre hasta desde hacia según tras',
  fr: 'et ou mais donc car ni que qui quand lorsque puisque parce si comme de du des à au aux en dans par pour avec sans sur sous entre chez vers depuis pendant',
  de: 'und oder aber denn sondern doch weil dass obwohl wenn als ob damit während bevor nachdem von vom zu zum zur mit nach bei aus für über unter vor in im an am auf durch gegen ohne um zwischen',
  it: 'e ed o ma però perché che quando dove se mentre come di del della dei delle a al alla da dal in nel nella con su sul per tra fra senza',
  pt: 'e ou mas porque que quando onde se enquanto como de do da dos das em no na nos nas a ao à com por pelo pela para sem sobre entre até desde',
};

/** Articles and determiners: a line must not end with one any more than with a preposition. */
const DETERMINERS: Record<string, string> = {
  en: 'the a an this these those my your his her its our their',
  es: 'el la los las un una unos unas su sus mi mis tu tus',
  fr: 'le la les un une ce cet cette ces son sa ses mon ma mes ton ta tes',
  de: 'der die das den dem des ein eine einen einem einer eines',
  it: 'il lo la i gli le un uno una',
  pt: 'o a os as um uma uns umas',
};

export interface PhraseWords {
  /** Words a phrase starts with: breaking before them is good. */
  starts: ReadonlySet<string>;
  /** Words that lean on the next one: breaking after them is bad. */
  leaning: ReadonlySet<string>;
}

/** The word lists of a language ('en-US' -> English), English for one we have no list for. */
export function phraseWords(languageCode: string): PhraseWords {
  const lang = languageCode.slice(0, 2).toLowerCase();
  const starts = (PHRASE_STARTS[lang] ?? PHRASE_STARTS.en!).split(' ');
  const determiners = (DETERMINERS[lang] ?? DETERMINERS.en!).split(' ');
  return { starts: new Set(starts), leaning: new Set([...starts, ...determiners]) };
}

/** A word as the lists spell it: lower case, without the punctuation around it. */
const bare = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');

/** Whether a word ends a sentence, by the rule that splits the narration into sentences. */
export function endsSentence(word: string): boolean {
  return splitSentences(`${word} x`).length > 1;
}

const CLAUSE_END = /[,;:\u2013\u2014\u3001\uff0c\uff1b\uff1a)\]]["'\u201d\u2019\u00bb]*$/u;

/** What a break between `word` and `next` costs, `pauseMs` the silence between them. */
export function breakCost(word: string, next: string, pauseMs: number, words: PhraseWords, sentenceEnd = endsSentence(word)): number {
  let cost: number;
  if (sentenceEnd) cost = BREAK_COST.sentence;
  else if (CLAUSE_END.test(word) || /^[(\u2013\u2014]/u.test(next)) cost = BREAK_COST.clause;
  else if (words.leaning.has(bare(word))) cost = BREAK_COST.afterFunctionWord;
  else if (words.starts.has(bare(next))) cost = BREAK_COST.beforePhrase;
  else cost = BREAK_COST.plain;
  // Speakers pause between phrases.
  if (pauseMs >= 500) return Math.min(cost, 0.5);
  if (pauseMs >= 250) return Math.min(cost, 1.5);
  return cost;
}
