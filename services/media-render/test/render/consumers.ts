// The real consumers the document tests read our files with: LibreOffice (headless, with a
// profile of its own so it never touches or waits on a user's) and poppler's pdftotext, pdfinfo
// and pdffonts.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MAX_BUFFER = 64 * 1024 * 1024;

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `trainwright-${prefix}-`));
}

/**
 * Converts office files to PDF in one LibreOffice run (it starts once, which is most of its time)
 * and returns the PDF path of each input. Fails when LibreOffice reports an error or leaves a file
 * unconverted.
 */
export async function convertToPdf(files: string[], outDir: string): Promise<Map<string, string>> {
  const profile = await tempDir('lo-profile');
  try {
    await run('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', outDir, ...files], {
      timeout: 180_000,
      maxBuffer: MAX_BUFFER,
    });
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
  const produced = new Set(await readdir(outDir));
  const result = new Map<string, string>();
  for (const file of files) {
    const pdf = `${basename(file).replace(/\.[^.]+$/, '')}.pdf`;
    if (!produced.has(pdf)) throw new Error(`LibreOffice did not convert ${basename(file)}`);
    result.set(file, join(outDir, pdf));
  }
  return result;
}

export async function pdfText(file: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: MAX_BUFFER });
  return stdout;
}

/** The text of each page (pdftotext ends every page with a form feed). */
export async function pdfPages(file: string): Promise<string[]> {
  const pages = (await pdfText(file)).split('\f');
  return pages.slice(0, -1);
}

export async function pdfInfo(file: string): Promise<Record<string, string>> {
  const { stdout } = await run('pdfinfo', ['-enc', 'UTF-8', file], { maxBuffer: MAX_BUFFER });
  const info: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) info[m[1]!.trim()] = m[2]!;
  }
  return info;
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
}

export async function pdfFonts(file: string): Promise<PdfFont[]> {
  const { stdout } = await run('pdffonts', [file], { maxBuffer: MAX_BUFFER });
  // Columns: name, type (may hold spaces), encoding, emb, sub, uni, object number, generation.
  return stdout
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const cells = line.trim().split(/\s+/);
      const [emb, sub] = cells.slice(-5, -3);
      return { name: cells[0]!, type: cells.slice(1, -6).join(' '), embedded: emb === 'yes', subset: sub === 'yes' };
    });
}

/** Collapses whitespace so text wrapped over lines still matches. */
export function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}
