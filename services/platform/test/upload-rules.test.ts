import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { ByteLimit, checkExtension } from '../src/upload-rules.js';

describe('upload rules', () => {
  it('should accept the listed extensions per kind, case-insensitively', () => {
    expect(checkExtension('script', 'Intro.DOCX')).toBe('.docx');
    expect(checkExtension('slides', 'deck.jpeg')).toBe('.jpeg');
    expect(() => checkExtension('script', 'deck.pptx')).toThrow('File type not supported. Accepted types: .txt, .docx, .pdf');
    expect(() => checkExtension('slides', 'noextension')).toThrow('Accepted types: .pptx, .pdf, .png, .jpg, .jpeg');
  });

  it('should pass on no more than its limit and fail naming the whole size', async () => {
    let written = 0;
    const sink = new Writable({ write: (c: Buffer, _e, cb) => ((written += c.length), cb()) });
    const limit = new ByteLimit(10);
    const chunks = Array.from({ length: 5 }, () => Buffer.alloc(1024));
    await expect(pipeline(Readable.from(chunks), limit, sink)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File size (5 KB) exceeds maximum allowed size (10 bytes)',
    });
    expect(written).toBe(0);
    expect(limit.bytes).toBe(5 * 1024);
    const ok = new ByteLimit(100, 4);
    await pipeline(Readable.from([Buffer.from('abcdef')]), ok, new Writable({ write: (_c, _e, cb) => cb() }));
    expect(ok.bytes).toBe(6);
    expect(Buffer.from(ok.head).toString()).toBe('abcd');
  });

  it('should pass an error of the source it reads on to its own reader (an aborted upload)', async () => {
    const source = new Readable({ read() {} });
    const limit = ByteLimit.over(source, 100);
    const written = pipeline(limit, new Writable({ write: (_c, _e, cb) => cb() }));
    source.push(Buffer.from('abc'));
    source.destroy(new Error('aborted'));
    await expect(written).rejects.toThrow('aborted');
  });
});
