// The slide model: what the slide text format parses into and what every export (PowerPoint, PDF
// guide, Word manual, narrated video) renders. Plain data, so it crosses process and JSON
// boundaries unchanged.

export interface Slide {
  /** One line as a rule; '' for the untitled slide that holds text written before the first '##'. */
  title: string;
  /** Bullet and numbered items of the content section, in order. */
  points: string[];
  /** Non-point text of the content section; one entry per block of lines between blank lines. */
  paragraphs: string[];
  /** Speaker notes; line breaks are kept. '' when there are none. */
  notes: string;
}

export interface SlideDeck {
  title: string;
  slides: Slide[];
}
