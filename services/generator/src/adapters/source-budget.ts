// The source material as the model reads it: one text part per section (document section, slide
// or script scene), cut to a character budget at a part boundary so the model never sees half a
// section when a whole one can be left out.
import { parseScript, parseSlideText, printScript, printSlideText, type ScriptBlock } from '@trainwright/formats';
import { sourceText } from '../domain/source.js';
import type { SourceDocument } from '../domain/types.js';

export interface SourceParts {
  parts: string[];
  /** Where it came from, for the prompt (file name or URL). */
  origin: string;
}

/** Sections with their heading as a Markdown heading, so the model sees the structure. */
export function documentParts(doc: SourceDocument): string[] {
  return doc.sections
    .map((s) => {
      const body = sourceText({ ...doc, sections: [{ ...s, heading: '' }] });
      return [s.heading ? `## ${s.heading.replace(/\s*\n\s*/g, ' ')}` : '', body].filter(Boolean).join('\n');
    })
    .filter((p) => p.trim() !== '');
}

/** One part per slide, in the slide text format the user wrote. */
export function slideTextParts(text: string): string[] {
  return parseSlideText(text)
    .slides.map((slide) => printSlideText({ title: '', slides: [slide] }).trim())
    .filter(Boolean);
}

/** One part per scene: a scene marker starts a new part. */
export function scriptParts(text: string): string[] {
  const groups: ScriptBlock[][] = [];
  for (const block of parseScript(text).blocks) {
    if (block.kind === 'scene' || groups.length === 0) groups.push([]);
    groups[groups.length - 1]!.push(block);
  }
  return groups.map((blocks) => printScript({ blocks }).trim()).filter(Boolean);
}

export interface FittedSource {
  text: string;
  sentParts: number;
  totalParts: number;
  sentChars: number;
  totalChars: number;
  truncated: boolean;
}

const SEPARATOR = '\n\n';

/** Cuts a single oversized part at the last line, sentence or word end inside the budget. */
function cutPart(part: string, budget: number): string {
  const head = part.slice(0, budget);
  let sentenceEnd = -1;
  for (const m of head.matchAll(/[.!?](?=\s)/g)) sentenceEnd = m.index + 1;
  const cuts = [head.lastIndexOf('\n'), sentenceEnd, head.search(/\s\S*$/)];
  // Only cut at a boundary that keeps most of the budget; otherwise a hard cut loses less.
  const cut = cuts.find((c) => c > budget / 2);
  return (cut === undefined ? head : head.slice(0, cut)).trimEnd();
}

export function fitSource(parts: string[], budget: number): FittedSource {
  const all = parts.join(SEPARATOR);
  const totalChars = all.length;
  if (totalChars <= budget) {
    return { text: all, sentParts: parts.length, totalParts: parts.length, sentChars: totalChars, totalChars, truncated: false };
  }
  const kept: string[] = [];
  let used = 0;
  for (const part of parts) {
    const cost = (kept.length > 0 ? SEPARATOR.length : 0) + part.length;
    if (used + cost > budget) break;
    kept.push(part);
    used += cost;
  }
  // A first section larger than the whole budget: send its beginning rather than nothing.
  if (kept.length === 0 && parts.length > 0) kept.push(cutPart(parts[0]!, budget));
  const text = kept.join(SEPARATOR);
  return { text, sentParts: kept.length, totalParts: parts.length, sentChars: text.length, totalChars, truncated: true };
}
