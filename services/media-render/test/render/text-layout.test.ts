import { textWidth } from '../../src/render/fonts.js';
import { baseDirection, ellipsize, fitText, unwrap, visualRuns, wrapText, type Measure } from '../../src/render/text-layout.js';

const measure: Measure = (text) => textWidth(text, 'Liberation Sans', 'regular', 11);
const measureAt =
  (size: number): Measure =>
  (text) =>
    textWidth(text, 'Liberation Sans', 'regular', size);

describe('wrapText', () => {
  it('should fill lines up to the width, breaking at spaces, and keep every word', () => {
    const text = 'Keep the load close to your body and your back straight when you lift it from the floor.';
    const lines = wrapText(text, 150, measure);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(150);
    // Each line is full: the next line's first word would not have fitted.
    for (let i = 0; i < lines.length - 1; i++) expect(measure(`${lines[i]} ${lines[i + 1]!.split(' ')[0]}`)).toBeGreaterThan(150);
    expect(lines.join(' ')).toBe(text);
  });

  it('should keep line breaks of the text and its empty lines', () => {
    expect(wrapText('First line\n\nThird line', 400, measure)).toEqual(['First line', '', 'Third line']);
  });

  it('should break CJK text between characters, never before closing punctuation', () => {
    const text = '请走楼梯，不要乘坐电梯。灭火器位于每个出口附近。';
    const lines = wrapText(text, 60, measure);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('')).toBe(text);
    for (const line of lines) {
      expect(measure(line)).toBeLessThanOrEqual(60);
      expect(line).not.toMatch(/^[，。]/);
    }
  });

  it('should cut a word longer than the line', () => {
    const lines = wrapText('x'.repeat(300), 100, measure);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.join('')).toBe('x'.repeat(300));
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(100);
  });
});

describe('ellipsize and fitText', () => {
  it('should shorten a text to the width with an ellipsis, at a space', () => {
    const short = ellipsize('Evacuation routes and assembly points for every floor of the building', 120, measure);
    expect(short.endsWith('…')).toBe(true);
    expect(measure(short)).toBeLessThanOrEqual(120);
    expect(short).toMatch(/^Evacuation routes/);
    expect(short).not.toMatch(/ …$/);
    expect(ellipsize('Short', 120, measure)).toBe('Short');
  });

  it('should pick the largest size at which the blocks fit', () => {
    const box = { width: 300, height: 100, maxSize: 40, minSize: 8, lineHeight: 1.2, blockGap: 0.5 };
    const fit = fitText([{ text: 'Fire safety training', indent: 0 }], box, measureAt);
    expect(fit.truncated).toBe(false);
    expect(fit.size).toBeGreaterThan(20);
    const bigger = fitText([{ text: 'Fire safety training', indent: 0 }], box, (size) => measureAt(size + 1));
    expect(bigger.size).toBeLessThanOrEqual(fit.size);
    const lines = fit.blocks.flat().length;
    expect(lines * fit.size * 1.2).toBeLessThanOrEqual(100);
  });

  it('should cut text that does not fit at the smallest size, ending with an ellipsis', () => {
    const items = Array.from({ length: 40 }, (_, i) => ({ text: `Point ${i + 1} of a crowded slide`, indent: 18 }));
    const box = { width: 300, height: 120, maxSize: 20, minSize: 10, lineHeight: 1.2, blockGap: 0.4 };
    const fit = fitText(items, box, measureAt);
    expect(fit.truncated).toBe(true);
    expect(fit.size).toBe(10);
    expect(fit.blocks.length).toBeLessThan(40);
    expect(fit.blocks.flat().pop()).toMatch(/…$/);
  });

  it('should put wrapped lines back together without spaces between CJK characters', () => {
    expect(unwrap(['Keep the load', 'close'])).toBe('Keep the load close');
    expect(unwrap(['灭火器位于', '每个出口'])).toBe('灭火器位于每个出口');
  });
});

describe('direction', () => {
  const texts = (line: string, base?: 'ltr' | 'rtl') => visualRuns(line, base).map((r) => r.text);

  it('should take the paragraph direction from the first strong character', () => {
    expect(baseDirection('שלום world')).toBe('rtl');
    expect(baseDirection('123 السلامة')).toBe('ltr');
    expect(baseDirection('... !')).toBe('ltr');
  });

  it('should reverse a right-to-left phrase inside left-to-right text, as whole words', () => {
    expect(texts('Mixed English then בטיחות אש then English')).toEqual([
      'Mixed',
      ' ',
      'English',
      ' ',
      'then',
      ' ',
      'אש',
      ' ',
      'בטיחות',
      ' ',
      'then',
      ' ',
      'English',
    ]);
  });

  it('should keep a left-to-right phrase in order inside right-to-left text and mirror brackets', () => {
    // Read from the right: the Hebrew word, then '(fire safety)' with its brackets the right way round.
    expect(texts('בטיחות (fire safety)', 'rtl')).toEqual(['(', 'fire', ' ', 'safety', ') ', 'בטיחות']);
  });

  it('should keep Arabic combining marks with their letter', () => {
    const runs = visualRuns('مَرْحَبًا');
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ direction: 'rtl', strong: true });
  });
});
