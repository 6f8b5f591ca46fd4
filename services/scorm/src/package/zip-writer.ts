// Writes a zip with yazl, streaming: files on disk (the video) are read as the zip is written,
// never whole into memory. Media go in stored (compress: false): they are compressed already,
// and deflating them costs time for nothing.
import { createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

export type ZipSource =
  | { name: string; data: string | Buffer; compress?: boolean }
  | { name: string; path: string; compress?: boolean };

/** Why an entry name is unsafe, or null: a name must stay inside the package root. */
export function unsafeEntryReason(name: string): string | null {
  if (name === '') return 'empty';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'absolute';
  if (name.includes('\\')) return 'backslash';
  if (/[\u0000-\u001f]/.test(name)) return 'control character';
  if (name.split('/').some((part) => part === '' || part === '.' || part === '..')) return 'empty, . or .. segment';
  return null;
}

/**
 * Writes `entries` in order to `outPath`. onProgress gets 0-100 as the zip's bytes are written
 * (against the entries' uncompressed size, so deflated text ends a little early), 100 at the end.
 * A failure removes the partial file.
 */
export async function writeZip(entries: readonly ZipSource[], outPath: string, onProgress?: (percent: number) => void): Promise<{ size: number; entries: string[] }> {
  const names = new Set<string>();
  for (const entry of entries) {
    const reason = unsafeEntryReason(entry.name);
    if (reason) throw new Error(`unsafe zip entry name '${entry.name}': ${reason}`);
    if (names.has(entry.name)) throw new Error(`duplicate zip entry '${entry.name}'`);
    names.add(entry.name);
  }

  const zip = new ZipFile();
  let expected = 0;
  for (const entry of entries) {
    if ('path' in entry) {
      expected += (await stat(entry.path)).size;
      zip.addFile(entry.path, entry.name, { compress: entry.compress ?? false });
    } else {
      const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
      expected += data.length;
      zip.addBuffer(data, entry.name, { compress: entry.compress ?? true });
    }
  }

  let written = 0;
  let reported = -1;
  const report = (percent: number) => {
    if (percent === reported) return;
    reported = percent;
    onProgress?.(percent);
  };
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      written += chunk.length;
      report(Math.min(99, Math.floor((written / Math.max(1, expected)) * 100)));
      callback(null, chunk);
    },
  });

  const output = zip.outputStream as Readable;
  // yazl reports a file it cannot read on the ZipFile, not on its output stream.
  zip.on('error', (error: Error) => output.destroy(error));
  const done = pipeline(output, counter, createWriteStream(outPath));
  zip.end();
  try {
    await done;
  } catch (error) {
    await rm(outPath, { force: true });
    throw error;
  }
  report(100);
  return { size: written, entries: [...names] };
}
