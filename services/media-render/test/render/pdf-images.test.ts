// A kept visual's streams in the PDF guide (pdf-images.ts) against pdf-lib's own embedPng of the
// same PNG: poppler draws both pages with the same pixels, and lists the colour image with its soft mask.
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, rgb } from 'pdf-lib';
import { embedKeptPng } from '../../src/render/pdf-images.js';
import { visualPng } from '../../src/render/visuals.js';
import { tempDir } from './consumers.js';

const run = promisify(execFile);
const COLORS = { primary: '#1e3a5f', secondary: '#4a7ab0', accent: '#f59e0b', background: '#ffffff', ink: '#1f2937', onPrimary: '#ffffff' };
const CHART = { kind: 'chart' as const, chart: { kind: 'doughnut' as const, labels: ['Slips', 'Falls', 'Lifting'], values: [45, 30, 25], unit: '%' } };

let dir: string;
beforeAll(async () => {
  dir = await tempDir('pdf-images');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A one-page PDF with the image drawn over a grey page (so its transparency shows). */
async function pageWith(embed: (doc: PDFDocument) => ReturnType<PDFDocument['embedPng']>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([400, 300]);
  page.drawRectangle({ x: 0, y: 0, width: 400, height: 300, color: rgb(0.8, 0.8, 0.8) });
  const image = await embed(doc);
  page.drawImage(image, { x: 20, y: 20, width: 360, height: 260 });
  return doc.save();
}

async function pixels(name: string, pdf: Uint8Array): Promise<Buffer> {
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, pdf);
  await run('pdftoppm', ['-r', '72', '-singlefile', path, join(dir, name)]);
  return readFile(join(dir, `${name}.ppm`));
}

describe('a kept visual in the PDF guide', () => {
  it('should draw exactly as pdf-lib embeds the same PNG, with its transparency, in every document', async () => {
    const png = visualPng(CHART, 'modern', COLORS, 'Noto Sans', 360, 260, 2);
    const ours = await pixels('kept', await pageWith((doc) => embedKeptPng(doc, png)));
    const again = await pixels('kept-again', await pageWith((doc) => embedKeptPng(doc, png)));
    const pdfLib = await pixels('pdf-lib', await pageWith((doc) => doc.embedPng(png)));
    expect(ours.equals(pdfLib)).toBe(true);
    expect(again.equals(pdfLib)).toBe(true);
    // The page is not all one colour: the chart is there.
    expect(new Set(ours.subarray(ours.length - 400 * 300 * 3).toString('hex').match(/.{6}/g)).size).toBeGreaterThan(10);

    const { stdout } = await run('pdfimages', ['-list', join(dir, 'kept.pdf')]);
    const rows = stdout.trim().split('\n').slice(2).map((line) => line.trim().split(/\s+/));
    // page, num, type, width, height, color: the picture and its soft mask at the PNG's size.
    expect(rows.map((r) => [r[2], r[3], r[4], r[5]])).toEqual([
      ['image', '720', '520', 'rgb'],
      ['smask', '720', '520', 'gray'],
    ]);
  });
});
