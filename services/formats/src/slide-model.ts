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
  /**
   * Speaker notes: what is said over the slide (the video narrates them, a script is made of them);
   * line breaks are kept. '' when there are none.
   */
  notes: string;
  /**
   * For the trainer only (the offline engine's prompts, timing, audience tips): shown in the
   * PowerPoint notes pane and the trainer notes of the guide, manual and txt, never narrated,
   * subtitled, shared or packaged for learners (DECISIONS.md, "Learners and trainers"). Absent
   * when there are none.
   */
  trainerNotes?: string;
}

export interface SlideDeck {
  title: string;
  slides: Slide[];
}

/** The most points a slide holds when the product splits a list over slides ('Title (2)', ...). */
export const MAX_POINTS_PER_SLIDE = 6;
