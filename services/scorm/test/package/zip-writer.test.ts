// The zip writer: safe names only, files streamed from disk, a failure leaves no partial zip.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unsafeEntryReason, writeZip } from '../../src/package/index.js';
import { readZip } from './fixtures.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'scorm-zip-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeZip', () => {
  it('writes buffers deflated and files stored, reporting progress up to 100', async () => {
    const media = join(dir, 'media.bin');
    writeFileSync(media, Buffer.alloc(300_000, 7));
    const progress: number[] = [];
    const out = join(dir, 'a.zip');
    const result = await writeZip([{ name: 'index.html', data: '<p>hi</p>'.repeat(1000) }, { name: 'media/a.bin', path: media }], out, (p) => progress.push(p));
    expect(result.entries).toEqual(['index.html', 'media/a.bin']);
    const zip = await readZip(out);
    expect(zip.get('index.html')!.compressionMethod).toBe(8);
    expect(zip.get('media/a.bin')!.compressionMethod).toBe(0);
    expect(zip.get('media/a.bin')!.data.length).toBe(300_000);
    expect(progress.at(-1)).toBe(100);
    expect(progress.length).toBeGreaterThan(2);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it.each(['/etc/passwd', '../up.txt', 'a/../../b', 'C:/x', 'a\\b', '', 'a//b', './a'])('refuses the entry name %j', async (name) => {
    expect(unsafeEntryReason(name)).not.toBeNull();
    await expect(writeZip([{ name, data: 'x' }], join(dir, 'bad.zip'))).rejects.toThrow(/unsafe zip entry/);
  });

  it('refuses duplicate names', async () => {
    await expect(writeZip([{ name: 'a', data: '1' }, { name: 'a', data: '2' }], join(dir, 'dup.zip'))).rejects.toThrow(/duplicate/);
  });

  it('removes the partial zip when a file cannot be read', async () => {
    const out = join(dir, 'partial.zip');
    await expect(writeZip([{ name: 'a.txt', data: 'x' }, { name: 'v.mp4', path: join(dir, 'missing.mp4') }], out)).rejects.toThrow();
    expect(existsSync(out)).toBe(false);
  });
});
