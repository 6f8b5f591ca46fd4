// Learning objectives: a Bloom action verb for the requested level plus what the material's
// headings (or, without headings, its key terms) name. The user's own objectives win when given.
import type { ComplexityLevel, DifficultyLevel } from '@trainwright/catalogue';
import { MAX_POINTS_PER_SLIDE } from '@trainwright/formats';
import { FRAMING, fill } from './framing.js';
import type { EngineLanguage } from './stop-words.js';
import { activityClause, instructionClause, isInstruction, nounPhrases, passiveClause, tagSentence } from './nlp.js';
import { opensWithBloomVerb } from './bloom.js';
import { stemWord, tokenize, type Analysis, type SectionView, type TextUnit } from './text-analysis.js';

export const MAX_OBJECTIVES = MAX_POINTS_PER_SLIDE;

// Headings that organise a document rather than name something to learn.
export const GENERIC_HEADINGS: Record<EngineLanguage, ReadonlySet<string>> = {
  en: new Set(['introduction', 'overview', 'summary', 'conclusion', 'conclusions', 'contents', 'table of contents', 'references', 'appendix', 'glossary', 'about this course', 'further reading', 'next steps']),
  es: new Set(['introducción', 'resumen', 'conclusión', 'conclusiones', 'índice', 'referencias', 'anexo', 'glosario', 'próximos pasos']),
  fr: new Set(['introduction', 'résumé', 'conclusion', 'conclusions', 'sommaire', 'table des matières', 'références', 'annexe', 'glossaire', 'prochaines étapes']),
};

const NUMBERING = /^(?:(?:chapter|section|part|module|unit|lesson|capítulo|sección|parte|módulo|unidad|lección|chapitre|partie|leçon|unité)\s+)?(?:\d+(?:\.\d+)*|[IVX]+)\s*[.):-]?\s+/i;

/** A heading without its numbering ('2.1 ', 'Chapter 3: ') and final colon. */
export function headingSubject(heading: string): string {
  return heading.replace(NUMBERING, '').replace(/[:.]\s*$/, '').trim();
}

/**
 * Title-case words become lower case unless the material writes them only with a capital (a
 * name), so 'Why Fire Safety Matters' reads 'why fire safety matters' after a verb while
 * 'Excel' keeps its capital. Acronyms are left alone.
 */
