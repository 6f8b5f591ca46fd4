// Text insertion for the editor's toolbar: pure, so the rules are tested without a browser.

export interface Insertion {
  value: string;
  /** Where the caret goes (the selection, if `selectEnd` is greater). */
  selectionStart: number;
  selectionEnd: number;
}

export interface Marker {
  /** Text put before the selection (or at the caret). */
  before: string;
  /** Text put after the selection, e.g. ']' of '[SCENE: ]'. */
  after?: string;
  /** Markers that must start a line (headings, bullets, section markers, speakers). */
  line?: boolean;
  /** Markers that sit alone on their line ('**Content:**'); the caret moves to the next line. */
  block?: boolean;
}

/**
 * Inserts a marker at the selection. A line marker starts a new line when the caret is not at the
 * start of one; selected text is wrapped (a heading or bullet keeps it as its text). A block marker
 * is followed by a line break.
 */
export function insertMarker(value: string, start: number, end: number, marker: Marker): Insertion {
  const from = Math.max(0, Math.min(start, end, value.length));
  const to = Math.max(from, Math.min(Math.max(start, end), value.length));
  const selected = value.slice(from, to);
  let prefix = '';
  if (marker.line && from > 0 && value[from - 1] !== '\n') prefix = '\n';
  const after = marker.after ?? '';
  const suffix = marker.block && value[to] !== '\n' ? '\n' : '';
  const inserted = `${prefix}${marker.before}${selected}${after}${suffix}`;
  const next = value.slice(0, from) + inserted + value.slice(to);
  const caretBase = from + prefix.length + marker.before.length;
  if (selected) {
    // Keep the wrapped text selected.
    return { value: next, selectionStart: caretBase, selectionEnd: caretBase + selected.length };
  }
  const caret = marker.block ? from + inserted.length : caretBase;
  return { value: next, selectionStart: caret, selectionEnd: caret };
}

export const SLIDE_MARKERS = {
  heading: { before: '## ', line: true },
  content: { before: '**Content:**', line: true, block: true },
  notes: { before: '**Speaker Notes:**', line: true, block: true },
  bullet: { before: '- ', line: true },
} as const satisfies Record<string, Marker>;

export const SCRIPT_MARKERS = {
  scene: { before: '[SCENE: ', after: ']', line: true },
  transition: { before: '[TRANSITION: ', after: ']', line: true },
  narrator: { before: 'NARRATOR: ', line: true },
} as const satisfies Record<string, Marker>;
