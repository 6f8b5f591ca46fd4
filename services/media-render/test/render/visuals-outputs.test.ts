// Every content slide carries its visual in every output (issue 13): a picture or a native chart
// in the PowerPoint slide XML, an image on the PDF guide's page (pdfimages), a nested drawing in
// the video frame's SVG. A slide dense with text has none, a slide of numbers has a chart, and the
// image style changes what is drawn.
import { writeFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import JSZip from 'jszip';
import { renderDocx } from '../../src/render/docx.js';
import { renderPdf } from '../../src/render/pdf.js';
import { renderPptx } from '../../src/render/pptx.js';
import { renderSlideSvg } from '../../src/video/slide-image.js';
import { convertWithLibreOffice, pdfImagePages, pdfPages, tempDir } from './consumers.js';
import { forkliftInput, styleOf } from './fixtures.js';

const SIZE = { width: 1280, height: 720 };
/** Forklift deck: 1 inspect (icon), 2 speed limits (chart), 3-5 icons, 6 reporting (dense). */
const CHART_SLIDE = 1;
const DENSE_SLIDE = 5;

async function slideXml(pptx: Buffer): Promise<{ slides: string[]; rels: string[]; files: string[] }> {
  const zip = await JSZip.loadAsync(pptx);
  const files = Object.keys(zip.files);
  const count = files.filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f)).length;
  const read = (f: string) => zip.file(f)?.async('string') ?? Promise.resolve('');
  const slides = await Promise.all(Array.from({ length: count }, (_, i) => read(`ppt/slides/slide${i + 1}.xml`)));
  const rels = await Promise.all(Array.from({ length: count }, (_, i) => read(`ppt/slides/_rels/slide${i + 1}.xml.rels`)));
  return { slides, rels, files };
}

