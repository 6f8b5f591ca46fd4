// Word error rate: the standard measure of a recogniser (as NIST's sclite counts it): the fewest
// substitutions, deletions and insertions that turn the reference words into the recognised
// ones (Levenshtein distance on words), divided by the number of reference words. Both texts are
// compared as lower-case words, without punctuation. The alignment also pairs the words that were
// recognised right, so their times can be compared with the reference's (word-timing error).
// Used by the transcription benchmark and tests; the cost is O(reference × recognised) words.

/** Lower-case words: letters, digits and inner apostrophes ("don't"); everything else separates. */
export function normaliseWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length > 0);
}

export interface WordAlignment {
  substitutions: number;
  deletions: number;
  insertions: number;
  /** substitutions + deletions + insertions. */
  errors: number;
  referenceWords: number;
  /** errors / referenceWords (0 for an empty reference with an empty hypothesis, 1 per inserted word otherwise). */
  wer: number;
  /** [reference index, hypothesis index] of every word recognised right. */
  matches: Array<[number, number]>;
}

/** Aligns two word lists with the fewest edits (ties: a match, then a substitution, deletion, insertion). */
export function alignWords(reference: string[], hypothesis: string[]): WordAlignment {
  const n = reference.length;
  const m = hypothesis.length;
  const cost = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number): number => i * (m + 1) + j;
  for (let i = 0; i <= n; i++) cost[at(i, 0)] = i;
  for (let j = 0; j <= m; j++) cost[at(0, j)] = j;
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const same = reference[i - 1] === hypothesis[j - 1];
      cost[at(i, j)] = Math.min(cost[at(i - 1, j - 1)]! + (same ? 0 : 1), cost[at(i - 1, j)]! + 1, cost[at(i, j - 1)]! + 1);
    }
  }
  const result: WordAlignment = { substitutions: 0, deletions: 0, insertions: 0, errors: cost[at(n, m)]!, referenceWords: n, wer: 0, matches: [] };
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    const here = cost[at(i, j)]!;
    if (i > 0 && j > 0 && reference[i - 1] === hypothesis[j - 1] && here === cost[at(i - 1, j - 1)]) {
      result.matches.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (i > 0 && j > 0 && here === cost[at(i - 1, j - 1)]! + 1) {
      result.substitutions++;
      i--;
      j--;
    } else if (i > 0 && here === cost[at(i - 1, j)]! + 1) {
      result.deletions++;
      i--;
    } else {
      result.insertions++;
      j--;
    }
  }
  result.matches.reverse();
  result.wer = n === 0 ? m : result.errors / n;
  return result;
}

/** The word error rate of a recognised text against its reference text. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  return alignWords(normaliseWords(reference), normaliseWords(hypothesis)).wer;
}
