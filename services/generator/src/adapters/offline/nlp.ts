// Part-of-speech work on English sentences with compromise (a rule-and-lexicon tagger, no model
// download, pure JavaScript): noun phrases, whether a sentence is an instruction, and a grammatical
// negation for false true/false statements. Spanish and French are not tagged: compromise's
// es/fr ports are early releases that mistag common nouns, so those languages keep the
// engine's heuristics (see docs/generator.md, "Language processing").
// Parsing costs about 0.04 ms a word, so callers tag only the sentences they use, once (cached).
import nlp from 'compromise';

export interface TaggedTerm {
  text: string;
  /** Lower case, without surrounding punctuation. */
  lower: string;
  tags: ReadonlySet<string>;
  pre: string;
  post: string;
  /** The word's root (a verb's infinitive, a noun's singular) as compromise normalises it, lower case. */
  root: string;
}

const cache = new Map<string, TaggedTerm[]>();
const CACHE_LIMIT = 5000;

/** The terms of one sentence with their tags (cached: the same sentence is tagged once). */
export function tagSentence(text: string): TaggedTerm[] {
  let terms = cache.get(text);
  if (terms) return terms;
  const doc = nlp(text);
  doc.compute('root');
  // `root` is an option of compromise's json() its type declarations do not list.
  const json = doc.json({ terms: { tags: true, normal: true, root: true } as { tags: boolean } }) as Array<{ terms: Array<{ text: string; pre: string; post: string; tags: string[]; normal?: string; root?: string }> }>;
  terms = nounsInContext(
    json.flatMap((s) => s.terms).map((t) => ({ text: t.text, lower: t.text.toLowerCase(), tags: new Set(t.tags), pre: t.pre, post: t.post, root: t.root || t.normal || t.text.toLowerCase() })),
  );
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, terms);
  return terms;
}

const NOT_RETAGGED = new Set(['is', 'are', 'be', 'do', 'have', 'must', 'can', 'will', 'may', 'should', 'shall', 'would', 'could', 'might', 'let']);
const MODIFIER_NOUN = (t: TaggedTerm) => t.tags.has('Noun') && t.tags.has('Singular') && !t.tags.has('Pronoun') && !t.tags.has('ProperNoun');

/**
 * Words the tagger read as a verb where they stand as a noun: a base-form verb after an adjective,
 * a determiner or a possessive ('annual leave', 'your leave'), or after a singular noun it cannot
 * agree with as a verb ('parental leave depends', 'sick leave does'), when no object follows it.
 * 'Employees leave the company' and 'leave the truck' keep their verb.
 */
function nounsInContext(terms: TaggedTerm[]): TaggedTerm[] {
  return terms.map((t, i) => {
    const prev = terms[i - 1];
    const next = terms[i + 1];
    if (prev === undefined || !t.tags.has('Verb') || !(t.tags.has('Infinitive') || t.tags.has('Imperative')) || t.tags.has('Gerund') || t.tags.has('Participle') || NOT_RETAGGED.has(t.lower)) return t;
    if (/[,;:.!?)(]/.test(prev.post)) return t;
    const modifier = (prev.tags.has('Adjective') && !prev.tags.has('Value') && !prev.tags.has('Verb')) || prev.tags.has('Determiner') || prev.tags.has('Possessive') || MODIFIER_NOUN(prev);
    if (!modifier) return t;
    // An object after it ('the employee leave the ...') makes it a verb after all.
    if (next !== undefined && !/[,;:.!?)(]/.test(t.post) && (next.tags.has('Determiner') || next.tags.has('Pronoun') || next.tags.has('Possessive') || next.tags.has('Value') || next.tags.has('Adjective'))) return t;
    // 'to leave', 'and leave': an infinitive or a second verb.
    if (prev.lower === 'to' || prev.tags.has('Conjunction')) return t;
    return { ...t, tags: new Set(['Noun', 'Singular']) };
  });
}

const INDEFINITE = new Set(['anyone', 'everyone', 'someone', 'anything', 'everything', 'something', 'nobody', 'nothing', 'everybody', 'somebody', 'anybody']);
const isNoun = (t: TaggedTerm) => t.tags.has('Noun') && !t.tags.has('Pronoun') && !t.tags.has('Possessive') && !INDEFINITE.has(t.lower.replace(/[^\p{L}]/gu, ''));
const isAdjective = (t: TaggedTerm) => t.tags.has('Adjective') || (t.tags.has('Participle') && t.tags.has('PastTense'));
const breaks = (t: TaggedTerm) => /[,;:.!?)(]/.test(t.post);

