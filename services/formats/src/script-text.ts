// The script format of part 1 section 5: '[SCENE: ...]', '[TRANSITION: ...]' and 'NARRATOR:' or
// 'SPEAKER:' lines. Where the specification is silent (see docs/formats.md):
//
// - Markers are matched ignoring case and whitespace around their parts; '[SCENE]' is a scene with
//   no text. A bracket marker must fill its line; its text may hold ']' ('[SCENE: a [b]]').
// - A speaker line's text continues on the following lines until a blank line or another marker.
// - Any other text is a paragraph (stage directions, descriptions); blank lines separate them.
// - Other speaker names ('ANNA:') are paragraph text: the specification names only these two.
// - Escapes are those of the slide text format (text-lines.ts): a literal line starts with a
//   backslash; further lines of a scene or transition text are indented literal lines under it.
//   So parseScript(printScript(script)) equals script whenever its strings use '\n' line breaks.
import { isLiteral, readText, splitLines, viewLine, writeLiteral, writeText } from './text-lines.js';

export const SPEAKERS = ['NARRATOR', 'SPEAKER'] as const;
export type Speaker = (typeof SPEAKERS)[number];

export type ScriptBlock =
  | { kind: 'scene'; text: string }
  | { kind: 'transition'; text: string }
  | { kind: 'line'; speaker: Speaker; text: string }
  | { kind: 'paragraph'; text: string };

export interface Script {
  blocks: ScriptBlock[];
}

const BRACKET = /^\[\s*(scene|transition)\s*(?::\s*(.*?))?\s*\]$/is;
const SPEAKER_LINE = /^(narrator|speaker)\s*:\s*(.*)$/is;

type ScriptLine =
  | { kind: 'scene' | 'transition'; text: string }
  | { kind: 'line'; speaker: Speaker; text: string }
  | { kind: 'text' };

function classify(trimmed: string): ScriptLine {
  let m = BRACKET.exec(trimmed);
  if (m) return { kind: m[1]!.toLowerCase() === 'scene' ? 'scene' : 'transition', text: m[2] ?? '' };
  m = SPEAKER_LINE.exec(trimmed);
  if (m) return { kind: 'line', speaker: m[1]!.toUpperCase() as Speaker, text: m[2] ?? '' };
  return { kind: 'text' };
}

/** The structure a line marks in a script: a scene, a transition or a speaker line; null for text. */
export function scriptMarker(line: string): 'scene' | 'transition' | 'line' | null {
  const kind = classify(line.trim()).kind;
  return kind === 'text' ? null : kind;
}

export function parseScript(text: string): Script {
  const blocks: ScriptBlock[] = [];
  // The block the next line may continue; null after a blank line.
  let open: ScriptBlock | null = null;
  const start = (block: ScriptBlock): ScriptBlock => {
    blocks.push(block);
    return block;
  };
  for (const raw of splitLines(text)) {
    const { trimmed, indented } = viewLine(raw);
    if (trimmed === '') {
      open = null;
      continue;
    }
    const line = classify(trimmed);
    if (line.kind === 'scene') open = start({ kind: 'scene', text: readText(line.text) });
    else if (line.kind === 'transition') open = start({ kind: 'transition', text: readText(line.text) });
    else if (line.kind === 'line') open = start({ kind: 'line', speaker: line.speaker, text: readText(line.text) });
    else if (open && (open.kind === 'line' || open.kind === 'paragraph')) open.text += `\n${readText(trimmed)}`;
    else if (open && indented && isLiteral(trimmed)) open.text += `\n${readText(trimmed)}`;
    else open = start({ kind: 'paragraph', text: readText(trimmed) });
  }
  return { blocks };
}

function isStructural(text: string): boolean {
  return classify(text.trim()).kind !== 'text';
}

/** Lines after the first, which run on until a blank line or marker, so those must be escaped. */
function runOnLines(lines: string[]): string[] {
  return lines.map((l) => writeText(l, l === '' || isStructural(l)));
}

function blockLines(block: ScriptBlock): string[] {
  const [first = '', ...rest] = block.text.split(/\r\n|\r|\n/);
  switch (block.kind) {
    case 'scene':
    case 'transition':
      return [`[${block.kind.toUpperCase()}: ${writeText(first)}]`, ...rest.map((l) => `  ${writeLiteral(l)}`)];
    case 'line':
      return [`${block.speaker}: ${writeText(first)}`.trimEnd(), ...runOnLines(rest)];
    case 'paragraph':
      return runOnLines([first, ...rest]);
  }
}

export function printScript(script: Script): string {
  if (script.blocks.length === 0) return '';
  return `${script.blocks.map((b) => blockLines(b).join('\n')).join('\n\n')}\n`;
}
