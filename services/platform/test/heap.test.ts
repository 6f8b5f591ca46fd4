import { roomyHeap, roomyHeapWanted } from '../src/heap.js';

describe('roomyHeap', () => {
  it('applies by default and with ROOMY_HEAP=true', () => {
    expect(roomyHeapWanted({}, [])).toBe(true);
    expect(roomyHeapWanted({ ROOMY_HEAP: 'true' }, ['--enable-source-maps'])).toBe(true);
  });

  it('keeps V8 default with ROOMY_HEAP=false (a memory-tight deployment)', () => {
    expect(roomyHeapWanted({ ROOMY_HEAP: 'false' }, [])).toBe(false);
    // Nothing is set in this process.
    expect(roomyHeap({ ROOMY_HEAP: 'false' })).toBe(false);
  });

  it("leaves the operator's own --heap-growing-percent in force", () => {
    expect(roomyHeapWanted({}, ['--heap-growing-percent=150'])).toBe(false);
    expect(roomyHeapWanted({}, ['--heap-growing-percent', '150'])).toBe(false);
    expect(roomyHeapWanted({}, ['--heap_growing_percent=150'])).toBe(false);
    expect(roomyHeapWanted({}, ['--max-old-space-size=512'])).toBe(true);
  });

  it('refuses any other value of ROOMY_HEAP', () => {
    expect(() => roomyHeapWanted({ ROOMY_HEAP: 'no' }, [])).toThrow('ROOMY_HEAP must be true or false, not "no"');
    expect(() => roomyHeap({ ROOMY_HEAP: '0' })).toThrow('ROOMY_HEAP must be true or false');
  });
});
