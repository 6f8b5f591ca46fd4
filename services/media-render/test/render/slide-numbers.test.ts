// One slide numbering (issue 23 point 13, formats' slideNumbering): the PowerPoint's slides and
// the video's and preview's slide images write the same 'n / total' for the same slide, the cover
// not counted, also when the deck opens with a title slide the cover stands for.
import JSZip from 'jszip';
import { renderPptx } from '../../src/render/pptx.js';
import { renderSlideSvg } from '../../src/video/slide-image.js';
import { makeInput, slide } from '../video/helpers.js';

const DECKS = {
  'a deck without a title slide': [slide('Hazards', ['Spot hazards']), slide('Checks', ['Check the forks']), slide('Report', ['Tell your supervisor'])],
  'a deck opening with a title slide': [slide('Workplace Safety'), slide('Hazards', ['Spot hazards']), slide('Checks', ['Check the forks']), slide('Report', ['Tell your supervisor'])],
};

/** The texts of each slide of a pptx in order (<a:t> runs and fields), as PowerPoint shows them. */
async function pptxSlides(pptx: Buffer): Promise<string[]> {
  const zip = await JSZip.loadAsync(pptx);
  const names = Object.keys(zip.files).filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n));
  names.sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  return Promise.all(names.map((n) => zip.file(n)!.async('string')));
}

describe('slide numbers', () => {
  it.each(Object.entries(DECKS))('should be the same in the PowerPoint and the slide images for %s', async (_name, slides) => {
    const input = makeInput(slides);
    const xml = await pptxSlides(await renderPptx(input));
    expect(xml).toHaveLength(4); // the cover and three slides
    // No slide-number field: PowerPoint would count the cover.
    for (const x of xml) expect(x).not.toContain('type="slidenum"');
    expect(xml[0]).not.toMatch(/\d \/ 3/);
    for (const n of [1, 2, 3]) {
      expect(xml[n]).toContain(`<a:t>${n} / 3</a:t>`);
      expect(renderSlideSvg(input, n - 1, { width: 1280, height: 720 })).toContain(`${n} / 3`);
    }
  });
});
