// Extractive summary: the best sentences of each section, in their original order, within a word
// budget derived from the requested content length.
import { CONTENT_LENGTH_MINUTES, type ContentLength } from '@trainwright/catalogue';
import type { Analysis, TextUnit } from './text-analysis.js';

/** Speaking rate used to turn minutes of delivery into words of narration. */
export const WORDS_PER_MINUTE = 130;

/** Words of narration (speaker notes or body text) the requested length allows; null = no bound. */
export function narrationWordBudget(length: ContentLength | null): number | null {
  return length ? CONTENT_LENGTH_MINUTES[length].max * WORDS_PER_MINUTE : null;
}

/**
 * The summary gets half the shortest delivery time of the length (one spoken minute when no length
 * is asked), and never more than 30% of the material: a summary longer than that is a copy.
 */
export function summaryWordLimit(length: ContentLength | null, materialWords: number): number {
  const minutes = length ? CONTENT_LENGTH_MINUTES[length].min / 2 : 1;
  return Math.max(30, Math.min(Math.round(minutes * WORDS_PER_MINUTE), Math.round(materialWords * 0.3)));
}

function ranked(units: TextUnit[]): TextUnit[] {
  return [...units].sort((a, b) => b.score - a.score || a.id - b.id);
}

/**
 * Round robin over sections, best sentence first, while the budget allows (the first sentence
 * always goes in, so a summary is never empty when the material has a sentence). Returned in
 * reading order.
 */
export function summarySentences(analysis: Analysis, wordLimit: number): TextUnit[] {
  const perSection = analysis.sections
    .map((s) => {
      const sentences = s.units.filter((u) => u.sentence);
      // A section of fragments only (bullets, short lines) still gets its best line.
      return ranked(sentences.length > 0 ? sentences : s.units.filter((u) => u.kind !== 'table' && u.words >= 4));
    })
    .filter((list) => list.length > 0);
  const chosen: TextUnit[] = [];
  let words = 0;
  const depth = perSection.reduce((max, list) => Math.max(max, list.length), 0);
  for (let rank = 0; rank < depth && words < wordLimit; rank++) {
    for (const list of perSection) {
      const unit = list[rank];
      // A sentence that does not fit is skipped: a shorter one further down may still fit.
      if (!unit || (chosen.length > 0 && words + unit.words > wordLimit)) continue;
      chosen.push(unit);
      words += unit.words;
    }
  }
  return chosen.sort((a, b) => a.id - b.id);
}

export function extractiveSummary(analysis: Analysis, wordLimit: number): string {
  return summarySentences(analysis, wordLimit)
    .map((u) => u.text)
    .join(' ');
}
