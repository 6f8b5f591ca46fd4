// The real consumers the document tests read our files with: LibreOffice (headless, with a
// profile of its own so it never touches or waits on a user's) and poppler's pdftotext, pdfinfo
// and pdffonts.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const MAX_BUFFER = 64 * 1024 * 1024;

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `trainwright-${prefix}-`));
}

/**
 * Converts office files in one LibreOffice run (it starts once, which is most of its time) and
 * returns the path of each converted file. Fails when LibreOffice reports an error or leaves a
 * file unconverted. 'fodp' is a presentation as flat OpenDocument XML, which holds the notes.
 */
export async function convertWithLibreOffice(
  files: string[],
  outDir: string,
  format: 'pdf' | 'fodp' = 'pdf',
): Promise<Map<string, string>> {
  const names = files.map((f) => basename(f).replace(/\.[^.]+$/, ''));
  if (new Set(names).size !== names.length) throw new Error(`Files converted together need distinct names: each becomes <name>.${format}`);
  // LibreOffice itself sometimes aborts on its first starts on a new machine, two at once
  // ("Fatal exception: Signal 6", seen once in a clean-clone run): a crash of the consumer, not a
  // verdict on the file, so it gets one more start. Any other failure fails at once.
  for (let attempt = 1; ; attempt++) {
    const profile = await tempDir('lo-profile');
    try {
      await run(
        'soffice',
        [`-env:UserInstallation=file://${profile}`, '--headless', '--norestore', '--convert-to', format, '--outdir', outDir, ...files],
        { timeout: 180_000, maxBuffer: MAX_BUFFER },
      );
      break;
    } catch (error) {
      const crashed = /Fatal exception: Signal/.test(String((error as { stderr?: unknown }).stderr ?? ''));
      if (!crashed || attempt === 2) throw error;
    } finally {
      await rm(profile, { recursive: true, force: true });
    }
  }
  const produced = new Set(await readdir(outDir));
  const result = new Map<string, string>();
  for (const [i, file] of files.entries()) {
    const converted = `${names[i]}.${format}`;
    if (!produced.has(converted)) throw new Error(`LibreOffice did not convert ${basename(file)}`);
    result.set(file, join(outDir, converted));
  }
  return result;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The speaker notes of each slide of a presentation LibreOffice saved as flat OpenDocument XML. */
export async function slideNotes(fodp: string): Promise<string[]> {
  const xml = await readFile(fodp, 'utf8');
  // Indentation between elements is not text.
  const body = xml.slice(xml.indexOf('<office:presentation>')).replace(/>\s+</g, '><');
  return body
    .split('<draw:page ')
    .slice(1)
    .map((page) => {
      const notes = /<presentation:notes[^>]*>([\s\S]*?)<\/presentation:notes>/.exec(page)?.[1] ?? '';
      // The notes page also holds the slide picture and a page number; the notes are the 'notes' frame.
      const frame = /<draw:frame[^>]*presentation:class="notes"[^>]*>([\s\S]*?)<\/draw:frame>/.exec(notes)?.[1] ?? '';
      return frame
        .replace(/<\/text:p>/g, '\n')
        .replace(/<text:s\/>/g, ' ')
        .replace(/<[^>]+>/g, '')
        .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!)
        .trim();
    });
}

/** The text of a PDF; `layout` keeps the columns of each line (contents entries with their numbers). */
export async function pdfText(file: string, options: { layout?: boolean } = {}): Promise<string> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', ...(options.layout ? ['-layout'] : []), file, '-'], {
    maxBuffer: MAX_BUFFER,
  });
  return stdout;
}

/** The text of each page (pdftotext ends every page with a form feed). */
export async function pdfPages(file: string, options: { layout?: boolean } = {}): Promise<string[]> {
  const pages = (await pdfText(file, options)).split('\f');
  return pages.slice(0, -1);
}

/** Images per page, as pdfimages lists them. */
export async function pdfImagePages(file: string): Promise<number[]> {
  const { stdout } = await run('pdfimages', ['-list', file], { maxBuffer: MAX_BUFFER });
  return stdout
    .split('\n')
    .slice(2)
    .filter((l) => l.trim() !== '')
    .map((l) => Number(l.trim().split(/\s+/)[0]));
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
