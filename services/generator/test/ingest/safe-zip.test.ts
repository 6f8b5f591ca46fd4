import { describe, expect, test } from '@jest/globals';
import { IngestError } from '../../src/ingest/errors.js';
import { SafeZip } from '../../src/ingest/safe-zip.js';
import { MB, makeZip } from './fixtures.js';

const FORMAT = 'test archive';

async function failure(promise: Promise<unknown>): Promise<IngestError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught
  );
  expect(error).toBeInstanceOf(IngestError);
  return error as IngestError;
}

describe('SafeZip', () => {
  test('reads the entries asked for, by case-insensitive name', async () => {
    const zip = await SafeZip.open(
      makeZip([
        { name: 'a.xml', data: '<a/>' },
        { name: 'Dir/B.xml', data: 'stored text', deflate: false },
      ]),
      FORMAT
    );
    try {
      expect(zip.names).toEqual(['a.xml', 'Dir/B.xml']);
      expect((await zip.read('dir/b.xml')).toString()).toBe('stored text');
      expect((await zip.read('a.xml')).toString()).toBe('<a/>');
      expect(await zip.readOptional('missing.xml')).toBeNull();
      expect((await failure(zip.read('missing.xml'))).message).toBe('The file is not a valid test archive.');
    } finally {
      zip.close();
    }
  });

  test('a bomb in an entry nobody asks for costs nothing', async () => {
    const zip = await SafeZip.open(
      makeZip([
        { name: 'bomb.bin', data: Buffer.alloc(300 * MB), level: 1 },
        { name: 'text.xml', data: '<t>fine</t>' },
      ]),
      FORMAT
    );
    try {
      expect((await zip.read('text.xml')).toString()).toBe('<t>fine</t>');
      expect((await failure(zip.read('bomb.bin'))).code).toBe('too_large');
    } finally {
      zip.close();
    }
  });

  test('too many entries are refused before the directory is read', async () => {
    const entries = Array.from({ length: 11 }, (_, i) => ({ name: `e${i}.xml`, data: 'x' }));
    const error = await failure(SafeZip.open(makeZip(entries), FORMAT, { maxEntries: 10 }));
    expect(error.message).toBe('The document is too large to unpack safely.');
    await expect(SafeZip.open(makeZip(entries.slice(0, 10)), FORMAT, { maxEntries: 10 })).resolves.toBeInstanceOf(
      SafeZip
    );
  });

  test('per-entry and total limits hold for declared and for actual sizes', async () => {
    const limits = { maxEntryBytes: 1000, maxTotalBytes: 2500, ratioCheckMinBytes: 1 * MB };
    const zip = await SafeZip.open(
      makeZip([
        { name: 'big.txt', data: 'x'.repeat(1001) },
        { name: 'one.txt', data: 'y'.repeat(900) },
        { name: 'two.txt', data: 'z'.repeat(900) },
        { name: 'three.txt', data: 'w'.repeat(900) },
        { name: 'liar.txt', data: 'v'.repeat(5000), declaredSize: 10 },
      ]),
      FORMAT,
      limits
    );
    try {
      expect((await failure(zip.read('big.txt'))).code).toBe('too_large');
      expect((await failure(zip.read('liar.txt'))).code).toBe('too_large');
      await zip.read('one.txt');
      // The liar inflated a little before it was stopped; the total counts what was inflated.
      expect((await failure(zip.read('three.txt').then(() => zip.read('two.txt')))).code).toBe('too_large');
    } finally {
      zip.close();
    }
  });

  test('the compression ratio is checked for large entries only', async () => {
    const limits = { maxCompressionRatio: 50, ratioCheckMinBytes: 100_000 };
    const zip = await SafeZip.open(
      makeZip([
        { name: 'small-but-dense.xml', data: Buffer.alloc(50_000) },
        { name: 'large-and-dense.xml', data: Buffer.alloc(200_000) },
      ]),
      FORMAT,
      limits
    );
    try {
      expect((await zip.read('small-but-dense.xml')).length).toBe(50_000);
      expect((await failure(zip.read('large-and-dense.xml'))).code).toBe('too_large');
    } finally {
      zip.close();
    }
  });

  test('not a zip, a truncated zip and a CRC mismatch are invalid', async () => {
    expect((await failure(SafeZip.open(Buffer.from('hello'), FORMAT))).message).toBe(
      'The file is not a valid test archive.'
    );
    const good = makeZip([{ name: 'a.txt', data: 'abcdefghij'.repeat(100), deflate: false }]);
    expect((await failure(SafeZip.open(good.subarray(0, good.length - 30), FORMAT))).code).toBe('invalid');
    const damaged = Buffer.from(good);
    damaged[60] = damaged[60]! ^ 0xff;
    const zip = await SafeZip.open(damaged, FORMAT);
    try {
      expect((await failure(zip.read('a.txt'))).code).toBe('invalid');
    } finally {
      zip.close();
    }
  });
});
