// Topics of material without headings: a pasted script or text of several paragraphs is one
// section with no heading, so its slides were 'Introduction', 'Introduction (2)'. Each paragraph
// of such a section becomes a section of its own, titled by the noun phrase its sentences share
// (English, tagged with compromise); Spanish and French keep the one section (see nlp.ts).
import { splitSentences } from '@trainwright/formats';
import type { SourceDocument, SourceSection } from '../../domain/types.js';
import { instructionTopic, nounPhrases } from './nlp.js';
import { stemWord, tokenize } from './text-analysis.js';
import type { EngineLanguage } from './stop-words.js';

const MIN_PARAGRAPH_WORDS = 12;

// Nouns that measure or locate something ('25 days of annual leave', 'the length of parental
// leave'): the phrase after their 'of' names the topic.
const MEASURE_HEADS = new Set(['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'hour', 'hours', 'minute', 'minutes', 'length', 'number', 'amount', 'part', 'kind', 'type', 'percent', 'share']);

const TIME_UNITS = /^(?:days|weeks|months|years|hours|minutes)$/;

interface TopicCandidate {
  title: string;
  score: number;
}

/**
 * The phrases that could title a paragraph, best first: the phrase its sentences share most,
 * then the first sentence's (the topic sentence), then longer. A quantity ('25 days of annual
 * leave', 'three calendar days') is no title, but what it counts is: the material gives a number
 * of it ('Annual leave').
 */
export function topicCandidates(paragraph: string): TopicCandidate[] {
  const sentences = splitSentences(paragraph).map((s) => s.text);
  const stemsOf = (text: string) => new Set(tokenize(text, 'en').filter((t) => !t.stop).map((t) => stemWord(t.lower)));
  // The first sentence is the topic sentence unless it opens with a condition ('If you are ill, ...').
  const topicSentence = !/^(?:if|when|whenever|unless)\b/i.test(sentences[0] ?? '');
  const sentenceStems = sentences.map(stemsOf);
  const best = new Map<string, TopicCandidate>();
  sentences.forEach((sentence, si) => {
    for (const p of nounPhrases(sentence)) {
      const head = p.core.split(/\s+of\s+/)[0]!.toLowerCase().split(/\s+/).pop() ?? '';
      const counted = p.complement !== '' && (p.quantity || MEASURE_HEADS.has(head));
      const options: Array<[core: string, bonus: number]> = [];
      // 'Days of annual leave' is a quantity without its number; 'the length of parental leave'
      // says less than what it measures.
      if (!p.quantity && !(counted && TIME_UNITS.test(head))) options.push([p.core, counted ? -4 : 0]);
      if (counted) options.push([p.complement, p.quantity || /^\p{L}+s$/u.test(head) ? 4 : 1]);
      for (const [core, bonus] of options) {
        if (core === '' || /\d/.test(core) || core.split(' ').length > 4) continue;
        const stems = [...stemsOf(core)];
        if (stems.length === 0) continue;
        const shared = sentenceStems.filter((set) => stems.some((s) => set.has(s))).length;
        const subject = p.start === 0 && core === p.core ? (si === 0 ? 3 : 2) : 0;
        const score = shared * 10 + (stems.length >= 2 ? 12 : 0) + (si === 0 && topicSentence ? 5 : 0) + subject + Math.min(3, stems.length) + bonus;
        const title = core.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
        const key = title.toLowerCase();
        if ((best.get(key)?.score ?? -1) < score) best.set(key, { title, score });
      }
    }
  });
  return [...best.values()].sort((a, b) => b.score - a.score);
}

/**
 * Topic titles of the paragraphs, each different: where two paragraphs would share one phrase,
 * the one it fits better keeps it and the other takes its next phrase; two paragraphs that share
 * their only phrase ('Call', 'Call') are told apart by the instruction each opens with ('Preparing
 * before every call', 'Opening the call').
 */
export function distinctTitles(paragraphs: readonly string[]): string[] {
  const candidates = paragraphs.map(topicCandidates);
  const key = (t: string) => t.toLowerCase();
  const counts = new Map<string, number>();
  for (const c of candidates) counts.set(key(c[0]?.title ?? ''), (counts.get(key(c[0]?.title ?? '')) ?? 0) + 1);
  const titles = candidates.map((c, i) => {
    const top = c[0]?.title ?? '';
    if (top !== '' && counts.get(key(top)) === 1) return top;
    // A shared phrase: the instruction the paragraph opens with tells it apart.
    return instructionTopic(splitSentences(paragraphs[i]!)[0]?.text ?? '') ?? '';
  });
  // Paragraphs still without a title of their own take their next phrase, strongest claims first.
  const taken = new Set(titles.filter((t) => t !== '').map(key));
  const order = paragraphs.map((_, i) => i).sort((a, b) => (candidates[b]![0]?.score ?? 0) - (candidates[a]![0]?.score ?? 0) || a - b);
  for (const i of order) {
    if (titles[i] !== '') continue;
    const top = candidates[i]![0];
    const free = candidates[i]!.find((c) => !taken.has(key(c.title)) && c.score >= (top?.score ?? 0) - 25);
    if (free) {
      titles[i] = free.title;
      taken.add(key(free.title));
    }
  }
  return titles;
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
