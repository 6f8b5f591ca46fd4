// Questions from the material and nothing else:
// - multiple choice: a sentence with one key term blanked; the answer is that term, the three
//   distractors are other key terms of the same kind that do not occur in the sentence;
// - true/false: a sentence as written (true) or with one key term swapped for another (false,
//   and the swapped sentence must not occur in the material);
// - scenario: a situation named by a section's heading; the answer is a sentence of that
//   section, the distractors sentences of other sections.
// Every question uses its own sentence. When the material runs out, fewer questions come back and
// `shortfall` says why: nothing is padded.
import type { AssessmentType, DifficultyLevel } from '@trainwright/catalogue';
import type { GeneratedQuestion, QuestionOption } from '@trainwright/formats';
import type { SourceDocument } from '../../domain/types.js';
import { FRAMING, fill } from './framing.js';
import { headingSubject, inSentenceCase } from './objectives.js';
import { hashText, seededShuffle } from '@trainwright/formats';
import { DETERMINERS, type EngineLanguage } from './stop-words.js';
import { negate, negateSimple, nounAt } from './nlp.js';
import { type Analysis, type KeyTerm, type TermOccurrence, type TextUnit, analyseSource, looksPlural, mentions, overlaps, stemPhrase } from './text-analysis.js';

export const BLANK = '_____';
const OPTION_IDS = ['a', 'b', 'c', 'd'];
const MAX_QUESTION_WORDS = 45;

export interface QuestionOptions {
  count: number;
  types: AssessmentType[];
  difficulty: DifficultyLevel;
  includeExplanations: boolean;
  /** Language of the question stems; the material's own language when left out. */
  language?: EngineLanguage;
}

const SHORTFALL_REASONS: Record<AssessmentType, string> = {
  multiple_choice: 'multiple choice needs a sentence with a key term and three other key terms of the same kind that are not in it',
  true_false: 'true/false needs a complete sentence with a key term (and, for a false statement, another key term to swap in)',
  scenario: 'scenario questions need complete sentences in at least two sections, and three sentences from other sections as distractors',
};

function countIn(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) n++;
  return n;
}

