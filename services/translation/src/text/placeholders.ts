// Inline placeholders: the spans of a segment that no engine may change (numbers, URLs, e-mail
// addresses, markup markers, code, template fields, emoji, glossary terms kept as written) become
// `<ph id="N"/>` tags, the inline code XLIFF 2.0 uses, and the text around them is XML-escaped. So
// every engine sees one tagged string, and `restore` can prove that each span came back once.

/** One protected span: what the tag stands for in the source, and what restore writes back. */
export interface Placeholder {
  id: string;
  original: string;
  output: string;
}

export interface Protected {
  /** The segment text with `<ph id="N"/>` tags, XML-escaped around them. */
  text: string;
  placeholders: Placeholder[];
}

export type Restored = { ok: true; text: string } | { ok: false; error: string };

/** Exactly the tag we write; engines must hand it back byte for byte (apart from spacing inside). */
export const PH_TAG = /<ph\s+id="([^"<>]*)"\s*\/>/g;

// Patterns in priority order: an earlier one wins a tie on the same start (a URL before a number).
const PATTERNS: RegExp[] = [
  /`[^`\r\n]+`/gu, // code: never translated
  /\{\{\s*[\p{L}\p{N}_.-]+\s*\}\}|\{[\p{L}\p{N}_.-]+\}/gu, // {{name}}, {name}
  /\b(?:https?:\/\/|www\.)[^\s<>"'`]+[^\s<>"'`.,;:!?)\]}]/gu, // URLs, without trailing punctuation
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/gu, // e-mail addresses
  // Hashtags and handles stay as written; Apertium would also take a leading '#'/'@' for its marks.
  /(?<![\p{L}\p{N}_&])[#@][\p{L}\p{N}_]+/gu,
  /\*\*/g, // bold markers, paired or not
  /(?<![*\p{L}\p{N}])\*(?=[^\s*])|(?<=[^\s*])\*(?![*\p{L}\p{N}])/gu, // emphasis markers
  /(?<![\p{L}\p{N}])[-+−]?\d+(?:[.,\u00a0\u202f']\d+)*(?![\p{L}\p{N}])/gu, // numbers, separators kept
  // Emoji, ZWJ sequences and flags included (a constructor: the v flag is newer than our TS target).
  new RegExp('\\p{RGI_Emoji}|\\p{Extended_Pictographic}\\uFE0F?', 'gv'),
];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>]/g, (c) => ESCAPES[c]!);
}

export function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_m, name: string) => {
    const lower = name.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    const code = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    // A reference past Unicode stays as written (fromCodePoint would throw on it).
    return code <= 0x10ffff ? String.fromCodePoint(code) : `&${name};`;
  });
}

export function phTag(id: string): string {
  return `<ph id="${id}"/>`;
}

interface Span {
  start: number;
  end: number;
  output: string;
}

/** Extra spans to protect, e.g. glossary terms: where they are and what restore writes back. */
export type SpanFinder = (text: string) => Span[];

/** Replaces the protected spans of plain `text` by numbered tags (1, 2, ... in reading order). */
export function protect(text: string, extra: SpanFinder[] = []): Protected {
  const found: Span[] = [];
  for (const finder of extra) found.push(...finder(text));
  for (const pattern of PATTERNS) {
    for (const m of text.matchAll(pattern)) found.push({ start: m.index, end: m.index + m[0].length, output: m[0] });
  }
  // Earliest first; on the same start the longer span, then the earlier finder (stable sort).
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const placeholders: Placeholder[] = [];
  let out = '';
  let at = 0;
  for (const span of found) {
    if (span.start < at || span.end === span.start) continue; // overlaps a span already taken
    const id = String(placeholders.length + 1);
    placeholders.push({ id, original: text.slice(span.start, span.end), output: span.output });
    out += escapeXml(text.slice(at, span.start)) + phTag(id);
    at = span.end;
  }
  out += escapeXml(text.slice(at));
  return { text: out, placeholders };
}