/**
 * Noun phrases of a sentence as written: an optional determiner, adjectives, one or more nouns,
 * optionally continued by 'of' and another such phrase ('the weight of every load'). Pronouns are
 * left out. Each phrase is returned with its position (term index) and the text that follows it
 * up to the next punctuation (its context: 'inside the cab at all times').
 */
export interface NounPhrase {
  text: string;
  /** Without the leading determiner: 'speed limits'. */
  core: string;
  words: number;
  start: number;
  end: number;
  context: string;
  /** The phrase after 'of' without its determiner ('annual leave' of '25 days of annual leave'), or ''. */
  complement: string;
  /** Whether the phrase opens with a number: a quantity of something ('25 days', 'three calendar days'). */
  quantity: boolean;
}

export function nounPhrases(sentence: string): NounPhrase[] {
  const terms = tagSentence(sentence);
  const phrases: NounPhrase[] = [];
  let i = 0;
  const chunk = (from: number): { end: number; nouns: number } => {
    let j = from;
    if (j < terms.length && terms[j]!.tags.has('Determiner')) j++;
    else if (j < terms.length && terms[j]!.tags.has('Possessive') && terms[j]!.tags.has('Pronoun')) j++;
    while (j < terms.length && (isAdjective(terms[j]!) || terms[j]!.tags.has('Value')) && !isNoun(terms[j]!) && !breaks(terms[j]!)) j++;
    let nouns = 0;
    while (j < terms.length && isNoun(terms[j]!)) {
      nouns++;
      j++;
      if (breaks(terms[j - 1]!)) break;
    }
    return { end: j, nouns };
  };
  // The subject of a statement, up to its verb, is one phrase even where the tagger read its
  // first word as a verb ('Speed limits keep ...', 'Load handling decides ...').
  if (!isInstruction(sentence)) {
    let v = 0;
    while (v < terms.length && !(v > 0 && terms[v]!.tags.has('Verb') && !terms[v]!.tags.has('Gerund') && (terms[v]!.tags.has('PresentTense') || !terms[v]!.tags.has('Infinitive'))) && !breaks(terms[v]!)) v++;
    let end = v;
    while (end > 0 && terms[end - 1]!.tags.has('Adverb')) end--;
    const subject = terms.slice(0, end);
    if (end >= 2 && end <= 4 && v < terms.length && terms[v]!.tags.has('Verb') && !subject.some((t) => t.tags.has('Pronoun') || t.tags.has('Preposition')) && isNoun(subject[end - 1]!) || (end >= 2 && end <= 4 && subject[end - 1]!.tags.has('Gerund') && v < terms.length)) {
      const text = joinTerms(subject);
      const core = joinTerms(subject[0]!.tags.has('Determiner') || subject[0]!.tags.has('Possessive') ? subject.slice(1) : subject);
      phrases.push({ text, core, words: end, start: 0, end, context: '', complement: '', quantity: false });
      i = end;
    }
  }
  while (i < terms.length) {
    const first = chunk(i);
    if (first.nouns === 0) {
      i++;
      continue;
    }
    let end = first.end;
    let complement = '';
    // 'the right of way', 'the weight of every load'
    if (end < terms.length && terms[end]!.lower === 'of' && !breaks(terms[end - 1]!)) {
      const next = chunk(end + 1);
      if (next.nouns > 0) {
        const of = terms.slice(end + 1, next.end);
        complement = joinTerms(of[0]!.tags.has('Determiner') || of[0]!.tags.has('Possessive') ? of.slice(1) : of);
        end = next.end;
      }
    }
    const words = terms.slice(i, end);
    const text = joinTerms(words);
    const core = joinTerms(words[0]!.tags.has('Determiner') || words[0]!.tags.has('Possessive') ? words.slice(1) : words);
    let c = end;
    const contextTerms: TaggedTerm[] = [];
    if (!breaks(terms[end - 1]!)) {
      while (c < terms.length && contextTerms.length < 8 && !terms[c]!.tags.has('Conjunction') && !CLAUSE_END.has(terms[c]!.lower)) {
        contextTerms.push(terms[c]!);
        if (breaks(terms[c]!)) break;
        c++;
      }
      // A context ends on a noun: 'from the vehicle', never 'from the'.
      while (contextTerms.length > 0 && !isNoun(contextTerms[contextTerms.length - 1]!)) contextTerms.pop();
    }
    // Context only when it is a prepositional phrase ('inside the cab', 'before each shift').
    const context = contextTerms.length > 1 && (contextTerms[0]!.tags.has('Preposition') || ['inside', 'before', 'after', 'within', 'during'].includes(contextTerms[0]!.lower)) ? joinTerms(contextTerms) : '';
    const lead = words[0]!.tags.has('Determiner') || words[0]!.tags.has('Possessive') ? words[1] : words[0];
    phrases.push({ text, core, words: words.length, start: i, end, context, complement, quantity: lead !== undefined && (lead.tags.has('Value') || /^\d/.test(lead.text)) && !lead.tags.has('Ordinal') });
    i = end;
  }
  return phrases;
}

