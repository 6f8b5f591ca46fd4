import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { ByteLimit, checkExtension, contentMatches, formatBytes, looksLikeText, maxUploadBytes, sizeExceededMessage } from '../src/upload-rules.js';

describe('upload rules', () => {
  it('should accept the listed extensions per kind, case-insensitively', () => {
    expect(checkExtension('script', 'Intro.DOCX')).toBe('.docx');
    expect(checkExtension('slides', 'deck.jpeg')).toBe('.jpeg');
    expect(() => checkExtension('script', 'deck.pptx')).toThrow('File type not supported. Accepted types: .txt, .docx, .pdf');
    expect(() => checkExtension('slides', 'noextension')).toThrow('Accepted types: .pptx, .pdf, .png, .jpg, .jpeg');
  });

  it('should cap uploads by the kind and by the plan', () => {
    expect(maxUploadBytes('script', 10)).toBe(10 * 1024 * 1024);
    expect(maxUploadBytes('slides', 500)).toBe(209_715_200);
    expect(maxUploadBytes('script', -1)).toBe(104_857_600);
  });

  it('should word sizes as the specification message does', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(sizeExceededMessage(52_428_800, 10_485_760)).toBe('File size (50 MB) exceeds maximum allowed size (10 MB)');
  });

  it('should tell text from binary', () => {
    expect(looksLikeText(new TextEncoder().encode('Hello, wörld ✓'))).toBe(true);
    expect(looksLikeText(new TextEncoder().encode('é').subarray(0, 1))).toBe(true);
    expect(looksLikeText(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x00]))).toBe(false);
    expect(looksLikeText(new Uint8Array([0xff, 0xfe, 0x41]))).toBe(false);
  });

  it('should match detected types to extensions', () => {
    expect(contentMatches('.pdf', 'application/pdf', new Uint8Array())).toBe(true);
    expect(contentMatches('.pdf', 'image/png', new Uint8Array())).toBe(false);
    expect(contentMatches('.txt', undefined, new TextEncoder().encode('plain'))).toBe(true);
    expect(contentMatches('.txt', 'image/png', new Uint8Array())).toBe(false);
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
});
