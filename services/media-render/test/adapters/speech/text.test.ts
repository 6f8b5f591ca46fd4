// Text preparation: control characters out, long texts cut at natural boundaries within a limit.
import { cleanSpeechText, splitForSpeech } from '../../../src/adapters/speech/text.js';

describe('cleanSpeechText', () => {
  it('removes control and invisible format characters and keeps the words', () => {
    expect(cleanSpeechText('Hello\u0007 there\u0000,\r\nfriend\u200B!\u202E\u001B[31m')).toBe('Hello there ,\nfriend ! [31m');
    expect(cleanSpeechText('\t  a  \n\n\n\n b  ')).toBe('a\n\nb');
    expect(cleanSpeechText('\u0000\u0001 ')).toBe('');
  });

  it('keeps non-Latin text and emoji intact', () => {
    expect(cleanSpeechText('Привет, мир. 日本語のテキスト 🚒')).toBe('Привет, мир. 日本語のテキスト 🚒');
  });
});

describe('splitForSpeech', () => {
  const sentence = (i: number): string => `Sentence number ${i} explains one safety rule in plain words.`;

  it('returns short texts whole', () => {
    expect(splitForSpeech('One short text.', 4096)).toEqual(['One short text.']);
  });

  it('cuts at sentence ends within the limit and loses no words', () => {
    const text = Array.from({ length: 200 }, (_, i) => sentence(i)).join(' ');
    const pieces = splitForSpeech(text, 1000);
    expect(pieces.length).toBeGreaterThan(text.length / 1000);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(1000);
      expect(p).toMatch(/\.$/); // every piece ends at a sentence end
    }
    expect(pieces.join(' ')).toBe(text);
  });

  it('prefers paragraph breaks, and falls back to spaces and then hard cuts', () => {
    const para = `${'a'.repeat(300)}.\n\n${'b'.repeat(300)}.`;
    expect(splitForSpeech(para, 500)).toEqual([`${'a'.repeat(300)}.`, `${'b'.repeat(300)}.`]);
    const words = Array.from({ length: 100 }, () => 'word').join(' ');
    expect(splitForSpeech(words, 52).every((p) => p.length <= 52 && !p.startsWith(' ') && /^(word ?)+$/.test(p))).toBe(true);
    const blob = 'x'.repeat(250);
    expect(splitForSpeech(blob, 100)).toEqual(['x'.repeat(100), 'x'.repeat(100), 'x'.repeat(50)]);
  });

  it('never splits a surrogate pair', () => {
    const text = '🚒'.repeat(60); // 120 UTF-16 units
    const pieces = splitForSpeech(text, 51);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(51);
    expect(pieces.join('')).toBe(text);
    expect(pieces.every((p) => !/[\uD800-\uDBFF]$/.test(p))).toBe(true);
  });
});