/** Whether a tagged text holds anything to translate (a letter outside the tags). */
export function hasTranslatableText(tagged: string): boolean {
  return /\p{L}/u.test(unescapeXml(tagged.replace(PH_TAG, '')));
}

/** The tag ids in a tagged text, in order (duplicates kept). */
export function tagIds(tagged: string): string[] {
  return [...tagged.matchAll(PH_TAG)].map((m) => m[1]!);
}

/** What is wrong with the tags of a translation, or null: each must appear exactly once. */
export function tagProblem(tagged: string, expected: readonly string[]): string | null {
  const seen = tagIds(tagged);
  const unknown = seen.filter((id) => !expected.includes(id));
  if (unknown.length > 0) return `unknown placeholder ${phTag(unknown[0]!)}`;
  const duplicated = seen.find((id, i) => seen.indexOf(id) !== i);
  if (duplicated !== undefined) return `placeholder ${phTag(duplicated)} appears more than once`;
  const missing = expected.filter((id) => !seen.includes(id));
  if (missing.length > 0) return `placeholder ${phTag(missing[0]!)} is missing`;
  return null;
}

/**
 * Puts the original spans back into a translated tagged text. Fails, naming the segment, when a
 * tag is unknown, duplicated or (unless `allowMissing`, for a reviewer's deliberate edit) missing.
 */
export function restore(segmentId: string, tagged: string, placeholders: readonly Placeholder[], options: { allowMissing?: boolean } = {}): Restored {
  const byId = new Map(placeholders.map((p) => [p.id, p]));
  const problem = tagProblem(
    tagged,
    placeholders.map((p) => p.id),
  );
  if (problem && !(options.allowMissing && problem.endsWith('is missing'))) {
    return { ok: false, error: `Segment ${segmentId}: ${problem}.` };
  }
  const stray = /<(?!ph\s)[^>]*>|<ph\b(?![^>]*\/>)/.exec(tagged.replace(PH_TAG, ''));
  if (stray) return { ok: false, error: `Segment ${segmentId}: unexpected markup ${stray[0]}.` };
  let text = '';
  let at = 0;
  for (const m of tagged.matchAll(PH_TAG)) {
    text += unescapeXml(tagged.slice(at, m.index)) + byId.get(m[1]!)!.output;
    at = m.index + m[0].length;
  }
  return { ok: true, text: text + unescapeXml(tagged.slice(at)) };
}

/**
 * Tags a target text written without tags (a hand edit) like its source: each placeholder's
 * output, where found, becomes its tag again, in source order where possible.
 */
export function protectLike(target: string, placeholders: readonly Placeholder[]): string {
  const taken: Array<{ start: number; end: number; id: string }> = [];
  const free = (start: number, end: number): boolean => taken.every((t) => end <= t.start || start >= t.end);
  const findFrom = (needle: string, from: number): number => {
    for (let i = target.indexOf(needle, from); i !== -1; i = target.indexOf(needle, i + 1)) {
      if (free(i, i + needle.length)) return i;
    }
    return -1;
  };
  // Longer outputs first, so '**' is not taken for half of a '***' or a number inside a URL.
  const ordered = [...placeholders].sort((a, b) => b.output.length - a.output.length);
  const cursor = new Map<string, number>();
  for (const p of ordered) {
    if (p.output === '') continue;
    const from = cursor.get(p.output) ?? 0;
    let i = findFrom(p.output, from);
    if (i === -1) i = findFrom(p.output, 0);
    if (i === -1) continue;
    taken.push({ start: i, end: i + p.output.length, id: p.id });
    cursor.set(p.output, i + p.output.length);
  }
  taken.sort((a, b) => a.start - b.start);
  let out = '';
  let at = 0;
  for (const t of taken) {
    out += escapeXml(target.slice(at, t.start)) + phTag(t.id);
    at = t.end;
  }
  return out + escapeXml(target.slice(at));
}
