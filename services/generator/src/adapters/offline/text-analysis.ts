// Text analysis for the offline engine: the material cut into units (sentences, bullets, table
// rows, notes), tokens, and key terms ranked by tf-idf across the document's sections. Every other
// engine module reads the material through this one view, so they agree on what a sentence and a
// key term are.
import { countWords, splitSentences } from '@trainwright/formats';
import type { SourceDocument } from '../../domain/types.js';
import { CONNECTORS, DETERMINERS, PREPOSITIONS, STOP_WORDS, VERB_ENDINGS, type EngineLanguage } from './stop-words.js';

export interface Token {
  text: string;
  /** Lower case, typographic apostrophes made plain. */
  lower: string;
  stem: string;
  start: number;
  end: number;
  stop: boolean;
}

export type UnitKind = 'paragraph' | 'bullet' | 'table' | 'note';

export interface TermOccurrence {
  key: string;
  start: number;
  end: number;
  /** The occurrence starts the unit (its capital letter may be the sentence's, not the term's). */
  initial: boolean;
  /** The word right before it in the same clause, lower case; '' at the start of a clause. */
  before: string;
}

/** One piece of the material: a sentence of a paragraph or note, a bullet or a table row. */
export interface TextUnit {
  /** Position in the document's reading order. */
  id: number;
  section: number;
  /** Which paragraph, bullet, table row or note of its section it comes from. */
  block: number;
  kind: UnitKind;
  text: string;
  words: number;
  /** A complete statement: ends with a terminator other than a question mark, at least five words, not a table row. */
  sentence: boolean;
  /** Asks a question ('What about a photo from the staff party?'): narrated, never a point, a summary or a question's sentence. */
  question: boolean;
  tokens: Token[];
  /** Token stems joined by single spaces, padded with a space on both sides, for phrase lookups. */
  stemText: string;
  occurrences: TermOccurrence[];
  /** Informativeness: the key terms it holds against its length. */
  score: number;
}

export interface KeyTerm {
  /** Stems of its words joined by single spaces: 'fire door' and 'Fire Doors' are one term. */
  key: string;
  /** The most common written form inside sentences. */
  display: string;
  /** Every written form, most common first (singular and plural, other cases). */
  forms: string[];
  words: number;
  count: number;
  score: number;
  /** Sections it occurs in, ascending. */
  sections: number[];
  /** Written with a capital (a name or acronym) even inside sentences. */
  capitalised: boolean;
  /** Determiners seen right before it ('an', 'la'): a substitute should fit the same one. */
  determiners: string[];
}

export interface SectionView {
  index: number;
  heading: string;
  level: number;
  units: TextUnit[];
}

export interface Analysis {
  language: EngineLanguage;
  sections: SectionView[];
  /** All units in reading order; a text that occurs twice is kept once. */
  units: TextUnit[];
  /** Ranked, best first. */
  terms: KeyTerm[];
  termByKey: ReadonlyMap<string, KeyTerm>;
  words: number;
  /** Every heading and unit, lower case, one per line: to check that a statement is not in the material. */
  materialLower: string;
  /** Words the material only ever writes with a capital inside sentences: names, not common words. */
  names: ReadonlySet<string>;
}