function capitaliseFirst(text: string): string {
  return text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

function lowerFirst(text: string): string {
  return text.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
}

/** Makes questions one at a time, so a caller can report progress between them. */
export class QuestionBuilder {
  private readonly used = new Set<number>();
  /** Per type, per section: candidate sentences in the order the difficulty prefers. */
  private readonly queues: Map<AssessmentType, Map<number, { list: TextUnit[]; next: number }>>;
  /** Questions made per section, so that questions spread over the material. */
  private readonly perSection = new Map<number, number>();
  private readonly rotation: AssessmentType[];
  private readonly exhausted = new Set<AssessmentType>();
  private readonly maxCount: number;
  private readonly language: EngineLanguage;
  private sectionCache: Array<{ index: number; sentences: TextUnit[]; terms: Set<string> }> | null = null;
  private turn = 0;
  private trueCount = 0;
  private falseCount = 0;
  readonly questions: GeneratedQuestion[] = [];

  constructor(
    private readonly analysis: Analysis,
    private readonly options: QuestionOptions,
  ) {
    this.language = options.language ?? analysis.language;
    this.maxCount = analysis.terms.reduce((m, t) => Math.max(m, t.count), 1);
    this.rotation = [...new Set(options.types)];
    this.queues = new Map(
      this.rotation.map((type) => [type, new Map([...this.candidates(type)].map(([section, list]) => [section, { list, next: 0 }]))]),
    );
  }

  /** The next question, or null when the count is reached or the material supports no more. */
  next(): GeneratedQuestion | null {
    while (this.questions.length < this.options.count && this.rotation.length > 0) {
      const type = this.rotation[this.turn % this.rotation.length]!;
      const question = this.take(type);
      if (question) {
        this.turn++;
        this.questions.push(question);
        return question;
      }
      this.exhausted.add(type);
      this.rotation.splice(this.rotation.indexOf(type), 1);
    }
    return null;
  }

  /** Why fewer questions than requested came back; null when the count was reached. */
  shortfall(): string | null {
    const made = this.questions.length;
    if (made >= this.options.count) return null;
    const reasons = [...this.exhausted].map((t) => SHORTFALL_REASONS[t]);
    const why = reasons.length > 0 ? reasons.join('; ') : 'no question type was requested';
    return `The material supports ${made} of the ${this.options.count} requested questions without repeating a sentence or adding content: ${why}.`;
  }

  /** 0 (easy) to 1 (hard): long sentences about rare terms are harder. */
  private difficultyOf(unit: TextUnit): number {
    const length = Math.min(1, Math.max(0, (unit.words - 6) / 30));
    const counts = unit.occurrences.map((o) => this.term(o.key).count);
    const rarity = counts.length > 0 ? 1 - Math.min(...counts) / this.maxCount : 1;
    return (length + rarity) / 2;
  }

  private term(key: string): KeyTerm {
    return this.analysis.termByKey.get(key)!;
  }

  /** Candidate sentences per section, in the order the difficulty prefers. */
  private candidates(type: AssessmentType): Map<number, TextUnit[]> {
    const target = this.options.difficulty;
    const rank = (u: TextUnit) => {
      const d = this.difficultyOf(u);
      return target === 'basic' ? d : target === 'advanced' ? -d : Math.abs(d - 0.5);
    };
    const bySection = new Map<number, TextUnit[]>();
    for (const u of this.analysis.units) {
      const eligible =
        u.kind !== 'table' &&
        u.words >= 5 &&
        u.words <= MAX_QUESTION_WORDS &&
        !u.text.includes('___') &&
        !u.question &&
        u.occurrences.length > 0 &&
        (type === 'multiple_choice' || u.sentence);
      if (!eligible) continue;
      const list = bySection.get(u.section);
      if (list) list.push(u);
      else bySection.set(u.section, [u]);
    }
    for (const list of bySection.values()) list.sort((a, b) => rank(a) - rank(b) || b.score - a.score || a.id - b.id);
    return bySection;
  }

  /** The next sentence that makes a question of this type, from the section with the fewest questions. */
  private take(type: AssessmentType): GeneratedQuestion | null {
    const count = (section: number) => this.perSection.get(section) ?? 0;
    const sections = [...this.queues.get(type)!].sort(([a], [b]) => count(a) - count(b) || a - b);
    for (const [section, queue] of sections) {
      while (queue.next < queue.list.length) {
        const unit = queue.list[queue.next++]!;
        if (this.used.has(unit.id)) continue;
        const made = type === 'multiple_choice' ? this.cloze(unit) : type === 'true_false' ? this.trueFalse(unit) : this.scenario(unit);
        if (made) {
          this.used.add(unit.id);
          this.perSection.set(section, count(section) + 1);
          return made;
        }
      }
    }
    return null;
  }

  /** Occurrences that may be blanked or swapped, in the order the difficulty prefers. */
  private blankable(unit: TextUnit): TermOccurrence[] {
    const target = this.options.difficulty;
    return unit.occurrences
      .filter((o) => countIn(unit.stemText, ` ${this.term(o.key).key} `) === 1)
      .sort((a, b) => {
        // Sentence-initial terms last: their capital letter would single them out.
        if (a.initial !== b.initial) return a.initial ? 1 : -1;
        const ta = this.term(a.key);
        const tb = this.term(b.key);
        const order = target === 'basic' ? tb.count - ta.count : target === 'advanced' ? ta.count - tb.count : tb.score - ta.score;
        return order || a.start - b.start;
      });
  }

  /**
   * Other key terms that could stand in the blank: same number of words first, then those that fit
   * the determiner and number, then (by difficulty) from the same section or from others, then
   * similar length.
   */
  private substitutes(unit: TextUnit, answer: KeyTerm, occurrence: TermOccurrence): KeyTerm[] {
    const sameSectionFirst = this.options.difficulty !== 'basic';
    const written = unit.text.slice(occurrence.start, occurrence.end);
    const length = written.length;
    const plural = looksPlural(written);
    // 'an' or 'la' before the blank: a term the material also writes after it fits grammatically.
    const determiner = DETERMINERS[this.analysis.language].has(occurrence.before) ? occurrence.before : null;
    return this.analysis.terms
      .filter((t) => t !== answer && !overlaps(t, answer) && !mentions(unit, t))
      .map((t) => {
        const local = t.sections.includes(unit.section);
        const agrees = t.forms.some((f) => looksPlural(f) === plural);
        return {
          t,
          key: [
            Math.abs(t.words - answer.words),
            determiner === null || t.determiners.includes(determiner) ? 0 : 1,
            agrees ? 0 : 1,
            local === sameSectionFirst ? 0 : 1,
            Math.round(Math.abs(t.display.length - length) / 4),
            t.capitalised === answer.capitalised ? 0 : 1,
          ],
        };
      })
      .sort((a, b) => {
        for (let i = 0; i < a.key.length; i++) if (a.key[i] !== b.key[i]) return a.key[i]! - b.key[i]!;
        return a.t.key < b.t.key ? -1 : a.t.key > b.t.key ? 1 : 0;
      })
      .map((x) => x.t);
  }

  /** A term written to fit where the answer stood: same number, capital at the start of a sentence. */
  private fitted(term: KeyTerm, occurrence: TermOccurrence, written: string): string {
    const plural = looksPlural(written);
    const form = term.forms.find((f) => looksPlural(f) === plural) ?? term.display;
    if (occurrence.initial) return capitaliseFirst(form);
    return term.capitalised ? form : lowerFirst(form);
  }

  private readonly nounTerms = new Map<string, boolean>();

  /**
   * English: whether the term is a noun where the material uses it (compromise's tags), so that a
   * blank and its distractors are words of the same kind ('floor', 'horn', not 'near'). Spanish and
   * French are not tagged: their terms keep the position heuristics of text-analysis.ts.
   */
  private isNounTerm(term: KeyTerm, unit?: TextUnit): boolean {
    if (this.analysis.language !== 'en') return true;
    const cacheKey = unit ? `${term.key}@${unit.id}` : term.key;
    let known = this.nounTerms.get(cacheKey);
    if (known === undefined) {
      const where = unit ?? this.analysis.units.find((u) => u.sentence && mentions(u, term));
      const last = term.display.split(/\s+/).pop()!;
      known = where !== undefined && term.forms.some((f) => nounAt(where.text, f.split(/\s+/).pop()!)) || (where !== undefined && nounAt(where.text, last));
      this.nounTerms.set(cacheKey, known);
    }
    return known;
  }

  private explanation(text: string): string {
    return this.options.includeExplanations ? fill(FRAMING[this.language].explainQuote, { x: text }) : '';
  }

  private question(type: AssessmentType, unit: TextUnit, prompt: string, correct: string, wrong: string[], shuffle: boolean, explanation: string): GeneratedQuestion {
    const texts = [{ text: correct, is_correct: true }, ...wrong.map((text) => ({ text, is_correct: false }))];
    const ordered = shuffle ? seededShuffle(texts, `${type}|${unit.text}`) : texts;
    const options: QuestionOption[] = ordered.map((o, i) => ({ id: OPTION_IDS[i]!, ...o }));
    return {
      id: `q${this.questions.length + 1}`,
      type,
      difficulty: this.options.difficulty,
      prompt,
      options,
      explanation,
      source: unit.text,
    };
  }

  private cloze(unit: TextUnit): GeneratedQuestion | null {
    for (const occ of this.blankable(unit)) {
      const answer = this.term(occ.key);
      if (!this.isNounTerm(answer, unit)) continue;
      const before = unit.text.slice(0, occ.start);
      const after = unit.text.slice(occ.end);
      const correct = unit.text.slice(occ.start, occ.end);
      const chosen: KeyTerm[] = [];
      const texts = new Set([correct.toLowerCase()]);
      for (const t of this.substitutes(unit, answer, occ)) {
        const text = this.fitted(t, occ, correct);
        // A distractor that turns the sentence into another sentence of the material would be right too.
        if (texts.has(text.toLowerCase()) || !this.isNounTerm(t) || chosen.some((c) => overlaps(c, t)) || this.analysis.materialLower.includes(`${before}${text}${after}`.toLowerCase())) continue;
        chosen.push(t);
        texts.add(text.toLowerCase());
        if (chosen.length === 3) break;
      }
      if (chosen.length < 3) continue;
      const framing = FRAMING[this.language];
      return this.question(
        'multiple_choice',
        unit,
        `${framing.cloze} ${before}${BLANK}${after}`,
        correct,
        chosen.map((t) => this.fitted(t, occ, correct)),
        true,
        this.explanation(unit.text),
      );
    }
    return null;
  }

  /** The sentence with one key term swapped for another, provided the result is not in the material. */
  private falseStatement(unit: TextUnit): string | null {
    // A negated main verb is grammatical and false by construction; a swapped term (which could
    // turn 'keep your arms' into 'blind your arms') is no longer used.
    const language = this.analysis.language;
    const negated = language === 'en' ? negate(unit.text) : negateSimple(unit.text, language);
    return negated && !this.analysis.materialLower.includes(negated.toLowerCase()) ? negated : null;
  }

  private trueFalse(unit: TextUnit): GeneratedQuestion | null {
    // Alternates by the sentence's hash, corrected so that neither answer runs ahead by more than one.
    const balance = this.trueCount - this.falseCount;
    const wantFalse = balance >= 1 ? true : balance <= -1 ? false : hashText(unit.text) % 2 === 1;
    // A sentence with no possible swap can still be a true statement while trues do not lead.
    const statement = (wantFalse ? this.falseStatement(unit) : null) ?? (balance < 1 ? unit.text : null);
    if (statement === null) return null;
    const framing = FRAMING[this.language];
    const isTrue = statement === unit.text;
    if (isTrue) this.trueCount++;
    else this.falseCount++;
    const options = [
      { text: framing.trueLabel, is_correct: isTrue },
      { text: framing.falseLabel, is_correct: !isTrue },
    ];
    return {
      id: `q${this.questions.length + 1}`,
      type: 'true_false',
      difficulty: this.options.difficulty,
      prompt: `${framing.trueFalse} ${statement}`,
      options: options.map((o, i) => ({ id: OPTION_IDS[i]!, ...o })),
      explanation: this.explanation(unit.text),
      source: unit.text,
    };
  }

  /** What the scenario is about: the section's heading, or the sentence's main term without one. */
  private subject(unit: TextUnit): string {
    const heading = headingSubject(this.analysis.sections[unit.section]!.heading);
    if (heading) return inSentenceCase(heading, this.analysis.names);
    const best = [...unit.occurrences].sort((a, b) => this.term(b.key).score - this.term(a.key).score)[0]!;
    return this.term(best.key).display;
  }

  /** Key terms of a section's heading that few sections share: a distractor must not name them. */
  private headingTerms(section: number): KeyTerm[] {
    const heading = ` ${stemPhrase(this.analysis.sections[section]!.heading, this.analysis.language)} `;
    const sectionsWithText = this.analysis.sections.filter((s) => s.units.length > 0).length;
    return this.analysis.terms.filter((t) => heading.includes(` ${t.key} `) && t.sections.length <= Math.max(1, Math.floor(sectionsWithText / 2)));
  }

  /** Per section: its complete sentences, best first, and the key terms it uses. Built once. */
  private sectionSentences(): Array<{ index: number; sentences: TextUnit[]; terms: Set<string> }> {
    this.sectionCache ??= this.analysis.sections.map((s) => ({
      index: s.index,
      sentences: s.units.filter((u) => u.sentence && u.words <= MAX_QUESTION_WORDS).sort((a, b) => b.score - a.score || a.id - b.id),
      terms: new Set(s.units.flatMap((u) => u.occurrences.map((o) => o.key))),
    }));
    return this.sectionCache;
  }

  private scenario(unit: TextUnit): GeneratedQuestion | null {
    const all = this.sectionSentences();
    const own = new Set(this.analysis.sections[unit.section]!.units.map((u) => u.text));
    const ownTerms = all[unit.section]!.terms;
    const named = this.headingTerms(unit.section);
    // Sections sharing many key terms with this one make harder distractors.
    const others = all
      .filter((s) => s.index !== unit.section)
      .map((s) => ({
        index: s.index,
        sentences: s.sentences.filter((u) => !own.has(u.text) && !named.some((t) => mentions(u, t))),
        shared: [...s.terms].filter((k) => ownTerms.has(k)).length,
      }))
      .filter((s) => s.sentences.length > 0);
    if (others.length === 0) return null;
    const target = this.options.difficulty;
    others.sort((a, b) => (target === 'advanced' ? b.shared - a.shared : target === 'basic' ? a.shared - b.shared : 0) || a.index - b.index);
    // One sentence from each of the chosen sections in turn, so distractors come from different parts.
    const distractors: string[] = [];
    for (let depth = 0; distractors.length < 3; depth++) {
      const layer = others.map((s) => s.sentences[depth]).filter((u): u is TextUnit => u !== undefined);
      if (layer.length === 0) break;
      for (const u of layer) if (distractors.length < 3 && !distractors.includes(u.text)) distractors.push(u.text);
    }
    if (distractors.length < 3) return null;
    const framing = FRAMING[this.language];
    const subject = this.subject(unit);
    // Questions on the same section take the situations in turn rather than repeating one.
    const prompt = fill(framing.scenario[(this.perSection.get(unit.section) ?? 0) % framing.scenario.length]!, { x: subject });
    const explanation = this.options.includeExplanations ? fill(framing.explainSection, { h: `"${subject}"`, x: unit.text }) : '';
    return this.question('scenario', unit, prompt, unit.text, distractors, true, explanation);
  }
}

export interface QuestionSet {
  questions: GeneratedQuestion[];
  /** Why fewer than the requested count came back; null when all were made. */
  shortfall: string | null;
}

export function generateQuestionSet(analysis: Analysis, options: QuestionOptions): QuestionSet {
  const builder = new QuestionBuilder(analysis, options);
  while (builder.next()) {
    // The builder collects the questions.
  }
  return { questions: builder.questions, shortfall: builder.shortfall() };
}

/** Questions about a source document; fewer than `count` when the material cannot support more. */
export function generateQuestions(
  source: SourceDocument,
  options: { count: number; types: AssessmentType[]; difficulty: DifficultyLevel; includeExplanations: boolean },
): GeneratedQuestion[] {
  return generateQuestionSet(analyseSource(source), options).questions;
}
