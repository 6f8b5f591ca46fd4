// Which of the two formats of part 1 section 5 a text is written in. Users paste either into
// either field (a script_to_slides script written as slides, say), so every reader of a script
// asks this first. The rule, in order (docs/formats.md states it for users):
//
// 1. A '[SCENE: ...]' or '[TRANSITION: ...]' line: a script. Nothing in slide text looks like it.
// 2. A '## Title' line: slide text, even with 'NARRATOR:' lines, which are then notes or text.
// 3. A 'NARRATOR:' or 'SPEAKER:' line: a script.
// 4. A section marker ('**Content:**', '**Speaker Notes:**', '**Notes:**'): slide text.
// 5. None of these: null, plain text with the structure of neither.
//
// Lines are read as the parsers read them, so a literal line (backslash first) is never structure.
import { scriptMarker } from './script-text.js';
import { slideMarker } from './slide-text.js';
import { splitLines } from './text-lines.js';

export type TextFormat = 'slides' | 'script';

export function detectTextFormat(text: string): TextFormat | null {
  let heading = false;
  let section = false;
  let speaker = false;
  for (const line of splitLines(text)) {
    const script = scriptMarker(line);
    if (script === 'scene' || script === 'transition') return 'script';
    speaker ||= script === 'line';
    const slide = slideMarker(line);
    heading ||= slide === 'heading';
    section ||= slide === 'section';
  }
  if (heading) return 'slides';
  if (speaker) return 'script';
  return section ? 'slides' : null;
}
