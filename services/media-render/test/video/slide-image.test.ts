// Slide images: checked by decoding the PNGs with ffmpeg (pixels) and by what the SVG holds.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { LAYOUTS, type Layout } from '@trainwright/templates';
import { RenderError } from '../../src/domain/types.js';
import { renderSlideFrames, renderSlideImages, renderSlidePng, renderSlideSvg, renderTitlePng, TITLE_CARD } from '../../src/video/slide-image.js';
import { decodeRgb, ffprobe, makeInput, pixelDifference, pngSize, sha256, slide, tempDir } from './helpers.js';

const SIZE = { width: 640, height: 360 };
const deck = [
  slide('Identify the hazards', ['Check the area for trip hazards', 'Wear the protective equipment', 'Report anything unsafe', 'Keep walkways clear', 'Know the first aid kit'], 'Notes.', [
    'Safety is everyone’s job.',
  ]),
];

let dir: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  dir = await tempDir('slides-');
});
afterAll(() => dir.remove());

/** Writes a PNG and decodes it with ffmpeg, so the pixels come from an independent decoder. */
async function pixels(png: Buffer, name: string): Promise<Buffer> {
  const path = join(dir.path, `${name}.png`);
  await writeFile(path, png);
  return decodeRgb(path);
}

function pixelAt(rgb: Buffer, width: number, x: number, y: number): [number, number, number] {
  const i = (y * width + x) * 3;
  return [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
}

const hexRgb = (hex: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

describe('slide images', () => {
  test('each of the 8 layouts renders a decodable PNG of the requested size, visibly different from the others', async () => {
    const images = new Map<Layout, Buffer>();
    for (const layout of LAYOUTS) {
      const png = renderSlidePng(makeInput(deck, { layout }), 0, SIZE);
      expect(pngSize(png)).toEqual(SIZE);
      const rgb = await pixels(png, `layout-${layout}`);
      expect(rgb.length).toBe(SIZE.width * SIZE.height * 3);
      images.set(layout, rgb);
    }
    expect(new Set([...images.values()].map(sha256)).size).toBe(LAYOUTS.length);
    // Not a pixel here and there: every pair differs over a real part of the picture.
    for (const a of LAYOUTS) {
      for (const b of LAYOUTS) {
        if (a < b) expect({ pair: `${a}/${b}`, diff: pixelDifference(images.get(a)!, images.get(b)!) > 0.03 }).toEqual({ pair: `${a}/${b}`, diff: true });
      }
    }
    const probe = await ffprobe(join(dir.path, 'layout-grid.png'));
    expect(probe.streams[0]).toMatchObject({ codec_name: 'png', width: 640, height: 360 });
  });

  test('the template colours are used: background and the primary top bar', async () => {
    const colors = { primary: '#7c3aed', secondary: '#ddd6fe', accent: '#059669', background: '#fef3c7', text: '#1f2937' };
    const input = makeInput(deck, { layout: 'title-content' });
    input.style.colors = colors;
    const rgb = await pixels(renderSlidePng(input, 0, SIZE), 'colours');
    const near = (a: number[], b: number[]) => a.every((v, i) => Math.abs(v - b[i]!) <= 3);
    expect(near(pixelAt(rgb, SIZE.width, 320, 2), hexRgb(colors.primary))).toBe(true);
    expect(near(pixelAt(rgb, SIZE.width, 630, 200), hexRgb(colors.background))).toBe(true);
  });

  test('the text comes from the slide model: title and points change the picture', async () => {
    const full = await pixels(renderSlidePng(makeInput(deck), 0, SIZE), 'full');
    const noPoints = await pixels(renderSlidePng(makeInput([slide('Identify the hazards')]), 0, SIZE), 'no-points');
    const otherTitle = await pixels(renderSlidePng(makeInput([{ ...deck[0]!, title: 'Something else entirely' }]), 0, SIZE), 'other-title');
    expect(pixelDifference(full, noPoints)).toBeGreaterThan(0.01);
    expect(pixelDifference(full, otherTitle)).toBeGreaterThan(0.002);
    const svg = renderSlideSvg(makeInput(deck), 0, SIZE);
    for (const text of ['Identify the hazards', 'Check the area for trip hazards', 'Safety is everyone’s job.', 'Acme Ltd · acme.example', '1 / 1']) expect(svg).toContain(text);
  });

  test('long content is wrapped and shrunk: more text gets a smaller font, and lines stay on the slide', () => {
    const bodySize = (svg: string) => Math.max(...[...svg.matchAll(/font-size="([\d.]+)"[^>]*>Point/g)].map((m) => Number(m[1])));
    const few = renderSlideSvg(makeInput([slide('T', ['Point one', 'Point two'])]), 0, SIZE);
    const many = renderSlideSvg(makeInput([slide('T', Array.from({ length: 12 }, (_, i) => `Point ${i} ${'with quite a lot of words in it '.repeat(3)}`))]), 0, SIZE);
    expect(bodySize(many)).toBeLessThan(bodySize(few));
    // Every text line starts inside the 1280-unit design width and no line is absurdly long.
    for (const m of many.matchAll(/<text x="([\d.]+)"[^>]*>([^<]*)<\/text>/g)) {
      expect(Number(m[1])).toBeLessThan(1280);
      expect(m[2]!.length).toBeLessThan(120);
    }
  });

  test('markup in any text is escaped: a <script> title renders literally and the SVG stays well-formed', async () => {
    const input = makeInput([slide('<script>alert("x")</script> & <b>bold</b>', ['a < b && c > d', "it's \"quoted\""])], {
      branding: { companyName: 'Acme & Sons <Ltd>', website: 'x.example/?a=1&b=2', logo: null },
    });
    input.title = '</svg><script>boom()</script>';
    for (const index of [TITLE_CARD, 0]) {
      const svg = renderSlideSvg(input, index, SIZE);
      expect(svg).not.toMatch(/<script|<b>|<\/svg>.+/s);
      expect(svg.match(/<svg/g)).toHaveLength(1);
      // resvg's XML parser is strict: a broken document would throw here.
      expect(new Resvg(svg).render().width).toBe(SIZE.width);
    }
    expect(renderSlideSvg(input, 0, SIZE)).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(renderSlideSvg(input, 0, SIZE)).toContain('Acme &amp; Sons &lt;Ltd&gt;');
  });

  test('the logo is embedded as a data URI and drawn; the title card shows the title and the logo', async () => {
    const logo = new Resvg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="80"><rect width="200" height="80" fill="#ff0000"/></svg>').render().asPng();
    const branded = makeInput(deck, { branding: { companyName: 'Acme', website: '', logo: { bytes: logo, mime: 'image/png', width: 200, height: 80 } } });
    const plain = makeInput(deck, { branding: { companyName: 'Acme', website: '', logo: null } });
    expect(renderSlideSvg(branded, 0, SIZE)).toContain(`href="data:image/png;base64,${logo.toString('base64')}"`);
    const red = (rgb: Buffer) => {
      let n = 0;
      for (let i = 0; i < rgb.length; i += 3) if (rgb[i]! > 230 && rgb[i + 1]! < 30 && rgb[i + 2]! < 30) n++;
      return n;
    };
    expect(red(await pixels(renderSlidePng(branded, 0, SIZE), 'logo'))).toBeGreaterThan(1000);
    expect(red(await pixels(renderSlidePng(plain, 0, SIZE), 'no-logo'))).toBe(0);
    expect(red(await pixels(renderTitlePng(branded, SIZE), 'title-logo'))).toBeGreaterThan(1000);

    const card = renderSlideSvg(branded, TITLE_CARD, SIZE);
    expect(card).toContain('Workplace Safety');
    expect(card).toContain('A short course on staying safe at work.');
    expect(card).toContain('January 15, 2025');
    // A logo that is not an image is left out rather than breaking the render.
    const broken = makeInput(deck, { branding: { companyName: 'Acme', website: '', logo: { bytes: Buffer.from('<html>'), mime: 'image/png', width: 10, height: 10 } } });
    expect(renderSlideSvg(broken, 0, SIZE)).not.toContain('data:image');
    expect(pngSize(renderSlidePng(broken, 0, SIZE))).toEqual(SIZE);
  });

  test('hostile content renders in every layout: a 2000-character title, emoji, Arabic, CJK, control characters', async () => {
    const title = `<script>x</script> ${'Very long title '.repeat(125)}`.slice(0, 2000);
    const points = ['مرحبا بكم في الدورة التدريبية للسلامة', '安全第一、作業前に危険を確認してください。', 'Emoji 😀🎉👩‍👩‍👧 test', 'x'.repeat(400), 'tab\there\u0000nul\u0007bell', 'עברית'];
    for (const layout of LAYOUTS) {
      const input = makeInput([slide(title, points, '', ['שלום עולם'])], { layout });
      input.title = title;
      const svg = renderSlideSvg(input, 0, SIZE);
      // The title is cut with an ellipsis, not drawn as dozens of lines off the slide.
      expect(svg).toContain('…');
      expect((svg.match(/<text/g) ?? []).length).toBeLessThan(60);
      expect(svg).not.toMatch(/[\u0000\u0007]/);
      const rgb = await pixels(renderSlidePng(input, 0, SIZE), `hostile-${layout}`);
      expect(rgb.length).toBe(SIZE.width * SIZE.height * 3);
      expect(pngSize(renderTitlePng(input, SIZE))).toEqual(SIZE);
    }
    // Right-to-left items are aligned to the right edge.
    expect(renderSlideSvg(makeInput([slide('T', ['مرحبا بكم'])]), 0, SIZE)).toMatch(/text-anchor="end"[^>]*>مرحبا بكم/);
  });

  test('CJK and Arabic are drawn with real glyphs (fallback fonts), not left blank', async () => {
    const empty = await pixels(renderSlidePng(makeInput([slide('')]), 0, SIZE), 'empty');
    for (const [name, text] of [['cjk', '安全第一作業前確認'], ['arabic', 'مرحبا بكم في الدورة']] as const) {
      const rgb = await pixels(renderSlidePng(makeInput([slide(text)]), 0, SIZE), name);
      expect(pixelDifference(rgb, empty)).toBeGreaterThan(0.005);
    }
  });

  test('200 slides (plus the title card) render to files', async () => {
    const slides = Array.from({ length: 200 }, (_, i) => slide(`Slide ${i + 1}`, [`Point ${i}`, 'Another point']));
    const out = join(dir.path, 'many');
    const seen: number[] = [];
    const paths = await renderSlideImages(makeInput(slides, { layout: 'grid' }), out, { width: 320, height: 180 }, (p) => void seen.push(p));
    expect(paths).toHaveLength(201);
    expect((await readdir(out)).length).toBe(201);
    for (const path of [paths[0]!, paths[100]!, paths[200]!]) expect(pngSize(await readFile(path))).toEqual({ width: 320, height: 180 });
    expect(seen[seen.length - 1]).toBe(100);
  }, 30000);

  test('raw frames: the same pixels as the PNG files, in video order, drawn ahead only as far as allowed', async () => {
    const input = makeInput([slide('One', ['First point']), slide('Two', ['Second point']), slide('Three', [], '', ['A paragraph.'])], { layout: 'split-image' });
    const pngs = await renderSlideImages(input, join(dir.path, 'frames-png'), SIZE);
    const drawn: number[] = [];
    const frames = renderSlideFrames(input, SIZE, (p) => void drawn.push(p), { beforeStart: 1, aheadBytes: 1 });
    expect(frames.count).toBe(4);
    // Until the encoder asks, one frame waits and no more are handed over (only time shows a
    // producer that does not run ahead).
    await new Promise((r) => setTimeout(r, 300));
    expect(drawn).toHaveLength(1);
    const got: Buffer[] = [];
    for await (const frame of frames) {
      got.push(frame);
      // A budget of one frame: drawing stays at most one frame ahead of the consumer.
      expect(drawn.length).toBeLessThanOrEqual(got.length + 1);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(got).toHaveLength(4);
    expect(drawn[drawn.length - 1]).toBe(100);
    for (const [n, frame] of got.entries()) {
      expect(frame.length).toBe(SIZE.width * SIZE.height * 4);
      // RGBA without the alpha (every pixel opaque) against ffmpeg's decoding of the PNG.
      const rgb = Buffer.alloc(SIZE.width * SIZE.height * 3);
      let transparent = 0;
      for (let i = 0, o = 0; i < frame.length; i += 4, o += 3) {
        if (frame[i + 3] !== 255) transparent++;
        frame.copy(rgb, o, i, i + 3);
      }
      expect(transparent).toBe(0);
      expect(rgb.equals(await decodeRgb(pngs[n]!))).toBe(true);
    }
  });

  test('raw frames: close() stops the drawing and ends the iteration', async () => {
    const drawn: number[] = [];
    const frames = renderSlideFrames(makeInput(deck), SIZE, (p) => void drawn.push(p), { beforeStart: 1, aheadBytes: 1 });
    const iterator = frames[Symbol.asyncIterator]();
    expect((await iterator.next()).done).toBe(false);
    frames.close();
    expect((await iterator.next()).done).toBe(true);
    // Only time shows that the drawing stopped.
    await new Promise((r) => setTimeout(r, 100));
    expect(drawn.length).toBeLessThanOrEqual(2);
    expect(() => renderSlideFrames(makeInput(deck), { width: 0, height: 360 })).toThrow(RenderError);
  });

  test('bad requests fail with a RenderError', () => {
    const input = makeInput(deck);
    expect(() => renderSlideSvg(input, 1, SIZE)).toThrow(RenderError);
    expect(() => renderSlideSvg(input, -2, SIZE)).toThrow(RenderError);
    expect(() => renderSlideSvg(input, 0, { width: 0, height: 360 })).toThrow(RenderError);
    expect(() => renderSlideSvg(input, 0, { width: 100000, height: 360 })).toThrow(RenderError);
  });
});
