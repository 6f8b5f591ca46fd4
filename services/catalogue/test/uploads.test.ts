import { contentMatches, formatBytes, looksLikeText, maxUploadBytes, sizeExceededMessage, UPLOAD_KINDS } from '../src/uploads.js';

describe('upload rules', () => {
  it('should bound AI generator documents like scripts', () => {
    expect(UPLOAD_KINDS.document.maxBytes).toBe(104_857_600);
    expect(UPLOAD_KINDS.refresh.extensions).toContain('.pptx');
  });

  it('should cap uploads by the kind and by the plan', () => {
    expect(maxUploadBytes(UPLOAD_KINDS.script, 10)).toBe(10 * 1024 * 1024);
    expect(maxUploadBytes(UPLOAD_KINDS.slides, 500)).toBe(209_715_200);
    expect(maxUploadBytes(UPLOAD_KINDS.script, -1)).toBe(104_857_600);
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

});