describe('slide visuals in every output', () => {
  let dir: string;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('should put a picture or a chart on every content slide of the PowerPoint deck, none on a dense one', async () => {
    for (const layout of ['title-content', 'split-image', 'grid', 'sidebar'] as const) {
      const { slides, rels, files } = await slideXml(await renderPptx(forkliftInput({ style: styleOf(layout), branding: null })));
      // The title slide, then one per section: no repeated title slide.
      expect(slides).toHaveLength(7);
      const content = slides.slice(1);
      content.forEach((xml, i) => {
        const hasPicture = xml.includes('<p:pic>');
        const hasChart = rels[i + 1]!.includes('relationships/chart');
        if (i === DENSE_SLIDE) expect([layout, i, hasPicture || hasChart]).toEqual([layout, i, false]);
        else if (i === CHART_SLIDE) expect([layout, i, hasChart]).toEqual([layout, i, true]);
        else expect([layout, i, hasPicture]).toEqual([layout, i, true]);
      });
      expect(files.some((f) => /^ppt\/charts\/chart\d+\.xml$/.test(f))).toBe(true);
    }
  });

  it('should put the real pictures in the deck, and LibreOffice should draw them', async () => {
    const deck = await renderPptx(forkliftInput({ style: styleOf('split-image'), branding: null }));
    const zip = await JSZip.loadAsync(deck);
    const media = Object.keys(zip.files).filter((f) => /^ppt\/media\/.+\.png$/.test(f));
    expect(media.length).toBe(4);
    for (const name of media) {
      const png = await zip.file(name)!.async('nodebuffer');
      // The PNG's own header (IHDR): the icon as drawn at twice its 240 px, not a stand-in pixel.
      expect([name, png.subarray(1, 4).toString('latin1'), png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([name, 'PNG', 480, 480]);
    }
    dir ??= await tempDir('visuals');
    const file = join(dir, 'deck.pptx');
    await writeFile(file, deck);
    const pdf = (await convertWithLibreOffice([file], dir)).get(file)!;
    // Four icon slides (the chart is drawn as vector graphics, the dense slide has none).
    expect(new Set(await pdfImagePages(pdf)).size).toBe(4);
  });

  it('should give the dense slide the full width in the split-image layout (no picture half)', async () => {
    const { slides } = await slideXml(await renderPptx(forkliftInput({ style: styleOf('split-image'), branding: null })));
    // Decoration is drawn as shapes; the dense slide has only its text and the title rule.
    const shapes = (xml: string) => (xml.match(/<p:sp>/g) ?? []).length;
    expect(shapes(slides[1 + DENSE_SLIDE]!)).toBeLessThan(shapes(slides[1]!));
    expect(slides[1 + DENSE_SLIDE]).not.toContain('<p:pic>');
  });

  it('should draw the visuals on the PDF guide pages of their sections', async () => {
    dir = await tempDir('visuals');
    const file = join(dir, 'guide.pdf');
    await writeFile(file, await renderPdf(forkliftInput({ branding: null })));
    const pages = await pdfPages(file);
    const withImages = new Set(await pdfImagePages(file));
    // The last page naming the section is its own (the contents page names it first).
    const pageOf = (title: string) => pages.findLastIndex((p) => p.includes(title)) + 1;
    for (const title of ['1. Inspect the forklift', '3. Handling loads', '4. Pedestrians', '5. Parking the truck']) expect([title, withImages.has(pageOf(title))]).toEqual([title, true]);
    // Four icons and one chart, each listed with its alpha mask; the dense section has none.
    expect((await pdfImagePages(file)).length).toBe(10);
  });

  it('should put the same visuals into the Word manual (LibreOffice converts it to pdf)', async () => {
    dir ??= await tempDir('visuals');
    const file = join(dir, 'manual.docx');
    const manual = await renderDocx(forkliftInput({ branding: null }));
    await writeFile(file, manual);
    // The pictures as drawn (icons at 240 px, the chart larger), not the stand-in pixels docx was given.
    const zip = await JSZip.loadAsync(manual);
    const media = Object.keys(zip.files).filter((f) => /^word\/media\/.+\.png$/.test(f));
    expect(media.length).toBe(5);
    for (const name of media) {
      const png = await zip.file(name)!.async('nodebuffer');
      expect([name, png.subarray(1, 4).toString('latin1'), png.readUInt32BE(16) >= 240]).toEqual([name, 'PNG', true]);
    }
    const pdf = (await convertWithLibreOffice([file], dir)).get(file)!;
    const pages = await pdfPages(pdf);
    const withImages = await pdfImagePages(pdf);
    const pageOf = (title: string) => pages.findLastIndex((p) => p.includes(title)) + 1;
    for (const title of ['Inspect the forklift', 'Handling loads', 'Pedestrians', 'Parking the truck', 'Speed limits']) {
      expect([title, withImages.includes(pageOf(title))]).toEqual([title, true]);
    }
    // Four icons and one chart (LibreOffice lists each with its alpha mask): none for the dense section.
    expect(withImages.length).toBe(10);
  }, 180_000);

  it('should draw the visual into the video frame: an icon, a chart with its values, nothing on a dense slide', () => {
    const input = forkliftInput();
    expect(renderSlideSvg(input, 0, SIZE)).toContain('class="slide-visual"');
    const chart = renderSlideSvg(input, CHART_SLIDE, SIZE);
    expect(chart).toContain('12 km/h');
    expect(chart).toContain('Loading bays and doorways');
    expect(renderSlideSvg(input, DENSE_SLIDE, SIZE)).not.toContain('slide-visual');
  });

  it('should look different for every image style and every font style', async () => {
    const styles = ['professional', 'modern', 'classic', 'creative', 'animated', 'abstract', 'realistic'];
    const frames = styles.map((imageStyle) => renderSlideSvg(forkliftInput({ style: { ...styleOf('title-content'), imageStyle } }), 0, SIZE));
    expect(new Set(frames).size).toBe(styles.length);
    const pictures = await Promise.all(
      styles.map(async (imageStyle) => {
        const zip = await JSZip.loadAsync(await renderPptx(forkliftInput({ style: { ...styleOf('title-content'), imageStyle }, branding: null })));
        const media = Object.keys(zip.files).filter((f) => /^ppt\/media\/.+\.png$/.test(f)).sort();
        return zip.file(media[0]!)!.async('base64');
      }),
    );
    expect(new Set(pictures).size).toBe(styles.length);

    const fonts = ['modern', 'classic', 'professional', 'creative', 'minimal'];
    const titles = fonts.map((fontStyle) => {
      const svg = renderSlideSvg(forkliftInput({ style: { ...styleOf('title-content'), fontStyle } }), 0, SIZE);
      return /<text[^>]*>Inspect the forklift/.exec(svg)?.[0] ?? '';
    });
    expect(new Set(titles).size).toBe(fonts.length);
  });
});
