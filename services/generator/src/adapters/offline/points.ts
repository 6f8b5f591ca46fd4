// Slide points from a sentence: each instruction of a compound sentence as its own complete
// statement ('Before you drive, check the forks ..., test the brakes, the steering and the horn,
// and look for hydraulic leaks under the truck.' -> 'Check the forks ...', 'Test the brakes, the
// steering and the horn', 'Look for hydraulic leaks under the truck'), never cut inside a list.
// Every word is the sentence's own; only the first letter of a part is capitalised.
import { shortenAtClause } from './clauses.js';
import { isInstruction, joinTerms, readsAsVerb, tagSentence, type TaggedTerm } from './nlp.js';
import type { EngineLanguage } from './stop-words.js';

// A leading clause that conditions every action after it ('If anything is damaged, ...'): a
// sentence that opens with one stays one point, since no action holds without it.
const CONDITION_LEAD = /^(?:if|unless|when|whenever|once|in case|to|where|while|as long as)\b/i;
// A leading clause of time ('Before you drive, ...'): dropped when the sentence is split, since the
// whole sentence stays in the speaker notes.
const TIME_LEAD = /^(?:before|after|during|at|on|at the start|at the end)\b/i;
// Words that open a subordinate clause: a verb inside one ('stop if a person walks ... and
// waits') belongs to it, not to a new instruction.
const SUBORDINATOR = new Set(['when', 'if', 'while', 'until', 'whether', 'that', 'which', 'who', 'so', 'because', 'unless', 'as', 'once', 'where', 'than', 'how', 'what']);
const SUBJECT_PRONOUN = new Set(['you', 'they', 'we', 'he', 'she', 'it', 'i', 'anyone', 'someone', 'everyone', 'a', 'the']);
const OBJECT_PRONOUN = new Set(['it', 'them', 'him', 'her', 'this', 'that', 'these', 'those']);

const breaksAfter = (t: TaggedTerm, re = /[,;:]/) => re.test(t.post);
const isBaseVerb = (t: TaggedTerm | undefined) =>
  t !== undefined && t.tags.has('Verb') && (t.tags.has('Imperative') || t.tags.has('Infinitive')) && !t.tags.has('Gerund') && !t.tags.has('Participle') && !t.tags.has('Modal') && !t.tags.has('Auxiliary');
const isNounTerm = (t: TaggedTerm) => t.tags.has('Noun') && !t.tags.has('Pronoun');

function capitalise(text: string): string {
  return text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}

function tidy(text: string): string {
  return capitalise(text.trim().replace(/^(?:and|then)\s+/i, '').replace(/[\s,;:.]+$/u, ''));
}

/**
 * The instructions of an English sentence that opens with one, each as its own statement; null
 * when the sentence is not a compound instruction (a statement, a single action, a negative
 * instruction whose 'never' governs what follows, or one under a condition).
 */