export function joinTerms(terms: TaggedTerm[]): string {
  return terms
    .map((t, i) => {
      if (i === 0) return t.text;
      const post = terms[i - 1]!.post;
      // 'full-time' is two terms joined by a hyphen: no space.
      const glue = post.trim() === '' ? ' ' : /[-–]$/.test(post) ? post : `${post.replace(/\s+$/, '')} `;
      return glue + t.text;
    })
    .join('')
    .trim();
}

/** Whether the sentence is an instruction: it opens with a verb in its base form ('Keep ...', 'Never operate ...'). */
export function isInstruction(sentence: string): boolean {
  const terms = tagSentence(sentence);
  const first = terms[0]?.lower === 'never' || terms[0]?.lower === 'always' ? terms[1] : terms[0];
  if (first === undefined || !first.tags.has('Verb') || !(first.tags.has('Imperative') || first.tags.has('Infinitive')) || first.tags.has('Gerund')) return false;
  // 'Speed limits keep everyone safe': another finite verb in the same clause means the first
  // word was a noun after all.
  for (let i = terms.indexOf(first) + 1; i < terms.length; i++) {
    const t = terms[i]!;
    if (CLAUSE_END.has(t.lower) || t.tags.has('Conjunction')) break;
    if (t.tags.has('Verb') && !INDEFINITE.has(terms[i - 1]!.lower) && !t.tags.has('Gerund') && !t.tags.has('Participle') && !(t.tags.has('PastTense') && t.tags.has('Adjective'))) return false;
    if (breaks(t)) break;
  }
  return true;
}

const CLAUSE_END = new Set(['before', 'after', 'when', 'if', 'while', 'until', 'whether', 'that', 'which', 'who', 'so', 'and', 'or', 'but']);