export function inSentenceCase(phrase: string, names: ReadonlySet<string>): string {
  return phrase.replace(/[\p{L}][\p{L}'’-]*/gu, (word) =>
    /^\p{Lu}[\p{Ll}'’-]*$/u.test(word) && !names.has(word.toLowerCase().replace(/’/g, "'")) ? word.toLowerCase() : word,
  );
}

/** The Bloom level of the objective at `index`: 'mixed' walks through the three levels. */
export function levelAt(level: ComplexityLevel, index: number): DifficultyLevel {
  if (level !== 'mixed') return level;
  return (['basic', 'intermediate', 'advanced'] as const)[index % 3]!;
}

/** 'Explain <subject>' with the verbs of the level taken in turn, so a list does not repeat one verb. */
export function objectiveFor(subject: string, level: ComplexityLevel, index: number, language: EngineLanguage): string {
  const framing = FRAMING[language];
  const verbs = framing.bloom[levelAt(level, index)];
  return fill(framing.objective, { v: verbs[index % verbs.length]!, x: subject });
}

/**
 * Objectives from the material's top headings (the highest level present, the next one too when
 * that gives fewer than three), or from its key terms when it has no usable headings.
 */
export function objectivesFromMaterial(analysis: Analysis, level: ComplexityLevel, max = MAX_OBJECTIVES): string[] {
  // The trainer's own headings (level 1 and below) name what to learn; material without them
  // (pasted text, topic sections found by topics.ts, level 0) gets objectives from its phrases.
  if (analysis.language === 'en' && !analysis.sections.some((s) => s.level > 0 && s.heading !== '')) {
    const tagged = taggedObjectives(analysis, level, max);
    if (tagged.length >= Math.min(3, analysis.sections.length)) return tagged;
  }
  return heuristicObjectives(analysis, level, max);
}

// English verbs that take any noun phrase, by level.
const EN_VERBS: Record<DifficultyLevel, readonly string[]> = {
  basic: ['Identify', 'Describe', 'Recognise'],
  intermediate: ['Explain', 'Describe'],
  advanced: ['Analyse', 'Evaluate', 'Assess'],
};
// Frames that take an action of the material (an instruction), by level. At the apply level an
// instruction that opens with a Bloom verb is the objective as written ('Inspect the forks ...').
const EN_ACTION_FRAMES: Record<DifficultyLevel, readonly string[]> = {
  basic: ['Describe how to', 'Explain how to'],
  intermediate: ['Demonstrate how to', 'Show how to'],
  advanced: ['Justify the need to', 'Explain why you should'],
};
// An action this short names too little on its own ('Carry loads low'): the sentence it opens
// gives its context when the whole sentence is no longer than this.
const SHORT_ACTION_WORDS = 3;
const MAX_ACTION_SENTENCE_WORDS = 16;

const stems = (text: string) => tokenize(text, 'en').filter((t) => !t.stop).map((t) => stemWord(t.lower));

/**
 * One objective per section (English), a measurable one: at the apply level the material's own
 * instruction ('Report every incident and near miss within 24 hours') or activity ('Parking the
 * truck correctly prevents ...' -> 'Park the truck correctly after your shift'); at the other
 * levels a Bloom verb with 'how to' and that action, or a noun phrase of two or more words as the
 * material writes it with the context the sentence gives it ('Explain the right of way of
 * pedestrians').
 */
function taggedObjectives(analysis: Analysis, level: ComplexityLevel, max: number): string[] {
  const objectives: string[] = [];
  const seen = new Set<string>();
  for (const section of analysis.sections) {
    if (objectives.length >= max) break;
    const objective = sectionObjective(section, levelAt(level, objectives.length), objectives.length, analysis.names, seen);
    if (objective) objectives.push(objective);
  }
  return objectives;
}

/**
 * The objective of one section at a level (English), or null when its sentences hold no phrase
 * of two or more words; `seen` (keys of objectives already made) keeps two sections from one
 * objective. Used for the deck's objectives and for a learning path's module objectives.
 */
export function sectionObjective(section: SectionView, level: DifficultyLevel, index: number, names: ReadonlySet<string>, seen: Set<string> = new Set()): string | null {
  const action = sectionAction(section);
  if (action && !seen.has(action.key)) {
    seen.add(action.key);
    return actionObjective(action.text, level, index);
  }
  const phrase = sectionPhrase(section, GENERIC_HEADINGS.en);
  if (!phrase || seen.has(phrase.key)) return null;
  seen.add(phrase.key);
  const verbs = EN_VERBS[level];
  return `${verbs[index % verbs.length]!} ${inSentenceCase(phrase.text, names)}${phrase.context ? ` ${phrase.context}` : ''}`;
}

/**
 * The action a section teaches: the instruction (or activity) of its best sentences that shares
 * most words with the section's heading and its other sentences; null when it gives none.
 */
function sectionAction(section: SectionView): { text: string; key: string } | null {
  const sentences = taught(section).sort((a, b) => b.score - a.score || a.id - b.id).slice(0, 4);
  const heading = new Set(stems(headingSubject(section.heading)));
  const all = sentences.map((u) => new Set(u.tokens.filter((t) => !t.stop).map((t) => t.stem)));
  let best: { text: string; key: string; score: number } | null = null;
  for (const [i, unit] of sentences.entries()) {
    const clause = activityClause(unit.text) ?? passiveClause(unit.text) ?? instructionClause(unit.text);
    if (!clause) continue;
    const text = withContext(clause, unit.text);
    // Measurable means it names what is acted on: a phrase of two words or more ('the recipient's
    // address twice' names only 'address').
    if (!namesAPhrase(text)) continue;
    const words = stems(text);
    const score = words.filter((w) => heading.has(w)).length * 10 + all.filter((set) => words.some((w) => set.has(w))).length * 3 - i - Math.max(0, words.length - 8);
    if (!best || score > best.score) best = { text, key: words.join(' '), score };
  }
  return best;
}

/** A short action with the rest of the sentence it opens, when that sentence is short enough. */
function withContext(action: string, sentence: string): string {
  const whole = sentence.trim().replace(/[.!?]+$/, '');
  const words = whole.split(/\s+/).length;
  if (action.split(/\s+/).length > SHORT_ACTION_WORDS || words > MAX_ACTION_SENTENCE_WORDS) return action;
  return whole.toLowerCase().startsWith(action.toLowerCase()) && whole.length > action.length ? whole : action;
}

/** What a section teaches in whole statements: its sentences, else (a slide of points) its bullets of four words or more. */
function taught(section: SectionView): TextUnit[] {
  const sentences = section.units.filter((u) => u.sentence);
  return sentences.length > 0 ? sentences : section.units.filter((u) => u.kind === 'bullet' && u.words >= 4 && !u.question);
}

function sectionPhrase(section: SectionView, generic: ReadonlySet<string>): { text: string; context: string; key: string } | null {
  const sentences = taught(section).sort((a, b) => b.score - a.score || a.id - b.id).slice(0, 4);
  if (sentences.length === 0) return null;
  const heading = headingSubject(section.heading);
  const target = new Set(generic.has(heading.toLowerCase()) ? [] : stems(heading));
  const others = sentences.map((u) => new Set(u.tokens.filter((t) => !t.stop).map((t) => t.stem)));
  let best: { text: string; context: string; key: string; score: number } | null = null;
  for (const [i, unit] of sentences.entries()) {
    for (const p of nounPhrases(unit.text)) {
      const words = stems(p.core);
      // A number stays when it belongs to the phrase: '25 days of annual leave' counts what the
      // material is about; '24 hours' alone, or 'three calendar days', names nothing to learn.
      if (words.length < 1 || p.text.split(/\s+/).length < 2 || (/\d/.test(p.core) || p.quantity) && p.complement === '') continue;
      const inHeading = words.filter((w) => target.has(w)).length;
      const shared = others.filter((set) => words.some((w) => set.has(w))).length;
      const score = inHeading * 10 + shared * 3 + (p.context ? 2 : 0) + Math.min(2, words.length) - i;
      // A quantity is what a learner states, not a thing to explain: '25 days of annual leave'
      // -> 'the number of days of annual leave'.
      const text = p.quantity ? p.text.replace(/^\S+\s+/, 'the number of ') : p.text.replace(/^(?:Every|Each|A|An|The|Your)\b/, (d) => d.toLowerCase());
      if (!best || score > best.score) best = { text, context: p.context, key: words.join(' '), score };
    }
  }
  return best;
}

function heuristicObjectives(analysis: Analysis, level: ComplexityLevel, max: number): string[] {
  const generic = GENERIC_HEADINGS[analysis.language];
  const headed = analysis.sections
    .map((section) => ({ section, level: section.level, subject: headingSubject(section.heading) }))
    .filter((h) => h.subject !== '' && !generic.has(h.subject.toLowerCase()));
  const levels = [...new Set(headed.map((h) => h.level))].sort((a, b) => a - b);
  let chosen = headed.filter((h) => h.level === levels[0]);
  if (chosen.length < 3 && levels.length > 1) chosen = headed.filter((h) => h.level <= levels[1]!);
  if (chosen.length === 0) {
    const terms = [...analysis.terms.filter((t) => t.words >= 2), ...analysis.terms.filter((t) => t.words < 2)].slice(0, 5).map((t) => t.display);
    return [...new Set(terms)].slice(0, max).map((subject, i) => objectiveFor(subject, level, i, analysis.language));
  }
  const objectives: string[] = [];
  const seen = new Set<string>();
  for (const h of chosen) {
    if (objectives.length >= max) break;
    const objective = analysis.language === 'en' ? headedObjective(h.section, h.subject, level, objectives.length, analysis.names, seen) : objectiveFor(inSentenceCase(h.subject, analysis.names), level, objectives.length, analysis.language);
    if (objective && !objectives.includes(objective)) objectives.push(objective);
  }
  return objectives;
}

/** Whether an objective names what it is about: a noun phrase of two words or more ('the rated capacity'), not 'pushing and pulling'. */
export function namesAPhrase(objective: string): boolean {
  return nounPhrases(objective).some((p) => p.text.split(/\s+/).length >= 2);
}

/**
 * The objective of a headed section (English): a heading that is an instruction ('Assess the
 * load first') is the action itself; a heading that names a topic in a phrase of two words or
 * more gets a Bloom verb ('Explain the assembly point', 'Identify why fire safety matters'); any
 * other ('Pushing and pulling', 'When the alarm sounds', 'Reporting pain early') gives way to the
 * action or phrase of the section's own text (sectionObjective).
 */
function headedObjective(section: SectionView, subject: string, level: ComplexityLevel, index: number, names: ReadonlySet<string>, seen: Set<string>): string | null {
  const at = levelAt(level, index);
  if (isInstruction(subject) && namesAPhrase(subject)) return actionObjective(subject, at, index);
  const framed = objectiveFor(inSentenceCase(subject, names), level, index, 'en');
  // A subordinate clause ('When the alarm sounds') names a moment, not a topic.
  const opener = tagSentence(subject)[0];
  const clause = opener !== undefined && (opener.tags.has('Conjunction') || opener.tags.has('Preposition'));
  if (!clause && namesAPhrase(framed) && opensWithBloomVerb(framed)) return framed;
  return sectionObjective(section, at, index, names, seen);
}

/** An action as an objective: as written at the apply level when it opens with a Bloom verb, else framed ('Demonstrate how to ...'). */
function actionObjective(action: string, level: DifficultyLevel, index: number): string {
  if (level === 'intermediate' && opensWithBloomVerb(action)) return action;
  const frames = EN_ACTION_FRAMES[level];
  return `${frames[index % frames.length]!} ${action.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())}`;
}