const WORD = /[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu;
// French and other elided articles ('l'extincteur') are words of their own.
const ELISION = /^(?:l|d|qu|n|s|c|j|m|t|jusqu|lorsqu|puisqu)['’](?=[\p{L}\p{N}])/iu;
const SENTENCE_END = /[.!?…](?:["'”’»)\]]*)$/u;
const HAS_LETTER = /\p{L}/u;
const UPPER_START = /^\p{Lu}/u;

export function normalizeWord(word: string): string {
  return word.toLowerCase().replace(/’/g, "'");
}

/** Lower case without accents, plural ending removed: 'Fires', 'fire' and 'FIRE' share a stem. */
export function stemWord(lower: string): string {
  let w = /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  else if (w.length > 3 && w.endsWith('ux')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

export function stemPhrase(text: string, language: EngineLanguage): string {
  return tokenize(text, language)
    .map((t) => t.stem)
    .join(' ');
}

export function tokenize(text: string, language: EngineLanguage): Token[] {
  const stops = STOP_WORDS[language];
  const tokens: Token[] = [];
  const push = (word: string, start: number) => {
    const lower = normalizeWord(word);
    // A capital letter on its own after the first word is a label ('Class A'), not the article.
    const label = tokens.length > 0 && word.length === 1 && UPPER_START.test(word);
    tokens.push({ text: word, lower, stem: stemWord(lower), start, end: start + word.length, stop: stops.has(lower) && !label });
  };
  for (const m of text.matchAll(WORD)) {
    let word = m[0];
    let start = m.index;
    const elision = ELISION.exec(word);
    if (elision) {
      push(elision[0], start);
      start += elision[0].length;
      word = word.slice(elision[0].length);
    }
    push(word, start);
  }
  return tokens;
}

/** The language whose stop words the text uses most; English when unsure. */
export function detectLanguage(text: string): EngineLanguage {
  const counts: Record<EngineLanguage, number> = { en: 0, es: 0, fr: 0 };
  let seen = 0;
  for (const m of text.matchAll(WORD)) {
    const lower = normalizeWord(m[0]);
    for (const lang of ['en', 'es', 'fr'] as const) if (STOP_WORDS[lang].has(lower)) counts[lang]++;
    if (++seen >= 5000) break;
  }
  if (counts.es > counts.en && counts.es >= counts.fr) return 'es';
  if (counts.fr > counts.en && counts.fr > counts.es) return 'fr';
  return 'en';
}

/** Text as one clean line: whitespace runs become one space. */
export function cleanLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Text with '\n' line breaks, spaces collapsed inside lines, blank lines kept as separators. */
export function cleanBlock(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t\f\v\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

interface Gram {
  /** Stem key of the words. */
  key: string;
  words: number;
  start: number;
  end: number;
  initial: boolean;
  /** The word right before it in the same clause (lower case), '' at the start of a clause. */
  before: string;
}

// English participles inside or at the end of a phrase make it a clause ('fires involving'), not a term.
const PARTICIPLE: Partial<Record<EngineLanguage, RegExp>> = { en: /(?:ing|ed)$/ };
/** Longest term: 'fire alarm call point'. */
export const MAX_TERM_WORDS = 4;

/**
 * Candidate terms of a unit: runs of 1 to 4 words inside one clause (punctuation between two
 * words ends the run), not starting or ending with a stop word, not starting with a number; one
 * connector may stand inside ('means of escape').
 */
function* grams(tokens: Token[], text: string, language: EngineLanguage): Generator<Gram> {
  const connectors = CONNECTORS[language];
  const participle = PARTICIPLE[language];
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i]!;
    if (first.stop || !HAS_LETTER.test(first.text)) continue;
    const previous = tokens[i - 1];
    const before = previous && !/\S/.test(text.slice(previous.end, first.start)) ? previous.lower : '';
    let key = '';
    let innerStops = 0;
    for (let n = 1; n <= MAX_TERM_WORDS && i + n - 1 < tokens.length; n++) {
      const last = tokens[i + n - 1]!;
      if (n > 1) {
        const prev = tokens[i + n - 2]!;
        if (/\S/.test(text.slice(prev.end, last.start))) break;
        // The previous last word is now inside the phrase: a connector at most, and no participle.
        if (n > 2 && ((prev.stop && (!connectors.has(prev.lower) || ++innerStops > 1)) || participle?.test(prev.lower))) break;
      }
      key = n === 1 ? first.stem : `${key} ${last.stem}`;
      if (last.stop) continue;
      if (n === 1 && !(first.text.length >= 3 || (first.text.length >= 2 && first.text === first.text.toUpperCase()))) continue;
      if (n > 1 && participle?.test(last.lower)) continue;
      yield { key, words: n, start: first.start, end: last.end, initial: i === 0, before };
    }
  }
}

/** Counts of a candidate term. Kept small: a long document has tens of thousands of them. */
interface Candidate {
  key: string;
  words: number;
  count: number;
  /** Sections it occurs in (ascending, units come in reading order) and its count in each. */
  sectionIds: number[];
  sectionCounts: number[];
  inHeading: boolean;
  /** Seen where a noun stands: after a determiner, after a preposition (unless verb-shaped), or opening a clause (phrases). */
  nounLike: boolean;
}

/** What is only needed for the chosen terms: how they are written and what precedes them. */
interface Forms {
  inner: Map<string, number>;
  all: Map<string, number>;
  determiners: Set<string>;
}

function count(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function byFrequency(forms: Map<string, number>): string[] {
  // Map iteration follows first appearance and the sort is stable, so ties go to the earlier form.
  return [...forms].sort((a, b) => b[1] - a[1]).map(([form]) => form);
}

export interface AnalyseOptions {
  language?: EngineLanguage;
  /** Words the request asks to focus on (content_focus, analysis_focus): units with them rank higher. */
  focus?: string;
}

/** Splits the document into units, ranks key terms and scores units. Pure and deterministic. */
export function analyseSource(source: SourceDocument, options: AnalyseOptions = {}): Analysis {
  const language = options.language ?? detectLanguage(source.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...s.bullets]).join('\n'));
  const seen = new Set<string>();
  const units: TextUnit[] = [];
  const sections: SectionView[] = [];

  const addUnit = (view: SectionView, kind: UnitKind, block: number, raw: string) => {
    const text = cleanLine(raw);
    if (!HAS_LETTER.test(text) && !/\p{N}/u.test(text)) return;
    if (seen.has(text)) return;
    seen.add(text);
    const tokens = tokenize(text, language);
    const words = countWords(text);
    const question = /\?["'”’»)\]]*$/u.test(text);
    const sentence = kind !== 'table' && !question && words >= 5 && SENTENCE_END.test(text) && splitSentences(text).length === 1;
    const unit: TextUnit = {
      id: units.length,
      section: view.index,
      block,
      kind,
      text,
      words,
      sentence,
      question,
      tokens,
      stemText: ` ${tokens.map((t) => t.stem).join(' ')} `,
      occurrences: [],
      score: 0,
    };
    units.push(unit);
    view.units.push(unit);
  };

  source.sections.forEach((section, index) => {
    const view: SectionView = { index, heading: cleanLine(section.heading), level: section.level, units: [] };
    sections.push(view);
    let block = 0;
    for (const p of section.paragraphs) {
      for (const s of splitSentences(cleanBlock(p))) addUnit(view, 'paragraph', block, s.text);
      block++;
    }
    for (const b of section.bullets) addUnit(view, 'bullet', block++, b);
    for (const table of section.tables) {
      for (const row of table) {
        const cells = row.map(cleanLine);
        if (cells.some(Boolean)) addUnit(view, 'table', block, cells.join(' | '));
        block++;
      }
    }
    for (const n of section.notes) {
      for (const s of splitSentences(cleanBlock(n))) addUnit(view, 'note', block, s.text);
      block++;
    }
  });

  const candidates = new Map<string, Candidate>();
  const determiners = DETERMINERS[language];
  const prepositions = PREPOSITIONS[language];
  const verbShaped = VERB_ENDINGS[language];
  let totalWords = 0;
  const lowerCase = new Set<string>();
  const capitalisedInside = new Set<string>();
  for (const unit of units) {
    totalWords += unit.words;
    unit.tokens.forEach((t, i) => {
      if (t.text === t.lower) lowerCase.add(t.lower);
      else if (i > 0 && UPPER_START.test(t.text)) capitalisedInside.add(t.lower);
    });
    for (const g of grams(unit.tokens, unit.text, language)) {
      let c = candidates.get(g.key);
      if (!c) {
        c = { key: g.key, words: g.words, count: 0, sectionIds: [], sectionCounts: [], inHeading: false, nounLike: false };
        candidates.set(g.key, c);
      }
      c.count++;
      if (c.sectionIds[c.sectionIds.length - 1] === unit.section) c.sectionCounts[c.sectionCounts.length - 1]!++;
      else {
        c.sectionIds.push(unit.section);
        c.sectionCounts.push(1);
      }
      c.nounLike ||=
        determiners.has(g.before) || (prepositions.has(g.before) && !verbShaped.test(unit.text.slice(g.start, g.end).toLowerCase())) || (g.words > 1 && g.before === '');
    }
  }
  for (const view of sections) {
    if (!view.heading) continue;
    for (const g of grams(tokenize(view.heading, language), view.heading, language)) {
      const c = candidates.get(g.key);
      if (c) c.inHeading = true;
    }
  }

  // Short texts have few repeats, so a single mention may already be a key term there.
  const minSingle = totalWords < 400 ? 1 : 2;
  // Without part-of-speech tagging, where a word stands tells nouns (terms) from verbs.
  const kept = [...candidates.values()].filter((c) => c.nounLike && (c.count >= (c.words === 1 ? minSingle : 2) || (c.inHeading && c.count >= 1)));
  // A shorter term that only ever occurs inside a longer kept one is that term, not one of its own.
  const dropped = new Set<string>();
  for (const c of kept) {
    if (c.words < 2) continue;
    const parts = c.key.split(' ');
    for (let n = 1; n < parts.length; n++) {
      for (let i = 0; i + n <= parts.length; i++) {
        const sub = candidates.get(parts.slice(i, i + n).join(' '));
        if (sub && sub.count <= c.count) dropped.add(sub.key);
      }
    }
  }
  const sectionCount = Math.max(1, sections.filter((s) => s.units.length > 0).length);
  const limit = Math.min(60, 12 + 4 * sectionCount);
  const chosen = kept
    .filter((c) => !dropped.has(c.key))
    .map((c) => {
      const idf = Math.log((1 + sectionCount) / (1 + c.sectionIds.length)) + 1;
      const tf = c.sectionCounts.reduce((sum, n) => sum + 1 + Math.log(n), 0);
      return { c, score: Math.round(tf * idf * Math.sqrt(c.words) * (c.inHeading ? 1.5 : 1) * 1000) / 1000 };
    })
    .sort((a, b) => b.score - a.score || (a.c.key < b.c.key ? -1 : a.c.key > b.c.key ? 1 : 0))
    .slice(0, limit);
  const scoreOf = new Map(chosen.map(({ c, score }) => [c.key, score]));

  // Second pass, for the chosen terms only: where they occur, how they are written.
  const forms = new Map<string, Forms>(chosen.map(({ c }) => [c.key, { inner: new Map(), all: new Map(), determiners: new Set() }]));
  const focusStems = new Set(options.focus ? tokenize(options.focus, language).filter((t) => !t.stop).map((t) => t.stem) : []);
  for (const unit of units) {
    const distinct = new Set<string>();
    for (const g of grams(unit.tokens, unit.text, language)) {
      const f = forms.get(g.key);
      if (!f) continue;
      const surface = unit.text.slice(g.start, g.end);
      count(f.all, surface);
      if (!g.initial) count(f.inner, surface);
      if (determiners.has(g.before)) f.determiners.add(g.before);
      unit.occurrences.push({ key: g.key, start: g.start, end: g.end, initial: g.initial, before: g.before });
      distinct.add(g.key);
    }
    let score = 0;
    for (const key of distinct) score += scoreOf.get(key)!;
    score /= 1 + Math.log(Math.max(1, unit.words));
    if (unit.words < 4) score *= 0.5;
    if (focusStems.size > 0 && unit.tokens.some((t) => focusStems.has(t.stem))) score *= 2;
    unit.score = Math.round(score * 1000) / 1000;
  }
  const terms: KeyTerm[] = chosen.map(({ c, score }) => {
    const f = forms.get(c.key)!;
    const inner = byFrequency(f.inner);
    const display = inner[0] ?? byFrequency(f.all)[0]!;
    return {
      key: c.key,
      display,
      forms: [...new Set([...inner, ...byFrequency(f.all)])],
      words: c.words,
      count: c.count,
      score,
      sections: c.sectionIds,
      capitalised: inner.length > 0 && UPPER_START.test(display),
      determiners: [...f.determiners].sort(),
    };
  });
  const termByKey = new Map(terms.map((t) => [t.key, t]));

  const materialLower = [...sections.map((s) => s.heading), ...units.map((u) => u.text)].join('\n').toLowerCase();
  return {
    language,
    sections,
    units,
    terms,
    termByKey,
    words: totalWords,
    materialLower,
    names: new Set([...capitalisedInside].filter((w) => !lowerCase.has(w))),
  };
}

/** Whether a unit mentions the term in any case or number. */
export function mentions(unit: TextUnit, term: KeyTerm): boolean {
  return unit.stemText.includes(` ${term.key} `);
}

/** Whether two terms are the same or one contains the other ('fire door' and 'fire doors', 'door'). */
export function overlaps(a: KeyTerm, b: KeyTerm): boolean {
  return ` ${a.key} `.includes(` ${b.key} `) || ` ${b.key} `.includes(` ${a.key} `);
}

/** Whether a written form ends in a plural ('doors', 'feux'): options of a blank agree in number. */
export function looksPlural(form: string): boolean {
  return /(?:[^s]s|x)$/iu.test(form);
}
