// Which library passage each slide's points were drawn from (docs/library.md): a point cites the
// passage that holds most of its words (at least MIN_SHARE of them), whichever engine wrote it, so
// a point no passage supports cites nothing. Objectives and framing ('Explain ...') rarely reach
// the share; the material's own sentences do.
import type { Citation, SlideDeck } from '@trainwright/formats';
import type { LibraryPassage } from './library-source.js';

/** Share of a point's words a passage must hold for the point to cite it. */
export const MIN_SHARE = 0.7;

const words = (text: string): string[] => (text.toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 2 || /\d/.test(w));

/** The passage that supports a point, or null when none holds enough of its words. */
export function supportingPassage<P extends LibraryPassage>(point: string, passages: ReadonlyArray<{ passage: P; words: Set<string> }>): P | null {
  const own = [...new Set(words(point))];
  if (own.length < 2) return null;
  let best: { passage: P; share: number } | null = null;
  for (const candidate of passages) {
    const share = own.filter((w) => candidate.words.has(w)).length / own.length;
    if (share >= MIN_SHARE && (!best || share > best.share)) best = { passage: candidate.passage, share };
  }
  return best?.passage ?? null;
}

/** The passages with the words a point is matched against (`supportingPassage`): their heading's and text's. */
export function indexPassages<P extends LibraryPassage>(passages: readonly P[]): Array<{ passage: P; words: Set<string> }> {
  return passages.map((passage) => ({ passage, words: new Set(words(`${passage.heading} ${passage.text}`)) }));
}

/** One citation per slide and passage its points or paragraphs were drawn from, in slide order. */
export function citeLibrary(deck: SlideDeck, passages: readonly LibraryPassage[]): Citation[] {
  const indexed = indexPassages(passages);
  const citations: Citation[] = [];
  deck.slides.forEach((slide, slideIndex) => {
    const cited = new Set<string>();
    for (const text of [...slide.points, ...slide.paragraphs]) {
      const passage = supportingPassage(text, indexed);
      if (!passage || cited.has(passage.id)) continue;
      cited.add(passage.id);
      citations.push({ slide_index: slideIndex, document_id: passage.documentId, document_title: passage.documentTitle, passage: passage.text });
    }
  });
  return citations;
}

/** The deck with a 'Source: ...' line closing the notes of every slide that cites the library. */
export function withSourceNotes(deck: SlideDeck, citations: readonly Citation[], label: string): SlideDeck {
  return {
    ...deck,
    slides: deck.slides.map((slide, i) => {
      const titles = [...new Set(citations.filter((c) => c.slide_index === i).map((c) => c.document_title))];
      if (titles.length === 0) return slide;
      const line = `${label}: ${titles.join('; ')}.`;
      return { ...slide, notes: slide.notes.trim() ? `${slide.notes.trim()}\n\n${line}` : line };
    }),
  };
}
