// One slide numbering for the preview, every slide footer and the PowerPoint (issue 23 point 13):
// the cover (title card, or a first slide that only repeats the title) is not numbered; the
// slides after it are 1 to total.
import { slideNumbering, slideNumberLabel, type SlideDeck } from '../src/index.js';

const slide = (title: string, points: string[] = []) => ({ title, points, paragraphs: [], notes: '' });

describe('slideNumbering', () => {
  it('should number the slides after the cover from 1, whether or not the deck has a title slide', () => {
    const plain: SlideDeck = { title: 'Forklift Safety', slides: [slide('Hazards', ['x']), slide('Checks', ['y']), slide('Summary', ['z'])] };
    expect(slideNumbering(plain)).toEqual({ first: 0, total: 3, numbers: [1, 2, 3] });
    const withTitle: SlideDeck = { ...plain, slides: [slide('Forklift Safety'), ...plain.slides] };
    expect(slideNumbering(withTitle)).toEqual({ first: 1, total: 3, numbers: [null, 1, 2, 3] });
    expect(slideNumbering({ title: '', slides: [slide('Forklift safety')] }, { title: 'Forklift Safety' })).toEqual({ first: 1, total: 0, numbers: [null] });
  });

  it('should write the number one way', () => {
    expect(slideNumberLabel(2, 10)).toBe('2 / 10');
  });
});
