import { countCharacters, countWords, textStats } from '../src/index.js';

describe('textStats', () => {
  it('should count nothing in empty text', () => {
    expect(textStats('')).toEqual({ words: 0, characters: 0, lines: 0 });
  });

  it('should count words, characters and lines of plain text', () => {
    expect(textStats('Hello world')).toEqual({ words: 2, characters: 11, lines: 1 });
    expect(textStats('one two\nthree\n\nfour')).toEqual({ words: 4, characters: 16, lines: 4 });
  });

  it('should count lines as an editor numbers them, whatever the line ending', () => {
    expect(textStats('a\n').lines).toBe(2);
    expect(textStats('\n').lines).toBe(2);
    expect(textStats('a\r\nb\rc')).toEqual({ words: 3, characters: 3, lines: 3 });
  });

  it('should count an emoji with joiners or a flag as one character and no word', () => {
    expect(textStats('👨‍👩‍👧')).toEqual({ words: 0, characters: 1, lines: 1 });
    expect(textStats('🇫🇷 👍🏽')).toEqual({ words: 0, characters: 3, lines: 1 });
    expect(textStats('I ❤️ my 👨‍👩‍👧').words).toBe(2);
  });

  it('should count each CJK character as a word, and Hangul by spaces', () => {
    expect(countWords('你好世界')).toBe(4);
    expect(countWords('日本語のテキスト')).toBe(8);
    expect(countWords('コーヒー')).toBe(4);
    expect(countWords('Hello世界abc')).toBe(4);
    expect(countWords('你好，世界。')).toBe(4);
    expect(countWords('안녕하세요 세계')).toBe(2);
  });

  it('should count accented letters the same whether composed or not', () => {
    const composed = 'café naïve';
    const decomposed = 'cafe\u0301 nai\u0308ve';
    expect(textStats(composed)).toEqual({ words: 2, characters: 10, lines: 1 });
    expect(textStats(decomposed)).toEqual({ words: 2, characters: 10, lines: 1 });
  });

  it('should count words of any script and ignore punctuation alone', () => {
    expect(countWords("don't state-of-the-art 3.14 e-mail")).toBe(4);
    expect(countWords('— ... ! - *')).toBe(0);
    expect(countWords('שלום עולם مرحبا بالعالم Привет мир')).toBe(6);
    expect(countWords('  spaced\tout\u00a0words  ')).toBe(3);
  });

  it('should fall back to code points without a segmenter', () => {
    expect(countCharacters('👨‍👩‍👧', { useSegmenter: false })).toBe(5);
    expect(countCharacters('e\u0301', { useSegmenter: false })).toBe(2);
    expect(countCharacters('😀\n', { useSegmenter: false })).toBe(1);
  });
});
