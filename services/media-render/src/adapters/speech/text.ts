// Text preparation shared by the speech providers: control characters out, and long texts cut
// into pieces a provider accepts, at sentence boundaries where possible so the joins fall on
// natural pauses.

/** Removes control characters (keeping newlines and tabs as spaces) and collapses runs of blanks. */
export function cleanSpeechText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    // C0 controls except \n, DEL, C1 controls, and bidi/zero-width format controls that speak as noise.
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, ' ')
    .replace(/[ \u00A0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Length in UTF-16 code units is what the providers count (JavaScript string length). */
function cutAt(text: string, max: number): number {
  // Never split a surrogate pair.
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/**
 * Splits `text` into pieces of at most `maxChars` characters: at paragraph ends first, then
 * sentence ends, then spaces, and only as a last resort inside a word.
 */
export function splitForSpeech(text: string, maxChars: number): string[] {
  if (maxChars < 2) throw new Error('maxChars must be at least 2');
  const pieces: string[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars + 1);
    let cut = -1;
    for (const pattern of [/\n\s*/g, /[.!?…。！？;:](["'”’)\]]*)\s+/g, /[,،、，]\s+/g, /\s+/g]) {
      let best = -1;
      for (const m of window.matchAll(pattern)) {
        // The piece ends after the punctuation; the blank that follows is dropped.
        const end = m.index + m[0].trimEnd().length;
        if (end > 0 && end <= maxChars) best = end;
      }
      // A boundary in the first fifth would make tiny pieces; look for a coarser one only then.
      if (best > maxChars / 5) {
        cut = best;
        break;
      }
      if (best > 0 && cut < 0) cut = best;
    }
    if (cut <= 0) cut = cutAt(rest, maxChars);
    const piece = rest.slice(0, cut).trim();
    if (piece) pieces.push(piece);
    rest = rest.slice(cut).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}
