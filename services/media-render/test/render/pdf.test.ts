// The PDF guide read by poppler (pdfinfo, pdftotext, pdffonts, pdfimages), and its embedded font
// programs parsed on their own by fontkit.
import fontkit from '@pdf-lib/fontkit';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { renderPdf } from '../../src/render/pdf.js';
import type { RenderInput } from '../../src/domain/types.js';
import { flat, pdfFonts, pdfImagePages, pdfInfo, pdfPages, pdfText, tempDir } from './consumers.js';
import { bareInput, branding, fireSafetyInput, HEBREW, HOSTILE_COMPANY, hostileInput, SCRIPT_TITLE, SECTION_TITLES } from './fixtures.js';

let dir: string;
const files: Record<string, string> = {};

async function write(name: string, input: RenderInput): Promise<string> {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, await renderPdf(input));
  files[name] = path;
  return path;
}

beforeAll(async () => {
  dir = await tempDir('pdf');
  await write('fire', fireSafetyInput());
  await write('hostile', hostileInput());
  await write('bare', bareInput());
  await write(
    'cited',
    fireSafetyInput({
      citations: [
        { slide_index: 2, document_title: 'Site fire policy', passage: 'The assembly point is car park B, behind the loading bay.' },
        { slide_index: 1, document_title: 'Extinguisher manual', passage: 'Pull the pin, aim at the base of the fire, squeeze the handle and sweep.' },
        { slide_index: 3, document_title: 'Site fire policy', passage: 'The assembly point is car park B, behind the loading bay.' },
      ],
    }),
  );
  await write('spanish', fireSafetyInput({ language: 'es' }));
  await write(
    'brokenLogo',
    fireSafetyInput({
      branding: branding({ logo: { bytes: Buffer.from('<html>not an image</html>'), mime: 'image/png', width: 10, height: 10 } }),
    }),
  );
}, 60_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe('PDF guide of the fire safety deck', () => {
  it('should carry the metadata pdfinfo shows', async () => {
    const info = await pdfInfo(files.fire!);
    expect(info).toMatchObject({ Title: 'Fire Safety Training', Author: 'Acme Safety Ltd', Creator: 'Trainwright' });
    expect(info.Subject).toMatch(/^How to prevent fires/);
    expect(info['Page size']).toContain('A4');
    expect(Number(info.Pages)).toBeGreaterThanOrEqual(5);
    expect(info.CreationDate).toContain('2025');
  });

  it('should show the cover, every section title and the text in Latin, Cyrillic and CJK', async () => {
    const text = flat(await pdfText(files.fire!));
    expect(text).toContain('Fire Safety Training');
    for (const [i, title] of SECTION_TITLES.entries()) expect(text).toContain(`${i + 1}. ${title}`);
    for (const phrase of [
      'Sécurité incendie',
      "Évacuez par l'escalier, jamais par l'ascenseur",
      'Пожарная безопасность',
      'Огнетушители расположены у каждого выхода',
      '消防安全',
      '灭火器位于每个出口附近',
      '提醒员工集合地点在停车场。',
    ])
      expect(text).toContain(phrase);
    expect(text).toContain('Acme Safety Ltd');
    expect(text).toContain('March 14, 2025');
  });

  it('should put the sections in deck order, with points, paragraphs and trainer notes', async () => {
    const text = flat(await pdfText(files.fire!));
    const body = text.slice(text.indexOf('Learning objectives'));
    const positions = SECTION_TITLES.map((title, i) => body.indexOf(`${i + 1}. ${title}`));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const triangle = body.slice(positions[4], positions[5]);
    expect(triangle).toMatch(/Heat .*Fuel .*Oxygen/);
    expect(triangle).toContain('Remove any one side of the triangle and the fire goes out.');
    expect(triangle).toContain('Trainer notes Draw the triangle on the whiteboard');
    expect(body).toContain('Learning objectives • Name the three sides of the fire triangle');
  });

  it('should list the contents with the page each section starts on', async () => {
    const pages = await pdfPages(files.fire!, { layout: true });
    const contents = pages[1]!;
    expect(contents).toContain('Contents');
    const entries = ['Overview', ...SECTION_TITLES.map((t, i) => `${i + 1}. ${t}`), 'Assessment', 'Answer key', 'Glossary'];
    for (const entry of entries) {
      const line = contents.split('\n').find((l) => l.trim().startsWith(entry));
      expect(line).toBeDefined();
      const page = Number(/(\d+)\s*$/.exec(line!)![1]);
      // The body page that starts with the heading (skipping the running header line).
      const found = pages.findIndex((p, i) => i > 1 && p.split('\n').some((l) => l.trim() === entry));
      expect({ entry, page }).toEqual({ entry, page: found + 1 });
    }
  });

  it('should list the library sources the slides cite, after the glossary, each passage once', async () => {
    const text = flat(await pdfText(files.cited!));
    const sources = text.lastIndexOf('Sources');
    expect(sources).toBeGreaterThan(text.lastIndexOf('Glossary'));
    expect(text.slice(sources)).toContain(
      'Extinguisher manual “Pull the pin, aim at the base of the fire, squeeze the handle and sweep.” Site fire policy “The assembly point is car park B, behind the loading bay.”',
    );
    expect(text.split('The assembly point is car park B, behind').length - 1).toBe(1);
    // The fire guide without citations has no such section.
    expect(flat(await pdfText(files.fire!))).not.toContain('Sources');
  });

  it('should end with the assessment, its answer key and the glossary', async () => {
    const text = flat(await pdfText(files.fire!));
    const assessment = text.lastIndexOf('Assessment');
    const key = text.lastIndexOf('Answer key');
    const glossary = text.lastIndexOf('Glossary');
    expect(assessment).toBeLessThan(key);
    expect(key).toBeLessThan(glossary);
    expect(text.slice(assessment, key)).toContain('1. Which of these is NOT part of the fire triangle? A. Heat B. Water C. Oxygen');
    const answers = text.slice(key, glossary);
    for (const answer of [
      '1. B – Water The triangle is heat, fuel and oxygen; water removes heat.',
      '2. A – Squeeze',
      '3. B – Car park B The assembly point is car park B.',
    ])
      expect(answers).toContain(answer);
    expect(text.slice(glossary)).toContain('Fire warden The colleague who checks that the team is out');
  });

  it('should number every page but the cover in the footer, with the branding', async () => {
    const pages = await pdfPages(files.fire!);
    expect(pages[0]).not.toMatch(/Page \d+ of/);
    for (let i = 1; i < pages.length; i++) {
      expect(pages[i]).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(pages[i]).toContain('Acme Safety Ltd · www.acme-safety.example');
    }
  });

  it('should show the logo on the cover and in the header of every page', async () => {
    const pages = (await pdfPages(files.fire!)).length;
    const withImages = new Set(await pdfImagePages(files.fire!));
    expect([...withImages].sort((a, b) => a - b)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
  });

  it('should embed every font as a subset, the CJK fallback only because the text needs it', async () => {
    const fonts = await pdfFonts(files.fire!);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatchObject({ embedded: true, subset: true });
    const names = fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    // The template (Employee Onboarding) uses Liberation Sans.
    expect(names).toEqual(expect.arrayContaining(['LiberationSans', 'LiberationSans-Bold', 'DroidSansFallback']));
    const bareFonts = (await pdfFonts(files.bare!)).map((f) => f.name);
    expect(bareFonts.some((n) => n.includes('DroidSans'))).toBe(false);
  });

  it('should embed font programs in which every glyph decodes (CJK subsets included)', async () => {
    const doc = await PDFDocument.load(await readFile(files.fire!));
    const programs = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((o): o is PDFDict => o instanceof PDFDict && o.has(PDFName.of('FontFile2')))
      .map((descriptor) => doc.context.lookup(descriptor.get(PDFName.of('FontFile2'))) as PDFRawStream);
    expect(programs.length).toBe((await pdfFonts(files.fire!)).length);
    for (const program of programs) {
      const font = fontkit.create(Buffer.from(decodePDFRawStream(program).decode()));
      let drawn = 0;
      for (let id = 0; id < font.numGlyphs; id++) if (font.getGlyph(id).path.toSVG() !== '') drawn++;
      // Every glyph but the space has an outline.
      expect(drawn).toBeGreaterThanOrEqual(font.numGlyphs - 1);
    }
  });

  it('should be the same file for the same content', async () => {
    const again = await renderPdf(fireSafetyInput());
    expect(again.equals(await readFile(files.fire!))).toBe(true);
  });
});

describe('PDF guide of hostile content', () => {
  it('should render 200 slides with a 2000-character title, literally and fully', async () => {
    const info = await pdfInfo(files.hostile!);
    expect(info.Title).toBe(hostileInput().title);
    const pages = Number(info.Pages);
    expect(pages).toBeGreaterThan(100);
    const text = flat(await pdfText(files.hostile!));
    expect(text).toContain(SCRIPT_TITLE);
    expect(text).toContain('200. Topic 200: handling load 200');
    expect(text).toContain('2. Slide 2');
    expect(text).toContain('Tab here');
    expect(text).toContain('&amp; &lt; &#x41;');
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain(`${HOSTILE_COMPANY} · https://example.com/?a=1&b=<2>`);
    expect(info.Author).toBe(HOSTILE_COMPANY);
  });

  it('should draw right-to-left text with Arabic and Hebrew faces', async () => {
    const fonts = (await pdfFonts(files.hostile!)).map((f) => f.name);
    expect(fonts.some((n) => n.includes('NotoSansArabic'))).toBe(true);
    const text = await pdfText(files.hostile!);
    // pdftotext returns right-to-left words in reading order; Hebrew has no joining forms to get in the way.
    expect(text).toContain(HEBREW.split(' ')[0]);
    expect(text).toMatch(/[\u0600-\u06ff]{3,}/);
  });

  it('should render content without branding, logo, questions or glossary', async () => {
    const info = await pdfInfo(files.bare!);
    expect(info.Author).toBeUndefined();
    expect(info.Title).toBe('Bare deck');
    const text = flat(await pdfText(files.bare!));
    expect(text).toContain('1. Slide 1');
    expect(text).toContain('2. Only a title');
    expect(text).not.toContain('Acme');
    expect(text).not.toContain('Answer key');
    // Without a logo the only pictures are the sections' visuals (both sections are on page 3).
    expect([...new Set(await pdfImagePages(files.bare!))]).toEqual([3]);
  });

  it('should leave out a logo whose bytes are not an image and still render', async () => {
    const text = flat(await pdfText(files.brokenLogo!));
    expect(text).toContain('Acme Safety Ltd');
    // No logo in the headers: the cover and the contents page have no picture (sections have their visuals).
    const images = new Set(await pdfImagePages(files.brokenLogo!));
    expect([images.has(1), images.has(2)]).toEqual([false, false]);
  });

  it('should write its labels in the content language', async () => {
    const text = flat(await pdfText(files.spanish!));
    for (const label of ['Contenido', 'Notas del formador', 'Evaluación', 'Respuestas', 'Glosario', 'Página 2 de'])
      expect(text).toContain(label);
    expect(text).toContain('14 de marzo de 2025');
  });
});
