// What a learner-facing view of a project (the share page) shows of its text: the current slides
// without trainer notes, and the narration of those slides as a script.
import { narrationScript } from './convert.js';
import { printScript } from './script-text.js';
import { parseSlideText, printSlideText } from './slide-text.js';
import { learnerDeck, withoutTrainerPrompts } from './trainer-notes.js';

/**
 * `slideContent` and `script` as a project stores them (its generated slides and script, else the
 * ones it was given). With slides, the script is what the video says over them now (notes, else
 * the slide's scene of the stored script, else its points), so an edit of the slides reaches it;
 * without slides, the stored script as written. Trainer notes and old engine prompts are left out.
 */
export function learnerText(slideContent: string, script: string): { slideContent: string; script: string } {
  const spoken = withoutTrainerPrompts(script);
  if (slideContent.trim() === '') return { slideContent, script: spoken };
  const deck = learnerDeck(parseSlideText(slideContent));
  return { slideContent: printSlideText(deck), script: deck.slides.length > 0 ? printScript(narrationScript(deck, spoken)) : spoken };
}