export function splitInstructions(sentence: string): string[] | null {
  const text = sentence.trim();
  if (CONDITION_LEAD.test(text)) return null;
  const terms = tagSentence(text);
  let s = 0;
  if (TIME_LEAD.test(text)) {
    while (s < terms.length && !breaksAfter(terms[s]!, /,/)) s++;
    s++;
  }
  while (s < terms.length && ['then', 'first', 'next', 'finally', 'also', 'now'].includes(terms[s]!.lower)) s++;
  if (s >= terms.length) return null;
  const first = terms[s]!;
  if (first.lower === 'never' || first.lower === 'always' || first.lower === 'do' || first.lower === 'don\'t') return null;
  // 'Slow down at corners': a phrasal verb the instruction check reads as two verbs.
  const phrasal = first.tags.has('Verb') && first.tags.has('Infinitive') && terms[s + 1]?.tags.has('Particle') === true;
  if (!phrasal && !isInstruction(joinTerms(terms.slice(s)))) return null;
  // Where a new instruction starts: a verb in its base form after a comma ('..., test the
  // brakes'), after 'and' ('... and look for'), or 'never' before one ('..., and never exceed').
  const starts: number[] = [s];
  let inSubordinate = false;
  for (let k = s + 1; k < terms.length; k++) {
    const t = terms[k]!;
    const prev = terms[k - 1]!;
    if (breaksAfter(prev)) inSubordinate = false;
    let verbAt = k;
    if (t.lower === 'never' || t.lower === 'always') verbAt = k + 1;
    const verb = terms[verbAt];
    const afterComma = breaksAfter(prev, /,/);
    const commaAnd = prev.lower === 'and' && terms[k - 2] !== undefined && breaksAfter(terms[k - 2]!, /,/);
    const afterAnd = prev.lower === 'and' && (commaAnd || !inSubordinate);
    // ', and stop if ...': a verb the tagger read as a noun, with no verb of its own after it.
    const nounAsVerb = commaAnd && verb !== undefined && isNounTerm(verb) && !verb.tags.has('Plural') && !terms[verbAt + 1]?.tags.has('Verb') && readsAsVerb(verb.lower);
    // A verb that ends the text or a list item is a noun ('for cracks or bends').
    if ((isBaseVerb(verb) || nounAsVerb) && (afterComma || afterAnd) && terms[verbAt + 1] !== undefined && !breaksAfter(verb!, /[,;:.]/)) {
      starts.push(k);
      continue;
    }
    if (SUBORDINATOR.has(t.lower) || ((t.lower === 'before' || t.lower === 'after') && SUBJECT_PRONOUN.has(terms[k + 1]?.lower ?? ''))) inSubordinate = true;
  }
  if (starts.length < 2) return null;
  // A part that acts on what the one before it named ('and report it to your supervisor') or names
  // no thing of its own ('never raise or lower ...' stays with its object) joins its neighbour.
  const parts: Array<{ from: number; to: number }> = [];
  for (let i = 0; i < starts.length; i++) {
    let to = i + 1 < starts.length ? starts[i + 1]! : terms.length;
    // The joining 'and' belongs to neither part.
    if (i + 1 < starts.length && terms[to - 1]!.lower === 'and') to--;
    parts.push({ from: starts[i]!, to });
  }
  const merged: Array<{ from: number; to: number }> = [];
  for (const part of parts) {
    const body = terms.slice(part.from, part.to);
    const verbIdx = body[0]!.lower === 'never' || body[0]!.lower === 'always' ? 1 : 0;
    const object = body[verbIdx + 1];
    const refersBack = object !== undefined && OBJECT_PRONOUN.has(object.lower);
    const last = merged[merged.length - 1];
    if (last && (refersBack || !terms.slice(last.from, last.to).slice(1).some(isNounTerm))) last.to = part.to;
    else merged.push({ ...part });
  }
  if (merged.length < 2) return null;
  return merged.map((p) => tidy(joinTerms(terms.slice(p.from, p.to))));
}

/**
 * The points one sentence gives a slide: its instructions one by one (English), else the
 * sentence; each cut at a clause boundary to `maxWords` when it is longer (null: kept whole). A
 * semicolon joins two statements, which become two points.
 */
export function sentencePoints(sentence: string, language: EngineLanguage, maxWords: number | null): string[] {
  const clauses = sentence.split(/;\s+/).map((c, i, all) => (all.length > 1 ? tidy(c) : c)).filter((c) => c.split(/\s+/).length >= 2);
  const out: string[] = [];
  for (const clause of clauses.length > 0 ? clauses : [sentence]) {
    const parts = (language === 'en' ? splitInstructions(clause) : null) ?? [clause];
    for (const part of parts) out.push(maxWords === null ? part : shortenAtClause(part, maxWords, language));
  }
  return out;
}

/** Whether a point (or sentence) asks the learner to do something: an instruction or a 'must'/'should' rule. */
export function isAction(text: string, language: EngineLanguage): boolean {
  if (language !== 'en') return /\b(?:debe|deben|debes|hay que|doit|doivent|devez|il faut)\b/i.test(text);
  const body = text.replace(/^(?:if|when|before|after|once|to)\b[^,]*,\s*/i, '');
  if (/\b(?:must|should|never|always)\b/i.test(text) || isInstruction(body)) return true;
  const [first, second] = tagSentence(body);
  if (first === undefined || second === undefined || first.tags.has('Gerund')) return false;
  // 'Switch off the engine', 'Slow down at corners': a phrasal verb. 'Stop if a person walks
  // into the aisle': a verb before its condition, which the tagger reads as a noun.
  const opensClause = /^(?:if|when|whenever|before|until|unless)$/.test(second.lower);
  return (second.tags.has('Particle') || opensClause) && readsAsVerb(first.lower);
}

// A final full stop after an abbreviation or an ellipsis belongs to it.
const KEEPS_STOP = /(?:\.\.\.|…|\b(?:etc|e\.g|i\.e|approx|vs|inc|ltd|co|no|dr|mr|mrs|ms|st)\.)$/iu;

/**
 * A slide point as every point reads: no final full stop, whether it is a sentence or part of one
 * ('Test the brakes, the steering and the horn', 'Never operate a truck that has failed its
 * inspection'); a question or exclamation mark, an ellipsis and an abbreviation keep theirs.
 */
export function slidePoint(text: string): string {
  const t = text.trim();
  return KEEPS_STOP.test(t) ? t : t.replace(/\s*\.+$/u, '');
}
