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
}

const cache = new Map<string, TaggedTerm[]>();
const CACHE_LIMIT = 5000;

/** The terms of one sentence with their tags (cached: the same sentence is tagged once). */
export function tagSentence(text: string): TaggedTerm[] {
  let terms = cache.get(text);
  if (terms) return terms;
  const json = nlp(text).json({ terms: { tags: true } }) as Array<{ terms: Array<{ text: string; pre: string; post: string; tags: string[] }> }>;
  terms = json.flatMap((s) => s.terms).map((t) => ({ text: t.text, lower: t.text.toLowerCase(), tags: new Set(t.tags), pre: t.pre, post: t.post }));
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, terms);
  return terms;
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
      phrases.push({ text, core, words: end, start: 0, end, context: '' });
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
    // 'the right of way', 'the weight of every load'
    if (end < terms.length && terms[end]!.lower === 'of' && !breaks(terms[end - 1]!)) {
      const next = chunk(end + 1);
      if (next.nouns > 0) end = next.end;
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
    phrases.push({ text, core, words: words.length, start: i, end, context });
    i = end;
  }
  return phrases;
}

function joinTerms(terms: TaggedTerm[]): string {
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
  return tagSentence(sentence).some((t) => t.lower.replace(/[^\p{L}\p{N}'-]/gu, '') === lower && isNoun(t));
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
    if (terms[0]!.lower === 'always') return null;
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
