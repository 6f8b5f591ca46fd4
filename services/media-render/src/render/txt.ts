// The plain-text export: the slide text made readable on its own (title with the cover's notes,
// overview, one numbered section per slide with its points, paragraphs and notes, the questions,
// the answer key and the glossary). Plain UTF-8 with '\n' line breaks; the same input always
// gives the same text.
import type { RenderInput } from '../domain/types.js';
import { asRenderError, brandingLine, prepareContent, type DocumentContent } from './content.js';

const RULE_MAX = 72;
// Characters a monospaced display draws two columns wide (CJK ideographs, kana, Hangul, full-width forms).
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua960-\ua97f\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u;

function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE.test(char) ? 2 : 1;
  return width;
}

/** A heading underlined with `mark` to its width on a monospaced display, as plain-text documents do. */
function heading(text: string, mark: '=' | '-'): string[] {
  return [text, mark.repeat(Math.min(displayWidth(text), RULE_MAX))];
}

/** Lines of a text block, every line after the first indented by `indent` (and the first by `first`). */
function block(text: string, first: string, indent: string): string[] {
  return text.split('\n').map((line, i) => `${i === 0 ? first : indent}${line}`.trimEnd());
}

/** Speaker notes under their label, indented; nothing without notes. */
function notes(text: string, label: string): string[] {
  return text ? ['', `${label}:`, ...block(text, '  ', '  ')] : [];
}

function renderContent(c: DocumentContent): string {
  const parts: string[][] = [];
  const { labels } = c;

  const cover = heading(c.title, '=');
  if (c.description) cover.push('', ...block(c.description, '', ''));
  const byline = [brandingLine(c.branding), c.date].filter((s) => s !== '');
  if (byline.length > 0) cover.push('', ...byline);
  cover.push(...notes(c.coverTrainerText, labels.trainerNotes));
  parts.push(cover);

  if (c.summary) parts.push([...heading(labels.summary, '-'), ...block(c.summary, '', '')]);
  if (c.objectives.length > 0) parts.push([...heading(labels.objectives, '-'), ...c.objectives.flatMap((o) => block(o, '- ', '  '))]);

  for (const s of c.sections) {
    const lines = heading(s.heading, '-');
    lines.push(...s.points.flatMap((p) => block(p, '- ', '  ')));
    for (const p of s.paragraphs) lines.push('', ...block(p, '', ''));
    lines.push(...notes(s.trainerText, labels.trainerNotes));
    parts.push(lines);
  }

  if (c.questions.length > 0) {
    const lines = heading(labels.assessment, '-');
    for (const q of c.questions) {
      if (q.number > 1) lines.push('');
      lines.push(...block(q.prompt, `${q.number}. `, '   '));
      lines.push(...q.options.map((o) => `   ${o.letter}. ${o.text}`.trimEnd()));
    }
    parts.push(lines);

    const key = heading(labels.answerKey, '-');
    for (const q of c.questions) {
      key.push(`${q.number}. ${q.answerText}`);
      if (q.explanation) key.push(...block(q.explanation, '   ', '   '));
    }
    parts.push(key);
  }

  if (c.glossary.length > 0) {
    parts.push([...heading(labels.glossary, '-'), ...c.glossary.flatMap((g) => block(g.definition, `${g.term}: `, '  '))]);
  }

  return `${parts.map((p) => p.join('\n')).join('\n\n')}\n`;
}

export function renderTxt(input: RenderInput): string {
  try {
    return renderContent(prepareContent(input));
  } catch (error) {
    throw asRenderError('text export', error);
  }
}
