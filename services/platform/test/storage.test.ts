import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { LocalFileStorage, STORAGE_TEMP_AREA } from '../src/storage.js';

describe('LocalFileStorage', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'tw-storage-test-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('should move an object from the temp area to a new key without leaving the old one', async () => {
    const storage = new LocalFileStorage(root);
    const spooled = `${STORAGE_TEMP_AREA}/uploads/one`;
    await storage.put(spooled, Readable.from([Buffer.from('hello')]));
    await storage.move(spooled, 'companies/c1/uploads/one.txt');
    expect(await text(storage.get('companies/c1/uploads/one.txt'))).toBe('hello');
    await expect(storage.size(spooled)).rejects.toThrow();
    await expect(storage.move('companies/c1/uploads/one.txt', '../outside')).rejects.toThrow('invalid storage key');
  });
});
