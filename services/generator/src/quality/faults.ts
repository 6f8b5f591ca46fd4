// Faults a trainer sees at once in a deck as it is rendered, and that the counts of metrics.ts
// miss: objectives and summary points that are one or two words, slides that are lists of single
// words, generic or repeated section titles, a slide that repeats the cover, markup characters on
// a slide face, instructions to the writer left in the text, questions the material does not
// answer (or answers differently from the key), true/false items that are not sentences, and too
// little material for a training deck.
import { MAX_POINTS_PER_SLIDE, countWords, opensWithTitleSlide, splitSentences, type GeneratedQuestion, type Slide, type SlideDeck } from '@trainwright/formats';
import type { ScorableContent } from '../domain/types.js';
import { inlineHeading, isInstruction, tagSentence, type TaggedTerm } from '../adapters/offline/nlp.js';
import { shortenAtClause } from '../adapters/offline/clauses.js';
import { sentencePoints, slidePoint } from '../adapters/offline/points.js';
import { LABELS, OBJECTIVE_FRAME_WORDS, baseTitle, contentStems, fold, hasBody, isToneFramingLine, sentenceKey, slideRoles, wordsOf, type Language, type SlideRole } from './text.js';

/** Objectives and summary points shorter than this are fragments, not statements. */
export const MIN_STATEMENT_WORDS = 3;
/** A training deck teaches at least this many sentences; fewer cannot earn full marks for depth. */
export const DEPTH_SENTENCES = 25;
/** ...on at least this many teaching slides. */
export const DEPTH_SLIDES = 4;

