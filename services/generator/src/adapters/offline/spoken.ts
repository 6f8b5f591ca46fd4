// Transcripts: a recorded session exported as text ('[00:01:15] Trainer: Okay, so ...'). Its
// timestamps and speaker labels are the recording's bookkeeping, not material, so they never reach
// a slide or the narration; each speaker turn is a paragraph of its own, and (English) the words
// that only hold the floor at a sentence's start ('Okay, so') are dropped.
import { splitSentences } from '@trainwright/formats';
import type { SourceDocument, SourceSection } from '../../domain/types.js';
import { withoutLeadingFillers } from './nlp.js';
import type { EngineLanguage } from './stop-words.js';

// '[00:01:15]', '(01:15)', '00:01:15.200': a recording's clock.
const BRACKETED_TIME = /[[(]\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?[\])]/g;
const BARE_TIME = /(?<![\p{L}\p{N}:])\d{1,2}:\d{2}:\d{2}(?:[.,]\d{1,3})?(?![\p{N}:])/gu;
// 'Trainer:', 'Participant 2:', 'Dr. Ana Ruiz:' where a turn starts: the text's start or a sentence's end.
const SPEAKER = /(?:^|(?<=[.!?…]["'”’)\]]*\s))((?:\p{Lu}[\p{L}'’.-]*)(?:\s(?:\p{Lu}[\p{L}'’.-]*|\d{1,2})){0,2}):\s+/gu;
/** A transcript has at least this many turns by labelled speakers or timestamps. */
const MIN_TURNS = 3;

/** Text without the recording's clock, single-spaced. */
function unclocked(text: string): string {
  return text.replace(BRACKETED_TIME, ' ').replace(BARE_TIME, ' ').replace(/\s+/g, ' ').trim();
}

// A label right after the clock is a speaker's however often it speaks: '[00:01:05] Participant:'.
const CLOCKED_SPEAKER = /(?:[[(]\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?[\])]|\d{1,2}:\d{2}:\d{2})\s*((?:\p{Lu}[\p{L}'’.-]*)(?:\s(?:\p{Lu}[\p{L}'’.-]*|\d{1,2})){0,2}):\s/gu;

/** The transcript's speakers: the labels that open turns more than once, and those the clock introduces. */
function speakers(texts: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const text of texts) for (const m of unclocked(text).matchAll(SPEAKER)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  const recurring = [...counts].filter(([, n]) => n >= 2);
  const clocked = texts.flatMap((t) => [...t.matchAll(CLOCKED_SPEAKER)].map((m) => m[1]!));
  if (recurring.reduce((n, [, c]) => n + c, 0) < MIN_TURNS && clocked.length < MIN_TURNS) return new Set();
  return new Set([...recurring.map(([name]) => name), ...clocked]);
}

function isTranscript(texts: readonly string[], names: ReadonlySet<string>): boolean {
  const stamps = texts.reduce((n, t) => n + (t.match(BRACKETED_TIME)?.length ?? 0) + (t.match(BARE_TIME)?.length ?? 0), 0);
  return names.size > 0 || stamps >= MIN_TURNS;
}

/** A paragraph of a transcript as its turns' text, one paragraph per turn, without clock or labels. */
function turnsOf(paragraph: string, names: ReadonlySet<string>, language: EngineLanguage): string[] {
  const text = unclocked(paragraph);
  const turns: string[] = [];
  let from = 0;
  for (const m of text.matchAll(SPEAKER)) {
    if (!names.has(m[1]!)) continue;
    turns.push(text.slice(from, m.index));
    from = m.index + m[0].length;
  }
  turns.push(text.slice(from));
  return turns
    .map((t) => (language === 'en' ? splitSentences(t).map((s) => withoutLeadingFillers(s.text)).join(' ') : t).trim())
    .filter((t) => t !== '');
}

/**
 * The document with a transcript's timestamps and speaker labels removed and each turn a
 * paragraph; any other document as it is. A transcript: three or more turns of recurring
 * speakers ('Trainer:' twice or more), or three or more timestamps.
 */
export function withoutTranscriptMarks(source: SourceDocument, language: EngineLanguage): SourceDocument {
  const texts = source.sections.flatMap((s) => s.paragraphs);
  const names = speakers(texts);
  if (!isTranscript(texts, names)) return source;
  const sections: SourceSection[] = source.sections.map((s) => ({ ...s, paragraphs: s.paragraphs.flatMap((p) => turnsOf(p, names, language)) }));
  return { ...source, sections };
}
