// Topics of material without headings: a pasted script, a web page's text in one blob, a
// transcript or an email is one section with no heading, so its slides were 'Introduction',
// 'Introduction (2)'. Such a section is split into topics (English, tagged with compromise):
// at the titles run into their first sentence ('Load handling Never exceed ...', nlp.ts
// `inlineHeading`), else at its paragraphs when they are topic-sized, else where its words change
// (lexical cohesion, cohesion.ts); each topic without a title of its own is titled by the noun
// phrase its sentences share. Spanish and French keep the one section (see nlp.ts); a
// transcript's timestamps and speaker labels go in every language (spoken.ts).
import { countWords, splitSentences } from '@trainwright/formats';
import type { SourceDocument, SourceSection } from '../../domain/types.js';
import { SEGMENT_WORDS, topicBoundaries } from './cohesion.js';
import { inlineHeading, instructionTopic, nounPhrases } from './nlp.js';
import { GENERIC_HEADINGS } from './objectives.js';
import { withoutTranscriptMarks } from './spoken.js';
import { stemWord, tokenize } from './text-analysis.js';
import type { EngineLanguage } from './stop-words.js';

const MIN_PARAGRAPH_WORDS = 12;
/** A paragraph longer than this holds more than one slide's topic: it is split by cohesion. */
const MAX_PARAGRAPH_WORDS = SEGMENT_WORDS.max * 2;
/** Text without structure longer than this stays one section: tagging every sentence costs too much. */
export const MAX_SEGMENTED_WORDS = 6000;
/** A section needs at least this many titles run into its text before they are taken as its headings. */
const MIN_INLINE_HEADINGS = 2;

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
export function distinctTitles(paragraphs: readonly string[], reserved: Iterable<string> = []): string[] {
  const candidates = paragraphs.map(topicCandidates);
  const key = (t: string) => t.toLowerCase();
  const counts = new Map<string, number>();
  // Titles the deck already holds (headings of other topics, the document's title) count as taken.
  for (const t of reserved) counts.set(key(t), 2);
  for (const c of candidates) counts.set(key(c[0]?.title ?? ''), (counts.get(key(c[0]?.title ?? '')) ?? 0) + 1);
  const titles = candidates.map((c, i) => {
    const top = c[0]?.title ?? '';
    if (top !== '' && counts.get(key(top)) === 1) return top;
    // A shared phrase: the instruction the paragraph opens with tells it apart.
    const instruction = instructionTopic(splitSentences(paragraphs[i]!)[0]?.text ?? '') ?? '';
    return counts.has(key(instruction)) ? '' : instruction;
  });
  // Paragraphs still without a title of their own take their next phrase, strongest claims first.
  const taken = new Set([...[...reserved].map(key), ...titles.filter((t) => t !== '').map(key)]);
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

/** A topic of a headingless section: its title ('' until it gets one) and its paragraphs. */
interface Topic {
  heading: string;
  paragraphs: string[];
}

const textOf = (topic: Topic) => topic.paragraphs.join(' ');
const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Topics at the titles run into their first sentence: 'Load handling Never exceed ...' opens the
 * topic 'Load handling' with 'Never exceed ...'. A title that repeats the document's opens no
 * topic (the cover shows it), nor does a generic one ('Introduction'): its text gets a title of
 * its own. Null when the text holds fewer than two such titles.
 */
function headedTopics(paragraphs: readonly string[], documentTitle: string): Topic[] | null {
  const topics: Topic[] = [{ heading: '', paragraphs: [] }];
  let found = 0;
  for (const paragraph of paragraphs) {
    let open = false;
    for (const { text } of splitSentences(paragraph)) {
      const run = inlineHeading(text);
      let sentence = text;
      if (run) {
        sentence = run.rest;
        if (!sameTitle(run.heading, documentTitle)) {
          found++;
          topics.push({ heading: GENERIC_HEADINGS.en.has(run.heading.toLowerCase()) ? '' : run.heading, paragraphs: [] });
          open = false;
        }
      }
      const current = topics[topics.length - 1]!;
      if (open) current.paragraphs[current.paragraphs.length - 1] += ` ${sentence}`;
      else current.paragraphs.push(sentence);
      open = true;
    }
  }
  if (found < MIN_INLINE_HEADINGS) return null;
  return topics.filter((t) => t.paragraphs.length > 0);
}

/**
 * Topics of text without titles: its paragraphs when each is a topic's worth (two or more, none
 * under twelve words), a long one split by cohesion; else the whole text split by cohesion, its
 * paragraph breaks (a transcript's turns) the preferred places to cut.
 */
function untitledTopics(paragraphs: readonly string[]): Topic[] {
  const byParagraph = paragraphs.length >= 2 && paragraphs.every((p) => p.split(/\s+/).length >= MIN_PARAGRAPH_WORDS);
  if (byParagraph) return paragraphs.flatMap((p) => (countWords(p) > MAX_PARAGRAPH_WORDS ? cohesiveTopics([p]) : [{ heading: '', paragraphs: [p] }]));
  return cohesiveTopics(paragraphs);
}

/** The paragraphs cut into topics where their words change (cohesion.ts); paragraphs stay whole inside a topic. */
function cohesiveTopics(paragraphs: readonly string[]): Topic[] {
  const sentences = paragraphs.flatMap((p, i) => splitSentences(p).map((s) => ({ text: s.text, paragraph: i })));
  const breaks = new Set(sentences.flatMap((s, i) => (i > 0 && sentences[i - 1]!.paragraph !== s.paragraph ? [i] : [])));
  const boundaries = new Set(topicBoundaries({ sentences: sentences.map((s) => s.text), words: sentences.map((s) => countWords(s.text)), breaks }));
  const topics: Topic[] = [];
  sentences.forEach((s, i) => {
    if (i === 0 || boundaries.has(i)) topics.push({ heading: '', paragraphs: [s.text] });
    else if (breaks.has(i)) topics[topics.length - 1]!.paragraphs.push(s.text);
    else topics[topics.length - 1]!.paragraphs[topics[topics.length - 1]!.paragraphs.length - 1] += ` ${s.text}`;
  });
  return topics;
}

/**
 * Every topic titled, each title different from the others and from the document's: an untitled
 * topic takes the phrase its sentences share (distinctTitles); one that gets none joins the topic
 * before it (the first joins the next). Null when a single topic is left without a title.
 */
function titledTopics(topics: Topic[], documentTitle: string): Topic[] | null {
  let list = topics;
  while (list.some((t) => t.heading === '')) {
    const untitled = list.filter((t) => t.heading === '');
    const reserved = [documentTitle, ...list.filter((t) => t.heading !== '').map((t) => t.heading)].filter((t) => t.trim() !== '');
    const titles = distinctTitles(untitled.map(textOf), reserved);
    const missing = untitled.findIndex((_, i) => titles[i] === '' || reserved.some((r) => sameTitle(r, titles[i]!)));
    if (missing < 0) {
      untitled.forEach((t, i) => (t.heading = titles[i]!));
      break;
    }
    if (list.length === 1) return null;
    const at = list.indexOf(untitled[missing]!);
    const into = at > 0 ? at - 1 : 1;
    const merged = at > 0 ? { heading: list[into]!.heading, paragraphs: [...list[into]!.paragraphs, ...list[at]!.paragraphs] } : { heading: list[into]!.heading, paragraphs: [...list[at]!.paragraphs, ...list[into]!.paragraphs] };
    list = list.flatMap((t, i) => (i === into ? [merged] : i === at ? [] : [t]));
  }
  return list;
}

/** The titled topics of a headingless section, or null when it stays one section as it is. */
function topicsOf(section: SourceSection, documentTitle: string): Topic[] | null {
  // A first line that repeats the document's title is the title, which the cover shows.
  const own = section.paragraphs.filter((p) => !sameTitle(p, documentTitle));
  const words = own.reduce((n, p) => n + countWords(p), 0);
  if (own.length === 0 || words > MAX_SEGMENTED_WORDS) return null;
  const topics = headedTopics(own, documentTitle) ?? untitledTopics(own);
  return titledTopics(topics, documentTitle);
}

/**
 * The source with every headingless section split into titled topic sections (English; a
 * transcript's marks removed in every language). Each topic keeps its own sentences only, so a
 * slide's notes narrate its topic and no other.
 */
export function withTopicSections(source: SourceDocument, language: EngineLanguage): SourceDocument {
  const cleaned = withoutTranscriptMarks(source, language);
  if (language !== 'en') return cleaned;
  const sections: SourceSection[] = [];
  let changed = cleaned !== source;
  for (const section of cleaned.sections) {
    const topics = section.heading.trim() === '' ? topicsOf(section, cleaned.title) : null;
    if (!topics) {
      sections.push(section);
      continue;
    }
    changed = true;
    topics.forEach((topic, i) => {
      const last = i === topics.length - 1;
      sections.push({ ...section, heading: topic.heading, paragraphs: topic.paragraphs, bullets: last ? section.bullets : [], tables: last ? section.tables : [], notes: last ? section.notes : [] });
    });
  }
  return changed ? { ...cleaned, sections } : cleaned;
}
