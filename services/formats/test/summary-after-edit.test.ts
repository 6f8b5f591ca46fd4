// The summary that the documents' overview prints follows a hand edit of the summary slide
// (issue 23 point 8); an edit elsewhere keeps the generator's paragraph.
import { parseSlideText, summaryAfterEdit } from '../src/index.js';

const deck = (summary: string[], title = 'Summary') =>
  parseSlideText(['# Forklift safety', '', '## Before you drive', '- Check the forks', '', `## ${title}`, ...summary.map((p) => `- ${p}`), ''].join('\n'));

const STORED = 'Check the forks, tyres and mast before every shift. Keep the load low while you travel.';

describe('summaryAfterEdit', () => {
  it('keeps the stored paragraph while the summary slide keeps its points', () => {
    const before = deck(['Check the forks before a shift', 'Keep the load low']);
    const after = parseSlideText(printed(before).replace('Check the forks\n', 'Check the forks and the mast\n'));
    expect(summaryAfterEdit(before, after, STORED)).toBe(STORED);
  });

  it("is the edited summary slide's points, as sentences, once they change", () => {
    const before = deck(['Check the forks before a shift', 'Keep the load low']);
    const after = deck(['Check the forks before a shift', 'Never carry a passenger!']);
    expect(summaryAfterEdit(before, after, STORED)).toBe('Check the forks before a shift. Never carry a passenger!');
  });

  it("reads the friendly title and the product's other languages too", () => {
    expect(summaryAfterEdit(deck(['A'], 'Key takeaways'), deck(['B'], 'Key takeaways'), STORED)).toBe('B.');
    expect(summaryAfterEdit(deck(['A'], 'Resumen'), deck(['Nunca lleve pasajeros'], 'Resumen'), STORED)).toBe('Nunca lleve pasajeros.');
  });

  it('keeps the stored paragraph when the summary slide is gone or empty', () => {
    expect(summaryAfterEdit(deck(['A']), deck([], 'Hazards'), STORED)).toBe(STORED);
    expect(summaryAfterEdit(deck(['A']), deck([]), STORED)).toBe(STORED);
  });
});

function printed(d: ReturnType<typeof parseSlideText>): string {
  return ['# ' + d.title, '', ...d.slides.flatMap((s) => [`## ${s.title}`, ...s.points.map((p) => `- ${p}`), ''])].join('\n');
}
