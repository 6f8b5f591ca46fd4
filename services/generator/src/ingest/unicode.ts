// Text files and XML parts arrive as bytes; Unicode is read strictly so that a file in another
// encoding is reported instead of silently turned into replacement characters.

/** Decodes UTF-8 (BOM optional) or UTF-16 with a BOM. Returns null for invalid byte sequences. */
export function decodeUnicode(bytes: Uint8Array): string | null {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8';
  try {
    // The decoder drops the BOM itself.
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
