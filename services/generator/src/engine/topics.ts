// Topics of material without headings: a pasted script or text of several paragraphs is one
// section with no heading, so its slides were 'Introduction', 'Introduction (2)'. Each paragraph
// of such a section becomes a section of its own, titled by the noun phrase its sentences share
// (English, tagged with compromise); Spanish and French keep the one section (see nlp.ts).
import { splitSentences } from '@trainwright/formats';
import type { SourceDocument, SourceSection } from '../domain/types.js';
import { instructionTopic, nounPhrases } from './nlp.js';
import { stemWord, tokenize } from './text-analysis.js';
import type { EngineLanguage } from './stop-words.js';

const MIN_PARAGRAPH_WORDS = 12;

/** The phrase the paragraph's sentences share most, in title case of its first word; '' when none. */
export function topicTitle(paragraph: string): string {
  const sentences = splitSentences(paragraph).map((s) => s.text);
  const stemsOf = (text: string) => new Set(tokenize(text, 'en').filter((t) => !t.stop).map((t) => stemWord(t.lower)));
  const sentenceStems = sentences.map(stemsOf);
  let best: { core: string; score: number } | null = null;
  sentences.forEach((sentence, si) => {
    for (const p of nounPhrases(sentence)) {
      if (p.core === '' || /\d/.test(p.core) || p.core.split(' ').length > 4) continue;
      const stems = [...stemsOf(p.core)];
      if (stems.length === 0) continue;
      const shared = sentenceStems.filter((set) => stems.some((s) => set.has(s))).length;
      // Shared by more sentences first; then the first sentence's phrases (the topic sentence), then longer.
      const score = shared * 10 + (stems.length >= 2 ? 12 : 0) + (si === 0 ? 5 : 0) + (p.start === 0 && si === 0 ? 3 : 0) + Math.min(3, stems.length);
      if (!best || score > best.score) best = { core: p.core, score };
    }
  });
  const core = (best as { core: string } | null)?.core ?? '';
  return core.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

/**
 * Topic titles of the paragraphs; two paragraphs that share one phrase ('Call', 'Call') are told
 * apart by the instruction each opens with ('Preparing before every call', 'Opening the call').
 */
export function distinctTitles(paragraphs: readonly string[]): string[] {
  const titles = paragraphs.map(topicTitle);
  const key = (t: string) => t.toLowerCase();
  const counts = new Map<string, number>();
  for (const t of titles) counts.set(key(t), (counts.get(key(t)) ?? 0) + 1);
  return titles.map((t, i) => {
    if (t !== '' && counts.get(key(t)) === 1) return t;
    const first = splitSentences(paragraphs[i]!)[0]?.text ?? '';
    return instructionTopic(first) ?? t;
  });
}

/** The source with every headingless multi-paragraph section split into titled topic sections. */
export function withTopicSections(source: SourceDocument, language: EngineLanguage): SourceDocument {
  if (language !== 'en') return source;
  const sections: SourceSection[] = [];
  let changed = false;
  for (const section of source.sections) {
    // A first line that repeats the document's title is the title, which the cover shows.
    const own = section.paragraphs.filter((p) => p.trim() !== source.title.trim());
    const paragraphs = own.filter((p) => p.split(/\s+/).length >= MIN_PARAGRAPH_WORDS);
    if (section.heading.trim() !== '' || paragraphs.length < 2 || own.length !== paragraphs.length) {
      sections.push(section);
      continue;
    }
    const titles = distinctTitles(paragraphs);
    if (titles.some((t) => t === '') || new Set(titles.map((t) => t.toLowerCase())).size !== titles.length) {
      sections.push(section);
      continue;
    }
    changed = true;
    paragraphs.forEach((p, i) => {
      const last = i === paragraphs.length - 1;
      sections.push({ ...section, heading: titles[i]!, level: section.level, paragraphs: [p], bullets: last ? section.bullets : [], tables: last ? section.tables : [], notes: last ? section.notes : [] });
    });
  }
  return changed ? { ...source, sections } : source;
}