// Section titles that name no topic (en, es, fr); a number or '(2)' after them changes nothing.
const GENERIC_TITLE =
  /^(?:introduction|intro|overview|content|contents|main points?|key points?|points|details|general|miscellaneous|misc|other|more|notes|topics?|section|part|chapter|page|slide|module|lesson|unit|untitled|continued|body|main|background|introduccion|resumen general|contenido|puntos clave|seccion|parte|capitulo|pagina|diapositiva|sin titulo|apercu|contenu|points cles|partie|chapitre|diapo|sans titre|generalites)(?:\s*[-:#]?\s*\d+)?$/;
/** An opening section may be an introduction when topical sections follow it. */
const OPENING_TITLE = /^(?:introduction|intro|overview|introduccion|apercu)$/;

/** Instructions to whoever writes or presents the deck, which have no place in what learners see or hear. */
const ENGINE_INSTRUCTIONS: readonly RegExp[] = [
  // Audience tips: 'For a general audience: keep to plain words and one idea per slide.'
  /^(?:for|para|pour)\s+[^:]{2,60}:\s*(?:keep to|define each|link each|focus on|lead with|show the exact|check understanding|note where|use palabras|defina|relacione|centrese|empiece|muestre|compruebe|anote|des mots simples|definissez|reliez|concentrez|commencez|montrez|verifiez|notez)/,
  /\bone idea per slide\b|\buna idea por diapositiva\b|\bune idee par diapositive\b/,
  /^(?:recap each point and invite questions|repase cada punto e invite a hacer preguntas|reprenez chaque point et invitez aux questions)\.?$/,
  /^(?:trainer prompt|indicacion para el formador|consigne pour le formateur)\s*:/,
  /\b(?:add them from your own material|this outline holds no facts yet)\b/,
  /^(?:write|add|insert|keep|use)\s+(?:plain words|short sentences|one idea|bullet points)\b/,
];

/** 'This section covers introduction.': an opener naming a generic title says nothing. */
const OPENER = /^(?:this section (?:covers|addresses)|let's look at|next up:|scope:|esta seccion (?:trata|aborda)|veamos|cette section (?:traite de|aborde)|voyons)\s+(.+?)\.?$/;

// Markup that shows as characters on a rendered slide: Markdown emphasis, headings, code,
// links, quotes, nested bullet marks, HTML tags and entities, table rules, escapes.
const MARKUP: readonly RegExp[] = [
  /\*\*[^*]*\*\*|\*\*|(?<!_)__(?!_)[^_\s][^_]*(?<!_)__(?!_)|(?<![\w*])\*[^\s*][^*]*\*(?![\w*])/,
  /^#{1,6}\s/,
  /`/,
  /\[[^\]]+\]\([^)]*\)/,
  /^\s*>\s/,
  /^\s*(?:[-*+•]\s|\d{1,2}[.)]\s+[-*+•]\s)/,
  /<\/?[a-z][a-z0-9]*(?:\s[^>]*)?>/i,
  /&(?:[a-z]{2,8}|#\d{2,5});/i,
  /\|\s*:?-{3,}|^\s*\|.*\|\s*$/,
  /\\[*_#`[\]]/,
];

const DETERMINER = /^(?:the|a|an|your|my|our|their|his|her|its|this|that|these|those|every|each|all|any|some|no)$/i;
const TRUE_WORDS = /^(?:true|verdadero|vrai)$/i;
const FALSE_WORDS = /^(?:false|falso|faux)$/i;
const BLANK = /_{3,}/;

export interface QuestionFault {
  id: string;
  prompt: string;
  problem: 'not_in_material' | 'wrong_key' | 'ambiguous' | 'ungrammatical';
}

export interface DeckFaults {
  /** Objectives under three words, or whose words the material does not hold. */
  fragment_objectives: string[];
  /** Points of summary slides under three words (the objectives slide is judged by its objectives). */
  fragment_summary_points: string[];
  summary_point_count: number;
  /** Slides whose points are mostly single words or pairs (three points or more). */
  word_list_slides: string[];
  generic_titles: string[];
  /** Slides that repeat the deck's title, which every output already draws on its cover. */
  repeated_title_slides: number;
  markup: string[];
  engine_instructions: string[];
  question_faults: QuestionFault[];
  /** Distinct sentences on the teaching slides (points, paragraphs, notes). */
  teaching_sentence_count: number;
  /** Teaching slides whose title names a topic. */
  topical_slide_count: number;
  /** 0-1: how much a training deck's worth of material there is. */
  depth: number;
  /** Content slides whose notes open with 'This section covers ...' (fillerNoteOpeners). */
  filler_note_openers: string[];
  /** English: instructions the notes give that their slide does not show, as '<slide>: <point>' (unshownInstructions). */
  unshown_instructions: string[];
}

/** True when the sentence is an instruction to the writer or presenter rather than training text. */
export function isEngineInstruction(sentence: string): boolean {
  const s = fold(sentence).trim();
  if (ENGINE_INSTRUCTIONS.some((re) => re.test(s))) return true;
  const opener = OPENER.exec(s);
  return opener !== null && isGenericTitle(opener[1]!);
}

export function isGenericTitle(title: string): boolean {
  return GENERIC_TITLE.test(fold(baseTitle(title)).replace(/[.:!?]+$/, '').trim());
}

/** The markup characters of a text as a learner would see them on the slide, or null. */
export function findMarkup(text: string): string | null {
  for (const line of text.split('\n')) {
    for (const re of MARKUP) {
      const m = re.exec(line);
      if (m) return line.trim().length > 50 ? `${line.trim().slice(0, 47)}...` : line.trim();
    }
  }
  return null;
}

function isContinuation(title: string): boolean {
  return /\(\d+\)\s*$/.test(title);
}

function statementOf(q: GeneratedQuestion): string {
  // 'True or false? Statement.' / '¿Verdadero o falso? ...': the statement follows the question.
  return q.prompt.replace(/^[^?]*\?\s*/u, '').trim();
}

function tokens(text: string): string[] {
  return wordsOf(text).map((w) => w.toLowerCase());
}

/** Why a true/false statement made by swapping a word does not read as a sentence, or null. */
function ungrammatical(statement: string, source: string): boolean {
  if (/^\p{Ll}/u.test(statement)) return true;
  const words = statement.split(/\s+/);
  for (let i = 0; i + 1 < words.length; i++) {
    const article = words[i]!.toLowerCase();
    const next = words[i + 1]!.replace(/^[^\p{L}\p{N}]+/u, '');
    if (article !== 'a' && article !== 'an') continue;
    const vowel = /^[aeiou]/i.test(next) && !/^(?:uni|use|usu|eu|one|once)/i.test(next);
    const silentH = /^(?:hour|honest|honou?r|heir)/i.test(next);
    if (article === 'a' && (vowel || silentH) && !fold(source).includes(`a ${fold(next)}`)) return true;
    if (article === 'an' && !vowel && !silentH && /^\p{L}/u.test(next) && !fold(source).includes(`an ${fold(next)}`)) return true;
  }
  // A swapped word in the place of the verb an instruction opens with ('Keep your arms' -> 'Blind your arms').
  const a = tokens(statement);
  const b = tokens(source);
  if (a.length > 1 && b.length > 1 && a[0] !== b[0] && DETERMINER.test(b[1]!) && a[1] === b[1]) return true;
  return false;
}

/** The sentences of a text keyed as the checks compare them, and the whole text so keyed. */
export function materialOf(texts: readonly string[]): { sentences: Set<string>; text: string } {
  const keys = texts.flatMap((t) => splitSentences(t).map((x) => sentenceKey(x.text)));
  return { sentences: new Set(keys), text: keys.join(' \n ') };
}

/**
 * Faults of questions checked against the material they were made from (the source text, or
 * the deck's own sentences as the scorer reads them): the supporting sentence is not in it, the
 * key is not the one right option, a true statement the material does not make (or a false one
 * it does), a cloze key that does not fill its blank.
 */
export function questionFaults(questions: readonly GeneratedQuestion[], material: ReadonlySet<string>, materialText: string): QuestionFault[] {
  const out: QuestionFault[] = [];
  const said = (text: string) => material.has(sentenceKey(text)) || (sentenceKey(text).length > 20 && materialText.includes(sentenceKey(text)));
  for (const q of questions) {
    const fault = (problem: QuestionFault['problem']) => out.push({ id: q.id, prompt: q.prompt, problem });
    const correct = q.options.filter((o) => o.is_correct);
    if (correct.length !== 1) {
      fault('wrong_key');
      continue;
    }
    const source = q.source?.trim() ?? '';
    if (source !== '' && !said(source)) {
      fault('not_in_material');
      continue;
    }
    const isTrueFalse = q.options.length === 2 && q.options.every((o) => TRUE_WORDS.test(o.text.trim()) || FALSE_WORDS.test(o.text.trim()));
    if (isTrueFalse) {
      const statement = statementOf(q);
      const keyTrue = TRUE_WORDS.test(correct[0]!.text.trim());
      const inMaterial = said(statement);
      if (keyTrue !== inMaterial) fault(keyTrue ? 'not_in_material' : 'wrong_key');
      else if (!inMaterial && source !== '' && ungrammatical(statement, source)) fault('ungrammatical');
      continue;
    }
    if (BLANK.test(q.prompt)) {
      // A cloze item: the key fills the blank to give a sentence of the material, no other option does.
      const stem = q.prompt.replace(/^[^:]*:\s*/u, '');
      const fills = (text: string) => said(stem.replace(BLANK, text));
      if (!fills(correct[0]!.text)) fault(source === '' ? 'not_in_material' : 'wrong_key');
      else if (q.options.some((o) => !o.is_correct && fills(o.text))) fault('ambiguous');
    }
  }
  return out;
}

const NEGATION_WORDS = new Set(['not', 'no', 'never', 'do', 'does', 'did', 'don', 'doesn', 'didn', 't', 'you', 'should', 'ne', 'pas', 'n']);

/**
 * Whether a false true/false statement contradicts its source sentence: the same words in the
 * same order with a negation added or removed ('Pedestrians have ...' -> 'Pedestrians do not
 * have ...'; 'Keep your arms ...' -> 'You should not keep your arms ...'). A statement that only
 * contains 'not', or changes other words, is no contradiction.
 */
export function isNegationOf(statement: string, source: string): boolean {
  const a = tokens(statement);
  const b = tokens(source);
  // 'requires' / 'does not require', 'has' / 'does not have': compared without verb endings.
  const core = (w: string[]) => w.filter((x) => !NEGATION_WORDS.has(x)).map((x) => (x === 'has' ? 'have' : x).replace(/(?:ies|es|ed|s|e|d)$/, '')).join(' ');
  const negations = (w: string[]) => w.filter((x) => x === 'not' || x === 'no' || x === 'never' || x === 't' || x === 'pas').length;
  return core(a) === core(b) && negations(a) !== negations(b);
}

// Words an objective frames its action with; what remains is the phrase the material must hold.
const OBJECTIVE_FRAME = /^(?:how to|the need to|why you should|how|why|when to|when|what|that)\s+/;

/**
 * Whether an objective's phrase comes from the material: after its verb (and 'how to'), two or
 * more consecutive words of it occur in the material ('Explain speed limits' -> 'speed limits';
 * 'Describe how to park the truck correctly' -> 'the truck correctly'). Empty material: true.
 */
export function objectivePhraseFound(objective: string, materialText: string): boolean {
  const material = ` ${fold(materialText).replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim()} `;
  if (material.trim() === '') return true;
  const rest = fold(objective).replace(/[^\p{L}\p{N}\s]/gu, ' ').replace(/\s+/g, ' ').trim().split(' ').slice(1).join(' ').replace(OBJECTIVE_FRAME, '').split(' ');
  for (let i = 0; i + 1 < rest.length; i++) if (material.includes(` ${rest[i]} ${rest[i + 1]} `)) return true;
  return false;
}

const BREAK = /[,;:.!?)(]/;
// Words that close a phrase as adverbs: 'the day before', 'switch it off'.
const PARTICLE = new Set(['before', 'after', 'ago', 'later', 'over', 'out', 'up', 'down', 'off', 'away', 'back', 'in', 'on', 'through', 'together', 'ahead', 'behind']);
const wordKey = (w: string) => fold(w).replace(/[^\p{L}\p{N}]/gu, '');
const isNounTerm = (t: TaggedTerm) => t.tags.has('Noun') && !t.tags.has('Pronoun') && !t.tags.has('Possessive');
// Objectives framing a noun phrase ('Explain the length of ...'), not an action ('Carry loads low').
const PHRASE_OBJECTIVE = /^(?:identify|describe|recognise|recognize|explain|analyse|analyze|evaluate|assess|compare|define|list|outline|summarise|summarize)\s+(?!how\b|why\b|when\b|what\b|the need\b)/i;

/** The sentences of a text, a blank line ending one too (a heading or a slide point has no full stop). */
function blockSentences(text: string): Array<{ text: string }> {
  return text.split(/\n\s*\n/).flatMap((block) => splitSentences(block));
}

/**
 * Whether a title or objective is a phrase cut mid-way (English): it ends in a determiner, a
 * preposition or a conjunction ('Forks and the'), a phrase of nouns ends in an adjective, or
 * wherever the source writes its last words a noun of the same phrase follows ('Length of
 * parental' where the source says 'parental leave'). `nounPhrase`: a title, or an objective that
 * frames a noun phrase.
 */
export function cutPhrase(phrase: string, sourceText: string, nounPhrase: boolean): boolean {
  const words = phrase.split(/[\s\u2010-]+/).map(wordKey).filter((w) => w !== '');
  if (words.length === 0) return false;
  const terms = tagSentence(phrase.trim());
  const last = terms[terms.length - 1];
  if (last === undefined || BREAK.test(last.post)) return false;
  if (last.tags.has('Determiner') || (last.tags.has('Conjunction') && !PARTICLE.has(last.lower)) || (last.tags.has('Preposition') && !last.tags.has('Adverb') && !PARTICLE.has(last.lower)) || (last.tags.has('Possessive') && last.tags.has('Pronoun'))) return true;
  if (nounPhrase && last.tags.has('Adjective') && !isNounTerm(last) && words.length > 1) return true;
  if (sourceText.trim() === '') return false;
  // Where the source holds the last words (two, or the one word of a one-word phrase)...
  const tail = words.slice(-Math.min(2, words.length));
  let found = 0;
  let continued = 0;
  for (const sentence of blockSentences(sourceText)) {
    if (!fold(sentence.text).includes(tail[0]!)) continue;
    const sourceTerms = tagSentence(sentence.text);
    const keys = sourceTerms.map((t) => wordKey(t.text));
    // A title run into its sentence ('Severe bleeding Press firmly ...') ends where its sentence starts.
    const run = inlineHeading(sentence.text);
    const titleEnd = run ? tagSentence(run.heading).length : -1;
    for (let i = 0; i + tail.length <= keys.length; i++) {
      if (!tail.every((w, k) => keys[i + k] === w)) continue;
      found++;
      const end = sourceTerms[i + tail.length - 1]!;
      const next = sourceTerms[i + tail.length];
      // ...a noun right after them means the phrase went on there.
      if (next !== undefined && i + tail.length !== titleEnd && !BREAK.test(end.post) && !/[-\u2010]$/.test(end.post) && isNounTerm(next) && !next.tags.has('Date')) continued++;
    }
  }
  return found > 0 && continued === found;
}

/** The findings of content checked against its source text: what the content quality bar holds. */
export interface SourceFindings {
  /** Objectives whose phrase the source does not hold (objectivePhraseFound). */
  objectives_not_in_source: string[];
  /** Questions unsound against the source text. */
  question_faults: QuestionFault[];
  /** False true/false statements that do not contradict their source sentence (isNegationOf). */
  false_statements_not_negations: string[];
  duplicate_titles: string[];
  /** Section titles and objectives that are phrases cut mid-way (cutPhrase; English only). */
  cut_phrases: string[];
}

/** Titles of the deck's sections and the objectives that are phrases cut mid-way (English). */
export function cutPhrases(content: ScorableContent, sourceText: string): string[] {
  const roles = slideRoles(content.deck);
  const titles = [...new Set(content.deck.slides.filter((_, i) => roles[i] === 'content').map((s) => baseTitle(s.title).replace(/^(?:module|section|part|chapter|lesson|unit)\s+\d+\s*:\s*/i, '')))];
  // A heading the source writes on a line of its own is the author's, as written: not a phrase cut by the engine.
  const lines = new Set(sourceText.split('\n').map((l) => fold(l).trim()));
  return [...titles.filter((t) => t !== '' && !lines.has(fold(t).trim()) && cutPhrase(t, sourceText, true)), ...content.objectives.filter((o) => cutPhrase(o, sourceText, PHRASE_OBJECTIVE.test(o)))];
}

export function sourceFindings(content: ScorableContent, sourceText: string): SourceFindings {
  const material = materialOf([sourceText]);
  const titles = content.deck.slides.map((s) => s.title);
  return {
    objectives_not_in_source: content.objectives.filter((o) => !objectivePhraseFound(o, sourceText)),
    question_faults: questionFaults(content.questions, material.sentences, material.text),
    false_statements_not_negations: content.questions
      .filter((q) => q.type === 'true_false' && q.options.some((o) => o.is_correct && FALSE_WORDS.test(o.text.trim())))
      .filter((q) => !isNegationOf(statementOf(q), q.source ?? ''))
      .map((q) => q.prompt),
    duplicate_titles: [...new Set(titles.filter((t, i) => titles.indexOf(t) !== i))],
    cut_phrases: cutPhrases(content, sourceText),
  };
}

export function findFaults(content: ScorableContent, roles: readonly SlideRole[], language: Language): DeckFaults {
  const { deck } = content;
  const slides = deck.slides;
  const faceTexts = (s: Slide) => [s.title, ...s.points, ...s.paragraphs].filter((t) => t.trim() !== '');

  // The knowledge check quotes the questions (a false statement too): no material of its own.
  const materialSentences = slides.filter((_, i) => roles[i] !== 'knowledge_check').flatMap((s) => [...s.points, ...s.paragraphs, s.notes].flatMap((t) => splitSentences(t).map((x) => x.text)));
  const material = new Set(materialSentences.map(sentenceKey));
  const materialText = materialSentences.map(sentenceKey).join(' \n ');
  const taughtStems = new Set(
    slides.flatMap((s, i) => (roles[i] === 'content' ? contentStems([...faceTexts(s), s.notes].join('\n'), language) : [])),
  );

  const fragmentObjectives = content.objectives.filter((o) => {
    if (countWords(o) < MIN_STATEMENT_WORDS) return true;
    const stems = contentStems(o, language, OBJECTIVE_FRAME_WORDS);
    return stems.length > 0 && !stems.some((s) => taughtStems.has(s));
  });
  const fragmentSummary = slides.flatMap((s, i) =>
    roles[i] === 'summary' ? s.points.filter((p) => p.trim() !== '' && countWords(p) < MIN_STATEMENT_WORDS) : [],
  );
  const summaryPointCount = slides.reduce(
    (n, s, i) => n + (roles[i] === 'summary' ? s.points.filter((p) => p.trim() !== '').length : 0),
    0,
  );
  const wordLists = slides
    .filter((s) => {
      const points = s.points.filter((p) => p.trim() !== '');
      return points.length >= 3 && points.filter((p) => countWords(p) < MIN_STATEMENT_WORDS).length * 2 > points.length;
    })
    .map((s) => s.title || '(untitled)');

  const contentIdx = slides.map((_, i) => i).filter((i) => roles[i] === 'content' && hasBody(slides[i]!));
  const topical = contentIdx.filter((i) => !isGenericTitle(slides[i]!.title));
  const generic = contentIdx
    .filter((i) => isGenericTitle(slides[i]!.title))
    .filter((i) => {
      const title = fold(slides[i]!.title).trim();
      const continued = slides.some((s) => isContinuation(s.title) && fold(baseTitle(s.title)) === title);
      // 'Introduction' opening a deck of topical sections is a fine title; 'Introduction (2)' is not.
      return !(i === contentIdx[0] && OPENING_TITLE.test(title) && !continued && topical.length >= 2);
    })
    .map((i) => slides[i]!.title);

  const deckTitle = fold(deck.title).trim();
  const coverSlide = opensWithTitleSlide(deck);
  const repeatedTitle = deckTitle === '' ? 0 : slides.filter((s, i) => fold(baseTitle(s.title)).trim() === deckTitle && !(i === 0 && coverSlide)).length;

  const markup = [...new Set(slides.flatMap((s) => faceTexts(s).map(findMarkup).filter((m): m is string => m !== null)))];
  const instructions = [
    ...new Set([...slides.flatMap((s) => [...s.points, ...s.paragraphs, s.notes]), ...content.objectives].flatMap((t) => splitSentences(t).map((x) => x.text)).filter(isEngineInstruction)),
  ];

  const teaching = new Set(
    contentIdx.flatMap((i) => {
      const s = slides[i]!;
      return [...s.points, ...s.paragraphs, s.notes]
        .flatMap((t) => splitSentences(t).map((x) => x.text))
        .filter((t) => countWords(t) >= MIN_STATEMENT_WORDS && !isEngineInstruction(t))
        .map(sentenceKey);
    }),
  );
  const depth = Math.min(1, teaching.size / DEPTH_SENTENCES) * 0.7 + Math.min(1, topical.length / DEPTH_SLIDES) * 0.3;

  return {
    fragment_objectives: fragmentObjectives,
    fragment_summary_points: fragmentSummary,
    summary_point_count: summaryPointCount,
    word_list_slides: wordLists,
    generic_titles: generic,
    repeated_title_slides: repeatedTitle,
    markup,
    engine_instructions: instructions,
    question_faults: questionFaults(content.questions, material, materialText),
    teaching_sentence_count: teaching.size,
    topical_slide_count: topical.length,
    depth,
    filler_note_openers: fillerNoteOpeners(deck),
    unshown_instructions: language === 'en' ? unshownInstructions(deck).map((g) => `${g.slide}: ${g.point}`) : [],
  };
}

export type { SlideDeck };

// ---- Slide coverage and filler in the notes (the content bar) ----

/**
 * 'This section covers X.', 'Let's look at X.', 'Esta sección trata X.', 'Cette section traite
 * de X.': the engine's old section openers (every writing style, en/es/fr), which tell a listener
 * nothing the title does not.
 */
const FILLER_OPENER =
  /^(?:this section (?:covers|addresses)|let's look at|here comes the fun part:|you are ready to take on|next up:|scope:|picture a working day that involves|esta seccion (?:trata|aborda)|veamos|ahora viene la parte divertida:|lo siguiente:|esta preparado para dominar|alcance:|imagine una jornada de trabajo|cette section (?:traite de|aborde)|voyons|place a la partie amusante|ensuite:|vous etes pret a maitriser|perimetre:|imaginez une journee de travail)\s/;

/** Whether a sentence is one of the old section openers ('This section covers X.', any style, en/es/fr). */
export function isFillerOpener(sentence: string): boolean {
  return FILLER_OPENER.test(fold(sentence).trim());
}

/** Content slides whose notes open with a generic sentence about what the section covers. */
export function fillerNoteOpeners(deck: SlideDeck): string[] {
  const roles = slideRoles(deck);
  return deck.slides.flatMap((s, i) => {
    if (roles[i] !== 'content' || s.notes.trim() === '') return [];
    const first = splitSentences(s.notes.trim().split(/\n\n/)[0]!)[0]?.text ?? '';
    return isFillerOpener(first) ? [`${s.title}: ${first}`] : [];
  });
}

const MODAL = new Set(['must', 'should']);
const stemOf = (w: string) => fold(w).replace(/[^\p{L}\p{N}]/gu, '').replace(/ies$/u, 'y').replace(/(?<!s)s$/u, '');

/**
 * The actions of an English instruction sentence (it opens with a verb, after a leading clause,
 * or holds 'must'/'should'), each as its verb and the nouns that follow it up to the next action:
 * 'check the forks, ..., test the brakes, ... and look for hydraulic leaks' -> check [forks ...],
 * test [brakes ...], look [leaks ...]. Empty for a statement.
 */
export function sentenceActions(sentence: string): Array<{ verb: string; objects: string[] }> {
  const terms = tagSentence(sentence.trim());
  const isBase = (t: TaggedTerm | undefined) => t !== undefined && t.tags.has('Verb') && (t.tags.has('Imperative') || t.tags.has('Infinitive')) && !t.tags.has('Gerund') && !t.tags.has('Participle');
  const starts: number[] = [];
  const modal = terms.findIndex((t) => MODAL.has(t.lower));
  if (modal >= 0) {
    let v = modal + 1;
    while (v < terms.length && ['not', 'be', 'also', 'always', 'never', 'only'].includes(terms[v]!.lower)) v++;
    if (v < terms.length) starts.push(v);
  } else {
    let s = 0;
    if (/^(?:if|when|whenever|before|after|once|to|unless)\b/i.test(sentence.trim())) {
      while (s < terms.length && !/,/.test(terms[s]!.post)) s++;
      s++;
    }
    while (s < terms.length && ['never', 'always', 'then', 'first', 'also'].includes(terms[s]!.lower)) s++;
    const first = terms[s];
    if (first === undefined || !(isBase(first) || (terms[s + 1]?.tags.has('Particle') ?? false)) || (s === 0 && !isInstruction(sentence))) return [];
    starts.push(s);
    for (let k = s + 1; k < terms.length; k++) {
      const prev = terms[k - 1]!;
      const at = terms[k]!.lower === 'never' ? k + 1 : k;
      const joined = /,/.test(prev.post) || (prev.lower === 'and' && /,/.test(terms[k - 2]?.post ?? ''));
      if (joined && (isBase(terms[at]) || (prev.lower === 'and' && terms[at] !== undefined && !terms[at + 1]?.tags.has('Verb') && terms[at]!.tags.has('Singular'))) && terms[at + 1] !== undefined && !/[,;:.]/.test(terms[at]!.post) && !terms[at]!.tags.has('Pronoun')) starts.push(at);
    }
  }
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? terms.length;
    const span = modal >= 0 ? [...terms.slice(0, modal), ...terms.slice(start + 1, end)] : terms.slice(start + 1, end);
    return { verb: stemOf(terms[start]!.text), objects: span.filter(isNounTerm).map((t) => stemOf(t.text)).filter((w) => w.length > 2) };
  });
}

/**
 * English: the instructions of the source (an imperative or 'must'/'should' sentence) whose slide
 * holds no point with the action's verb and one of its object words, each as '<slide>: <verb>
 * <objects>'. A sentence's slide is the content slide that narrates it (holds it in its notes,
 * paragraphs or points) and its continuations; a slide (or its continuation) that is full, a
 * sentence shown whole in a paragraph and a question slide are exempt. Sentences no slide narrates
 * are not judged here.
 */
export function uncoveredInstructions(deck: SlideDeck, sourceText: string): string[] {
  return instructionGaps(deck, splitSentences(sourceText).map((s) => s.text)).map((g) => `${g.slide}: ${g.verb} ${g.objects.slice(0, 3).join(' ')}`.trim());
}

/** An action of an instruction sentence that the slide narrating the sentence does not show. */
export interface InstructionGap {
  /** The title of the slide that narrates the sentence. */
  slide: string;
  verb: string;
  objects: string[];
  sentence: string;
}

// A sentence opening with one of these (after a leading clause) is no instruction unless it holds
// 'must' or 'should': it is not tagged (saves the tagger on most narration).
const NOT_A_VERB = /^(?:the|a|an|this|that|these|those|it|its|you|your|we|our|they|their|he|she|his|her|there|every|each|all|some|most|many|one|in|on|at|for|with|by|from|of|as|is|are|was|were|\p{N})\b/iu;
// A shown point's most words (metrics' LONG_POINT_WORDS).
const POINT_WORDS = 20;
const LEAD = /^(?:if|when|whenever|before|after|once|to|unless)\b[^,]*,\s*/i;

function instructionGaps(deck: SlideDeck, sentences: readonly string[]): InstructionGap[] {
  const roles = slideRoles(deck);
  // An assessment's slides are its questions, which quote a sentence rather than teach a section.
  const content = deck.slides.filter((s, i) => roles[i] === 'content' && !/^(?:question|pregunta)\s+\d+$/i.test(s.title.trim()));
  const keys = content.map((s) => [s.notes, ...s.paragraphs, ...s.points].map(sentenceKey));
  const out: InstructionGap[] = [];
  for (const text of sentences) {
    if (!/\b(?:must|should)\b/i.test(text) && NOT_A_VERB.test(text.trim().replace(LEAD, '').replace(/^(?:never|always|then|first|also)\s+/i, ''))) continue;
    const key = sentenceKey(text);
    const at = keys.findIndex((k) => k.some((t) => t.includes(key)));
    if (at < 0) continue;
    const home = content[at]!;
    const group = content.filter((s) => baseTitle(s.title) === baseTitle(home.title));
    if (group.some((s) => s.points.length >= MAX_POINTS_PER_SLIDE) || group.some((s) => s.paragraphs.some((p) => sentenceKey(p).includes(key)))) continue;
    const points = group.flatMap((s) => s.points).map((p) => new Set(wordsOf(p).map(stemOf)));
    for (const action of sentenceActions(text)) {
      const shown = points.some((p) => p.has(action.verb) && (action.objects.length === 0 || action.objects.some((o) => p.has(o))));
      if (!shown) out.push({ slide: home.title, verb: action.verb, objects: action.objects, sentence: text });
    }
  }
  return out;
}

// Lines the improvements write into a slide's notes (a tone framing line, a reviewer's or the
// improvement notes): not the material's narration.
function addedNoteLine(line: string): boolean {
  const l = line.trim();
  return isToneFramingLine(l) || Object.values(LABELS).some((labels) => l.startsWith(`${labels.reviewerNote} (`) || l.startsWith(`${labels.improvementNotes}:`) || l.startsWith(labels.presentedBy));
}

/**
 * English: the instructions the deck's own narration (the notes of its content slides) gives that
 * the slide narrating them does not show (uncoveredInstructions with the notes as the source),
 * each as its slide's title and the point that would show it: the instruction's part of the
 * sentence (points.ts), else the sentence cut at a clause.
 */
export function unshownInstructions(deck: SlideDeck): Array<{ slide: string; point: string }> {
  const roles = slideRoles(deck);
  const sentences = [
    ...new Set(
      deck.slides
        .filter((_, i) => roles[i] === 'content')
        .flatMap((s) => s.notes.split('\n'))
        .filter((line) => line.trim() !== '' && !addedNoteLine(line))
        .flatMap((line) => splitSentences(line).map((x) => x.text)),
    ),
  ];
  const out: Array<{ slide: string; point: string }> = [];
  const seen = new Set<string>();
  for (const gap of instructionGaps(deck, sentences)) {
    const parts = sentencePoints(gap.sentence, 'en', POINT_WORDS);
    const holds = (p: string, objects: boolean) => {
      const words = new Set(wordsOf(p).map(stemOf));
      return words.has(gap.verb) && (!objects || gap.objects.length === 0 || gap.objects.some((o) => words.has(o)));
    };
    const point = slidePoint(parts.find((p) => holds(p, true)) ?? parts.find((p) => holds(p, false)) ?? shortenAtClause(gap.sentence, POINT_WORDS, 'en'));
    const id = `${gap.slide}\n${sentenceKey(point)}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ slide: gap.slide, point });
  }
  return out;
}
