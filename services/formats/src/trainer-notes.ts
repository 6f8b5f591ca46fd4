// Trainer notes apart from learner text (DECISIONS.md, "Learners and trainers"): a slide's
// `trainerNotes` are for the trainer only; narration, subtitles, the share page, SCORM packages
// and the interactive player carry the learner deck. Content stored before trainer notes existed
// has the offline engine's prompts to the trainer in its speaker notes (and so in its script):
// the reading below moves them where they belong, so old projects render as new ones do.
import type { Slide, SlideDeck } from './slide-model.js';
import { parseScript, printScript } from './script-text.js';

/**
 * What the offline engine wrote for the trainer into speaker notes before they had their own
 * section (generator framing: outlineNotes, timing, outlineContext, outlineBrandVoice), in its
 * three languages. A fixed record of old content: the engine now writes trainer notes.
 */
const LEGACY_PROMPTS: readonly RegExp[] = [
  /^Trainer prompt: present .* in your own words\. This outline holds no facts yet\.$/su,
  /^Indicación para el formador: presente .* con sus propias palabras\. Este esquema aún no contiene datos\.$/su,
  /^Consigne pour le formateur: présentez .* avec vos propres mots\. Ce plan ne contient encore aucun fait\.$/su,
  /^(?:Time: about|Tiempo: unos|Durée: environ) \d+ min\.$/u,
  /^(?:Company context|Contexto de la empresa|Contexte de l'entreprise|Brand voice|Voz de marca|Ton de la marque): /u,
];

/** Whether a paragraph of notes (or a narration line) is one of the engine's old prompts to the trainer. */
export function isLegacyTrainerPrompt(text: string): boolean {
  const t = text.trim();
  return LEGACY_PROMPTS.some((p) => p.test(t));
}

const PARAGRAPHS = /(?:\r\n|\r|\n)[^\S\r\n]*(?:\r\n|\r|\n)/;

/** The slide with any old engine prompts moved from its notes to its trainer notes. */
function separated(slide: Slide): Slide {
  const paragraphs = slide.notes.split(PARAGRAPHS);
  const prompts = paragraphs.filter(isLegacyTrainerPrompt);
  if (prompts.length === 0) return slide;
  const trainerNotes = [slide.trainerNotes ?? '', ...prompts].filter((t) => t.trim() !== '').join('\n\n');
  return { ...slide, notes: paragraphs.filter((p) => !isLegacyTrainerPrompt(p)).join('\n\n').trim(), trainerNotes };
}

/** The deck with old content's trainer prompts read out of the speaker notes into trainer notes. */
export function withTrainerNotesApart(deck: SlideDeck): SlideDeck {
  return { ...deck, slides: deck.slides.map(separated) };
}

/** What learners may see and hear of a deck: everything but its trainer notes (old prompts included). */
export function learnerDeck(deck: SlideDeck): SlideDeck {
  return {
    ...deck,
    slides: withTrainerNotesApart(deck).slides.map(({ trainerNotes: _trainer, ...slide }) => slide),
  };
}

/** A script text without the narration lines that are old engine prompts to the trainer. */
export function withoutTrainerPrompts(script: string): string {
  const parsed = parseScript(script);
  const blocks = parsed.blocks.filter((b) => b.kind !== 'line' || !isLegacyTrainerPrompt(b.text));
  return blocks.length === parsed.blocks.length ? script : printScript({ blocks });
}
