// The learner figures in words (English; the web app words them in the reader's language from the
// structured fields next to each text): a recommendation's finding and what to do about it, its
// expected impact, and a drop-off's reason.
import type { DropOffPoint, Recommendation } from '@trainwright/proto/trainwright/scorm/v1/scorm';

/** A rate (0-1) as a percentage with one decimal. */
export const percent = (rate: number) => Math.round(rate * 1000) / 10;
/** A second of the video as m:ss. */
export const clock = (second: number) => `${Math.floor(second / 60)}:${String(second % 60).padStart(2, '0')}`;

export function recommendationWords(r: Recommendation): { finding: string; action: string } {
  if (r.kind === 'drop_off') return { finding: `${percent(r.rate)}% of viewers leave at ${clock(r.second)}${r.slide ? ` (slide “${r.slide}”)` : ''}`, action: 'shorten or rework that part.' };
  if (r.kind === 'hard_question') return { finding: `${percent(r.rate)}% of answers to “${r.question}” are wrong`, action: 'review the question or the content before it.' };
  return { finding: `Only ${percent(r.rate)}% of views are completed`, action: 'consider a shorter video or a lower completion threshold.' };
}

/** What a recommendation is about, for a reader to word it in their language. */
export function recommendationPlace(r: Recommendation) {
  return { second: r.kind === 'drop_off' ? r.second : null, slide: r.slide || null, question: r.question || null, rate: r.rate };
}

/** A recommendation in one sentence. */
export function recommendationText(r: Recommendation): string {
  const { finding, action } = recommendationWords(r);
  return `${finding}: ${action}`;
}

/**
 * What acting on it may change, by the share of views it concerns (docs/analytics.md,
 * "Recommendations"): the viewers lost, the answers missed, the views not completed.
 */
export function expectedImpact(r: Recommendation): 'high' | 'medium' | 'low' {
  const share = r.kind === 'low_completion' ? 1 - r.rate : r.rate;
  return share >= 0.6 ? 'high' : share >= 0.4 ? 'medium' : 'low';
}

/** Where a drop-off is (the slide shown then, else the time) and why it counts as one. */
export function dropOffWords(d: DropOffPoint): { section: string; reason: string } {
  return { section: d.slide || clock(d.second), reason: `${percent(d.loss)}% of viewers stop watching within 5 seconds of ${clock(d.second)}.` };
}
