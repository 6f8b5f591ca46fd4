// Line handling shared by the slide text and script formats. Both are line based, accept any line
// ending and share one escape, the literal line: after its indentation it starts with a backslash,
// and the rest is text, never a heading, marker, point or speaker. A literal line may end with one
// more backslash (the guard) so that trailing whitespace, which is otherwise trimmed, survives.

/** Splits on CRLF, CR or LF, so text saved on any platform parses the same. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

/** A physical line prepared for classification. */
export interface LineView {
  /** The line without surrounding whitespace. */
  trimmed: string;
  /** Whether the line starts with whitespace (continuation lines are indented). */
  indented: boolean;
}

export function viewLine(raw: string): LineView {
  const end = raw.trimEnd();
  const trimmed = end.trimStart();
  return { trimmed, indented: trimmed.length < end.length };
}

export function isLiteral(trimmed: string): boolean {
  return trimmed.startsWith('\\');
}

/** The text of a line: a literal line loses its backslash and guard, any other line is as is. */
export function readText(trimmed: string): string {
  if (!isLiteral(trimmed)) return trimmed;
  const body = trimmed.slice(1);
  return body.endsWith('\\') ? body.slice(0, -1) : body;
}

/** Whether text written as is would lose whitespace or a leading backslash when read back. */
export function needsLiteral(text: string): boolean {
  return text !== text.trim() || text.startsWith('\\');
}

export function writeLiteral(text: string): string {
  // The guard protects trailing whitespace from trimming and a final backslash from being taken
  // for the guard.
  const guard = text !== text.trimEnd() || text.endsWith('\\') ? '\\' : '';
  return `\\${text}${guard}`;
}

/** Writes text so that it reads back unchanged; `misread` adds the caller's own reasons. */
export function writeText(text: string, misread = false): string {
  return misread || needsLiteral(text) ? writeLiteral(text) : text;
}
