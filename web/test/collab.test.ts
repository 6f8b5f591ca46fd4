// Co-editing's pure rules (lib/collab.ts): a textarea change as one Yjs change that merges with a
// concurrent one, the caret's line, who else is present and their colors.
import { describe, expect, it } from '@jest/globals';
import * as Y from 'yjs';
import { applyTextChange, colorOf, lineOf, peersOf } from '../app/lib/collab.js';

describe('a textarea change as a Yjs change', () => {
  it('should change only what differs, so two people typing at once both keep their text', () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    a.getText('content').insert(0, 'Check the feet.\nCheck the rungs.');
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const ta = a.getText('content');
    const tb = b.getText('content');
    applyTextChange(ta, ta.toString(), 'Always check the feet.\nCheck the rungs.');
    applyTextChange(tb, tb.toString(), 'Check the feet.\nCheck the rungs twice.');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(ta.toString()).toBe('Always check the feet.\nCheck the rungs twice.');
    expect(tb.toString()).toBe(ta.toString());
  });

  it('should replace a selection and delete a range as one change each', () => {
    const doc = new Y.Doc();
    const text = doc.getText('content');
    text.insert(0, 'one two three');
    let changes = 0;
    doc.on('update', () => changes++);
    applyTextChange(text, text.toString(), 'one 2 three');
    applyTextChange(text, text.toString(), 'one three');
    applyTextChange(text, text.toString(), 'one three');
    expect(text.toString()).toBe('one three');
    expect(changes).toBe(2);
  });
});

describe('presence', () => {
  it('should list the others with their line, not oneself, and give a person one color', () => {
    const states = new Map<number, Record<string, unknown>>([
      [1, { user: { name: 'Me', color: '#000', line: 1 } }],
      [7, { user: { name: 'Zoe', color: '#4f46e5', line: 3 } }],
      [5, { user: { name: 'Ana', color: '#059669', line: null } }],
      [9, {}],
    ]);
    expect(peersOf(states, 1)).toEqual([
      { clientId: 5, name: 'Ana', color: '#059669', line: null },
      { clientId: 7, name: 'Zoe', color: '#4f46e5', line: 3 },
    ]);
    expect(lineOf('a\nb\nc', 4)).toBe(3);
    expect(lineOf('abc', 0)).toBe(1);
    expect(colorOf('user-1')).toBe(colorOf('user-1'));
    expect(colorOf('user-1')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