/** Whether a word in the sentence is tagged as a noun (not a pronoun, preposition or verb). */
export function nounAt(sentence: string, word: string): boolean {
  const lower = word.toLowerCase();
  const terms = tagSentence(sentence);
  return terms.some((t, i) => t.lower.replace(/[^\p{L}\p{N}'-]/gu, '') === lower && isNoun(t) && !verbInUse(terms, i));
}

const OBJECT_PRONOUN = new Set(['it', 'them', 'him', 'her', 'me', 'us']);

/**
 * A word the tagger read as a noun that is a verb where it stands: followed by an object pronoun
 * or a determiner ('and report it to your supervisor', 'and report the incident').
 */
function verbInUse(terms: readonly TaggedTerm[], i: number): boolean {
  const next = terms[i + 1];
  if (next === undefined || breaks(terms[i]!)) return false;
  return OBJECT_PRONOUN.has(next.lower) || (next.tags.has('Determiner') && !terms[i - 1]?.tags.has('Determiner'));
}

const LEADING_ADVERB = new Set(['then', 'first', 'next', 'finally', 'also', 'always', 'now']);
const CLAUSE_SUBORDINATOR = new Set(['when', 'if', 'while', 'until', 'whether', 'that', 'which', 'who', 'so', 'because', 'unless', 'as', 'once', 'where']);
const SUBJECT_PRONOUN = new Set(['you', 'they', 'we', 'he', 'she', 'it', 'i', 'anyone', 'someone', 'everyone']);
const MAX_CLAUSE_WORDS = 14;

/**
 * The main instruction of a sentence as an action a learner can take, cut where the clause ends:
 * 'Before you drive, check the forks, chains and mast for cracks or bends, test the brakes ...'
 * -> 'Check the forks, chains and mast for cracks or bends'. A leading subordinate clause and
 * an adverb ('Then') are dropped; a negative instruction ('Never ...') gives null, as does a
 * clause under three words or over fourteen.
 */
export function instructionClause(sentence: string): string | null {
  const terms = tagSentence(sentence.trim());
  let s = 0;
  if (SUBORDINATE_START.test(sentence.trim())) {
    while (s < terms.length && !/,/.test(terms[s]!.post)) s++;
    s++;
  }
  while (s < terms.length && LEADING_ADVERB.has(terms[s]!.lower)) s++;
  const verb = terms[s];
  const lead = s > 0 ? joinTerms(terms.slice(0, s)).replace(/[,\s]+$/, '') : '';
  if (verb === undefined || verb.lower === 'never' || verb.lower === 'do') return null;
  // After 'If you are ill,' the tagger may read the verb as a noun ('call your line manager').
  const verbAfterLead = s > 0 && !verb.tags.has('Determiner') && !verb.tags.has('Pronoun') && readsAsVerb(verb.lower);
  if (!verbAfterLead) {
    if (!verb.tags.has('Verb') || verb.tags.has('Gerund') || (verb.tags.has('PastTense') && !verb.tags.has('Infinitive'))) return null;
    if (!(verb.tags.has('Imperative') || verb.tags.has('Infinitive'))) return null;
    if (s === 0 && !isInstruction(sentence)) return null;
  }
  let e = s + 1;
  for (; e < terms.length; e++) {
    const t = terms[e]!;
    const prev = terms[e - 1]!;
    if (CLAUSE_SUBORDINATOR.has(t.lower)) break;
    if ((t.lower === 'before' || t.lower === 'after') && SUBJECT_PRONOUN.has(terms[e + 1]?.lower ?? '')) break;
    const following = terms[e + 1];
    // 'for cracks or bends, test ...': a 'verb' closing a list of nouns is a noun.
    const listNoun = following !== undefined && isNoun(prev) && (breaks(following) || e + 2 >= terms.length);
    if ((t.lower === 'and' || t.lower === 'or' || t.lower === 'but') && following?.tags.has('Verb') && !following.tags.has('Gerund') && !following.tags.has('Participle') && !listNoun) break;
    if (/[;:.!?)(]/.test(prev.post)) break;
    if (/,/.test(prev.post)) {
      const listGoesOn = isNoun(t) || t.tags.has('Determiner') || t.tags.has('Adjective');
      if (!listGoesOn || t.tags.has('Verb')) break;
    }
  }
  let clause = terms.slice(s, e);
  const closes = (t: TaggedTerm, k: number) => isNoun(t) || (k >= 2 && ['and', 'or'].includes(clause[k - 1]!.lower) && isNoun(clause[k - 2]!)) || t.tags.has('Adverb') || t.tags.has('Value') || t.tags.has('Adjective') || ((t.lower === 'before' || t.lower === 'after') && breaks(t));
  while (clause.length > 1 && !closes(clause[clause.length - 1]!, clause.length - 1)) clause = clause.slice(0, -1);
  let text = joinTerms(clause).replace(/[,;:.!?]+$/, '').replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  // 'When every line is complete, select Submit.' -> 'Select Submit when every line is complete'.
  if (clause.length < 3 && lead !== '' && lead.split(/\s+/).length <= 8) text = `${text} ${lead.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase())}`;
  const words = text.split(/\s+/).length;
  if (words < 3 || clause.length > MAX_CLAUSE_WORDS || !clause.slice(1).some(isNoun)) return null;
  return text;
}

/** Whether a word is read as a verb when it opens an instruction ('select it', 'call it'). */
export function readsAsVerb(word: string): boolean {
  return (nlp(`${word} it`).json({ terms: { tags: true } }) as Array<{ terms: Array<{ tags: string[] }> }>)[0]?.terms[0]?.tags.includes('Verb') ?? false;
}

/** The base form of a past participle: 'requested' -> 'request', 'taken' -> 'take'. */
function participleBase(word: string): string {
  return nlp(`they ${word.toLowerCase()} it`).verbs().toInfinitive().text().trim().split(/\s+/)[0] ?? '';
}

const PASSIVE = /^(?:the\s+|every\s+|each\s+|all\s+)?([\p{L}][\p{L}\s'’-]{2,40}?)\s+(?:must|should|have to|has to|need to|needs to)\s+be\s+([a-z]+(?:ed|en|wn|ght))\b([^,;:.!?]*)/iu;

/**
 * A rule written in the passive as the action it asks for: 'Annual leave must be requested
 * through the HR portal at least two weeks before ...' -> 'Request annual leave through the HR
 * portal at least two weeks before the first day of absence'. Null for other sentences or a
 * result over eighteen words.
 */
export function passiveClause(sentence: string): string | null {
  const m = PASSIVE.exec(sentence.trim());
  if (!m) return null;
  const base = participleBase(m[2]!);
  if (!base || base === m[2]!.toLowerCase()) return null;
  const subject = m[1]!.trim().replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
  const text = `${base.replace(/^\p{Ll}/u, (c) => c.toUpperCase())} ${subject}${m[3]!.trimEnd()}`;
  const words = text.split(/\s+/).length;
  return words >= 3 && words <= 18 ? text : null;
}

/** 'preparing', 'opening', 'parking': the -ing form of a verb's base form. */
export function gerundOf(verb: string): string {
  const lower = verb.toLowerCase();
  const conjugated = (nlp(lower).verbs().conjugate()[0] as { Gerund?: string } | undefined)?.Gerund;
  if (conjugated && !conjugated.includes(' ')) return conjugated;
  if (/ie$/.test(lower)) return `${lower.slice(0, -2)}ying`;
  if (/[^aeiouy]e$/.test(lower) || /[^e]ue$/.test(lower)) return `${lower.slice(0, -1)}ing`;
  return `${lower}ing`;
}

/**
 * A title for a paragraph of instructions that opens with one: the verb as a gerund and what
 * follows it up to the clause's end ('Prepare before every call.' -> 'Preparing before every
 * call'; 'Open the call by confirming ...' -> 'Opening the call'). At most five words; null when
 * the paragraph does not open with an instruction.
 */
export function instructionTopic(sentence: string): string | null {
  if (!isInstruction(sentence)) return null;
  const terms = tagSentence(sentence.trim());
  const first = terms[0]!;
  if (first.lower === 'never' || first.lower === 'always') return null;
  let e = 1;
  const prepositional = (t: TaggedTerm, k: number) => (t.lower === 'before' || t.lower === 'after') && !SUBJECT_PRONOUN.has(terms[k + 1]?.lower ?? '');
  while (e < terms.length && e < 5 && !breaks(terms[e - 1]!) && !CLAUSE_SUBORDINATOR.has(terms[e]!.lower) && (!terms[e]!.tags.has('Conjunction') || prepositional(terms[e]!, e)) && !(terms[e]!.tags.has('Preposition') && e > 1 && isNoun(terms[e - 1]!))) e++;
  const rest = terms.slice(1, e);
  while (rest.length > 0 && !isNoun(rest[rest.length - 1]!)) rest.pop();
  if (rest.length === 0) return null;
  return `${gerundOf(first.text).replace(/^\p{Ll}/u, (c) => c.toUpperCase())} ${joinTerms(rest).replace(/[,;:.!?]+$/, '')}`;
}

/**
 * A statement whose subject is an activity, as the action a learner takes: 'Parking the truck
 * correctly prevents accidents after your shift.' -> 'Park the truck correctly after your
 * shift' (the gerund in its base form, the rest of the subject, and a time phrase that closes the
 * sentence). Null when the subject is not a gerund phrase.
 */
export function activityClause(sentence: string): string | null {
  const terms = tagSentence(sentence.trim());
  if (terms.length < 4 || !terms[0]!.tags.has('Gerund')) return null;
  let v = 1;
  while (v < terms.length && !(terms[v]!.tags.has('Verb') && terms[v]!.tags.has('PresentTense') && !terms[v]!.tags.has('Gerund') && !terms[v - 1]!.tags.has('Determiner')) && !breaks(terms[v - 1]!)) v++;
  if (v >= terms.length || v < 2 || v > 6 || !terms[v]!.tags.has('Verb')) return null;
  const base = baseForm(terms[0]!.text);
  if (!base || base === terms[0]!.lower) return null;
  let context = '';
  const tail = terms.slice(v + 1);
  const at = tail.findIndex((t) => ['after', 'before', 'during', 'within'].includes(t.lower));
  if (at >= 0 && tail.length - at <= 4 && isNoun(tail[tail.length - 1]!)) context = ` ${joinTerms(tail.slice(at)).replace(/[,;:.!?]+$/, '')}`;
  return `${base.replace(/^\p{Ll}/u, (c) => c.toUpperCase())} ${joinTerms(terms.slice(1, v))}${context}`;
}

const NEGATED = /\b(?:not|never|no|n't|cannot|none|nobody|nothing|neither|nor)\b/i;
const SUBORDINATE_START = /^(?:if|when|whenever|before|after|while|although|though|because|unless|as|once|until|since|whether)\b/i;
const AUX = new Set(['is', 'are', 'was', 'were', 'must', 'can', 'should', 'will', 'would', 'may', 'might', 'could', 'shall', 'has', 'have', 'had']);
const IRREGULAR_BASE: Record<string, string> = { has: 'have', does: 'do', goes: 'go' };

function baseForm(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR_BASE[lower]) return IRREGULAR_BASE[lower];
  const inf = nlp(lower).verbs().toInfinitive().text().trim();
  return inf || lower;
}

/**
 * The sentence made false by negating its main verb, grammatically: 'Pedestrians have the right of
 * way.' -> 'Pedestrians do not have the right of way.'; an instruction ('Keep your arms inside the
 * cab.') becomes a statement about what the learner should do ('You should not keep ...'). Null
 * when the sentence cannot be negated safely: it already holds a negation, opens with a
 * subordinate clause, or has no finite verb the tagger is sure of.
 */
export function negate(sentence: string): string | null {
  const text = sentence.trim();
  if (NEGATED.test(text) || SUBORDINATE_START.test(text)) return null;
  const terms = tagSentence(text);
  if (terms.length < 4) return null;
  if (isInstruction(text)) {
    // A short instruction of one action only: 'You should not ...' before a list of actions
    // ('Lower the forks flat, set the brake and ...') reads badly and is half true.
    if (terms[0]!.lower === 'always' || terms.length > 12 || terms.some((t, k) => k < terms.length - 1 && breaks(t)) || terms.some((t, k) => t.tags.has('Conjunction') && terms[k + 1]?.tags.has('Verb'))) return null;
    const rest = text.replace(/^\s*\S+/, (w) => w.toLowerCase());
    return `You should not ${rest}`;
  }
  // The first finite verb after a subject (a noun phrase before it).
  for (let i = 1; i < terms.length; i++) {
    const t = terms[i]!;
    if (!t.tags.has('Verb') || t.tags.has('Gerund') || t.tags.has('Participle') || t.tags.has('Infinitive') && !t.tags.has('PresentTense')) {
      if (breaks(t)) return null;
      continue;
    }
    const before = terms.slice(0, i);
    if (!before.some((b) => b.tags.has('Noun') || b.tags.has('Gerund'))) return null;
    // 'Your manager receives an email and approves ...': negating the first of two verbs is half
    // false and reads badly.
    if (terms.some((c, k) => k > i && (c.lower === 'and' || c.lower === 'or') && terms[k + 1]?.tags.has('Verb') && !terms[k + 1]!.tags.has('Gerund'))) return null;
    if (before.some(breaks)) return null;
    const prefix = joinTerms(before);
    const suffix = text.slice(text.indexOf(t.text, prefix.length) + t.text.length);
    const lower = t.lower;
    let verb: string;
    if (AUX.has(lower) && (lower !== 'has' && lower !== 'have' && lower !== 'had' ? true : terms[i + 1]?.tags.has('PastTense') || terms[i + 1]?.tags.has('Participle'))) verb = `${t.text} not`;
    else if (t.tags.has('PastTense')) verb = `did not ${baseForm(t.text)}`;
    else if (t.tags.has('PresentTense')) verb = /s$/i.test(t.text) && !/ss$/i.test(t.text) ? `does not ${baseForm(t.text)}` : `do not ${baseForm(t.text)}`;
    else return null;
    return `${prefix} ${verb}${suffix}`;
  }
  return null;
}

const SIMPLE_NEGATION: Record<'es' | 'fr', Record<string, string>> = {
  es: { es: 'no es', son: 'no son', está: 'no está', están: 'no están', debe: 'no debe', deben: 'no deben', puede: 'no puede', pueden: 'no pueden', tiene: 'no tiene', tienen: 'no tienen' },
  fr: { est: "n'est pas", sont: 'ne sont pas', doit: 'ne doit pas', doivent: 'ne doivent pas', peut: 'ne peut pas', peuvent: 'ne peuvent pas', a: "n'a pas", ont: "n'ont pas" },
};
const NEGATED_ES_FR = /\b(?:no|nunca|jamás|ni|ne|n['’]|pas|jamais|aucun|aucune|rien)\b/i;

/**
 * Spanish and French: the untagged languages are negated only at an auxiliary or copula that
 * stands in a fixed list ('es' -> 'no es', 'doit' -> 'ne doit pas'), the first one of the
 * sentence and after at least two words; anything else returns null rather than a guess.
 */
export function negateSimple(sentence: string, language: 'es' | 'fr'): string | null {
  if (NEGATED_ES_FR.test(sentence)) return null;
  const words = [...sentence.matchAll(/[\p{L}]+/gu)];
  for (let i = 2; i < words.length; i++) {
    const w = words[i]!;
    const replacement = SIMPLE_NEGATION[language][w[0].toLowerCase()];
    if (!replacement || w[0] !== w[0].toLowerCase()) continue;
    if (sentence.slice(0, w.index).includes(',')) return null;
    return `${sentence.slice(0, w.index)}${replacement}${sentence.slice(w.index + w[0].length)}`;
  }
  return null;
}

// ---- Structure of unstructured text: content words, inline headings, spoken fillers ----

// Verbs that carry grammar, not a topic ('is', 'must', 'have been'): compromise tags them.
const FUNCTION_VERB = ['Copula', 'Modal', 'Auxiliary'];

/**
 * The content words of a sentence by their part of speech (nouns, verbs, adjectives; no
 * pronouns, auxiliaries, numbers or names of days), each as its root: 'Pressing the wounds' ->
 * ['press', 'wound']. What lexical cohesion compares; no word list decides what counts.
 */
export function contentLemmas(sentence: string): string[] {
  return tagSentence(sentence)
    .filter((t) => (t.tags.has('Noun') || t.tags.has('Verb') || t.tags.has('Adjective')) && !t.tags.has('Pronoun') && !t.tags.has('Value') && !t.tags.has('Expression') && !FUNCTION_VERB.some((f) => t.tags.has(f)))
    .map((t) => t.root.replace(/[^\p{L}\p{N}'-]/gu, ''))
    .filter((r) => r.length > 1);
}

const MAX_HEADING_WORDS = 6;
const CAPITAL = /^\p{Lu}/u;
// What may open the clause a heading runs into: a function word or a verb (tags of the clause
// tagged on its own, where its first word is a sentence's first word).
const CLAUSE_OPENERS = ['Determiner', 'Pronoun', 'Possessive', 'Negative', 'Adverb', 'Verb', 'Conjunction', 'Preposition', 'QuestionWord', 'Value'];
const NAME_TAGS = ['ProperNoun', 'Person', 'Place', 'Organization', 'Acronym'];

/**
 * Whether a short phrase reads as a title: a noun phrase without a finite verb ('Load handling',
 * 'Burns and scalds', 'Calling for help', 'Workplace First Aid') or a short clause of the shape
 * titles take ('Before you help', 'How to lift'). Not a sentence's subject: no 'The ...' start.
 */
export function titleLike(phrase: string): boolean {
  const terms = tagSentence(phrase);
  const n = terms.length;
  if (n === 0 || n > MAX_HEADING_WORDS || !CAPITAL.test(terms[0]!.text) || terms.slice(0, -1).some(breaks) || /[,;:.!?]/.test(terms[n - 1]!.post)) return false;
  if (terms[0]!.tags.has('Determiner') || terms.some((t) => t.tags.has('Expression'))) return false;
  // 'Before you help', 'When the alarm sounds', 'How to lift': a subordinate or 'how to' clause.
  if (n >= 2 && (terms[0]!.tags.has('Conjunction') || terms[0]!.tags.has('QuestionWord') || (terms[0]!.tags.has('Preposition') && terms[1]!.tags.has('Pronoun')))) {
    return terms.slice(1).some((t) => t.tags.has('Verb')) && !terms.some((t) => FUNCTION_VERB.some((f) => t.tags.has(f)));
  }
  if (terms.some((t) => t.tags.has('Pronoun') || FUNCTION_VERB.some((f) => t.tags.has(f)))) return false;
  // 'Passwords and accounts': a word joined to a noun by 'and' is a noun, whatever its verb reading.
  const coordinated = (i: number) => i >= 2 && terms[i - 1]!.tags.has('Conjunction') && isNoun(terms[i - 2]!);
  const last = terms[n - 1]!;
  if (!(isNoun(last) || last.tags.has('Gerund') || coordinated(n - 1))) return false;
  // A verb reading is the tagger's where a noun stands ('Load handling', 'Speed limits'): only a
  // gerund, a first word before a noun or gerund, or a participle before a noun ('Rated loads').
  return terms.every((t, i) => {
    if (!t.tags.has('Verb') || t.tags.has('Gerund') || coordinated(i)) return true;
    const beforeNoun = i < n - 1 && (isNoun(terms[i + 1]!) || terms[i + 1]!.tags.has('Gerund'));
    return beforeNoun && (i === 0 || t.tags.has('PastTense'));
  });
}

/** Whether text opens with a clause: its first word, tagged as a sentence's first, is a function word or a verb, not a name. */
function opensClause(text: string, afterTitleCase: boolean): boolean {
  const terms = tagSentence(text);
  const first = terms[0];
  if (first === undefined || terms.length < 3 || NAME_TAGS.some((t) => first.tags.has(t))) return false;
  // 'Cool the burn ...': an instruction whose verb the tagger may read as an adjective at the start.
  const second = terms[1]!;
  if ((second.tags.has('Determiner') || second.tags.has('Possessive')) && readsAsVerb(first.lower)) return true;
  if (!terms.slice(1).some((t) => t.tags.has('Verb')) && !first.tags.has('Verb')) return false;
  if (CLAUSE_OPENERS.some((t) => first.tags.has(t))) return true;
  // After 'Speed limits' a noun may open the clause ('Drivers slow down ...'); after a run of
  // capitalised words ('New York Office Hours are ...') it may be one more word of a name.
  return isNoun(first) && !afterTitleCase && terms.slice(1).some((t) => t.tags.has('Verb'));
}

/**
 * A title run into the sentence it heads, as a web page's text reads with its tags stripped:
 * 'Load handling Never exceed the rated capacity of 2,500 kg.' -> {heading: 'Load handling',
 * rest: 'Never exceed the rated capacity of 2,500 kg.'}. The split is at a capitalised word that
 * is followed by a lower-case one and opens a clause, after a title-like phrase of at most six
 * words; null for an ordinary sentence ('Speed limits keep everyone safe.', 'The Data Protection
 * Officer keeps ...', 'Report it to Human Resources.').
 */
export function inlineHeading(sentence: string): { heading: string; rest: string } | null {
  const words = sentence.trim().split(/\s+/);
  for (let k = 1; k <= Math.min(MAX_HEADING_WORDS, words.length - 3); k++) {
    if (/[,;:.!?)]$/.test(words[k - 1]!)) return null;
    const next = words[k]!;
    if (!CAPITAL.test(next) || next === next.toUpperCase() || CAPITAL.test(words[k + 1] ?? '')) continue;
    const heading = words.slice(0, k).join(' ');
    const rest = words.slice(k).join(' ');
    if (titleLike(heading) && opensClause(rest, CAPITAL.test(words[k - 1]!))) return { heading, rest };
  }
  return null;
}

// Words that hold the floor at the start of a spoken sentence, which the tagger reads as an
// adjective or adverb there ('Okay good morning', 'Right, a photo ...').
const DISCOURSE_MARKER = /^(?:okay|ok|so|right|well|now|um|uh|erm)$/;

/**
 * A spoken sentence without the words that only hold the floor at its start ('Okay, so the second
 * topic is ...' -> 'The second topic is ...'): leading interjections (compromise's Expression
 * tag) and discourse markers, when a clause of three words or more follows.
 */
export function withoutLeadingFillers(sentence: string): string {
  const text = sentence.trim();
  const terms = tagSentence(text);
  let s = 0;
  while (s < terms.length - 3 && (terms[s]!.tags.has('Expression') || DISCOURSE_MARKER.test(terms[s]!.lower))) s++;
  if (s === 0) return text;
  // The rest as written (a substring of the sentence, so a question quoting it still quotes the material).
  const offset = terms.slice(0, s).reduce((n, t) => n + t.pre.length + t.text.length + t.post.length, 0) + terms[s]!.pre.length;
  if (text.slice(offset, offset + terms[s]!.text.length) !== terms[s]!.text) return text;
  return text.slice(offset).replace(/^\p{Ll}/u, (c) => c.toUpperCase());
}
