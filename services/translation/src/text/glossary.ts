// A company's glossary rules: a term kept as written (a brand, a product) or given a fixed
// translation. Terms match as whole words, Unicode-aware ('Gabelstapler' does not match inside
// 'Gabelstaplerfahrer'; 'año' is a word). Kept terms become placeholders in segmentation; fixed
// translations go to engines that take a glossary, or become placeholders restored as the fixed
// translation for engines that cannot (protectFixedTerms). Every result is checked afterwards.
import { escapeXml, PH_TAG, phTag, type SpanFinder } from './placeholders.js';

export interface GlossaryTerm {
  term: string;
  sourceLanguage: string;
  /** '' = every target language. */
  targetLanguage: string;
  /** '' = keep the term as written. */
  translation: string;
  caseSensitive: boolean;
}

export interface GlossaryViolation {
  term: string;
  kind: 'kept-term-missing' | 'fixed-translation-missing';
  message: string;
}

/** The rules for one language pair; a rule for the target language beats one for every language. */
export function termsFor(terms: readonly GlossaryTerm[], from: string, to: string): GlossaryTerm[] {
  const applicable = terms.filter((t) => t.term.trim() !== '' && (t.sourceLanguage === from || t.sourceLanguage === '') && (t.targetLanguage === '' || t.targetLanguage === to));
  const specific = new Set(applicable.filter((t) => t.targetLanguage === to).map((t) => key(t)));
  return applicable.filter((t) => t.targetLanguage === to || !specific.has(key(t)));
}

function key(t: GlossaryTerm): string {
  return t.caseSensitive ? t.term.trim() : t.term.trim().toLowerCase();
}

const patterns = new Map<string, RegExp>();

/** A whole-word pattern for a phrase; inner whitespace matches any run of whitespace. */
export function wordPattern(phrase: string, caseSensitive: boolean): RegExp {
  const cacheKey = `${caseSensitive ? 1 : 0}${phrase}`;
  let pattern = patterns.get(cacheKey);
  if (!pattern) {
    const body = phrase
      .trim()
      .split(/\s+/u)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'))
      .join('\\s+');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, caseSensitive ? 'gu' : 'giu');
    if (patterns.size > 5000) patterns.clear();
    patterns.set(cacheKey, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

function occurs(text: string, phrase: string, caseSensitive: boolean): boolean {
  return wordPattern(phrase, caseSensitive).test(text);
}

/** The fixed translation in the case of the matched source ('Forklift' -> 'Carretilla'). */
export function matchCase(matched: string, translation: string): string {
  const letters = matched.replace(/[^\p{L}]/gu, '');
  if (letters.length > 1 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return translation.toUpperCase();
  const first = matched.charAt(0);
  if (first !== first.toLowerCase() && translation.charAt(0) === translation.charAt(0).toLowerCase()) {
    return translation.charAt(0).toUpperCase() + translation.slice(1);
  }
  return translation;
}

function finder(terms: readonly GlossaryTerm[], output: (t: GlossaryTerm, matched: string) => string): SpanFinder {
  return (text) =>
    terms.flatMap((t) => [...text.matchAll(wordPattern(t.term, t.caseSensitive))].map((m) => ({ start: m.index, end: m.index + m[0].length, output: output(t, m[0]) })));
}

/** Kept terms as placeholder spans for `protect` (restored as written). */
export function keptTermFinder(terms: readonly GlossaryTerm[]): SpanFinder {
  return finder(
    terms.filter((t) => t.translation === ''),
    (_t, matched) => matched,
  );
}

/**
 * For engines without a glossary: fixed-translation terms in an already tagged text become extra
 * tags (ids 'g1', 'g2', ..., never shown to anyone) that `restore` turns into the fixed translation.
 */
export function protectFixedTerms(tagged: string, terms: readonly GlossaryTerm[]): { text: string; restore(translated: string): string } {
  const fixed = terms.filter((t) => t.translation !== '');
  if (fixed.length === 0) return { text: tagged, restore: (t) => t };
  const outputs = new Map<string, string>();
  // Only the text between tags is searched (a term 'id' must not match inside <ph id="1"/>).
  const parts = tagged.split(/(<ph\s+id="[^"<>]*"\s*\/>)/);
  const text = parts
    .map((part, i) => {
      if (i % 2 === 1) return part;
      const spans = finder(fixed, (t, m) => matchCase(m, t.translation))(part).sort((a, b) => a.start - b.start || b.end - a.end);
      let out = '';
      let at = 0;
      for (const s of spans) {
        if (s.start < at) continue;
        const id = `g${outputs.size + 1}`;
        outputs.set(id, escapeXml(s.output));
        out += part.slice(at, s.start) + phTag(id);
        at = s.end;
      }
      return out + part.slice(at);
    })
    .join('');
  return { text, restore: (translated) => translated.replace(PH_TAG, (tag, id: string) => outputs.get(id) ?? tag) };
}

/** Which glossary rules a translation breaks (plain texts, not tagged). */
export function checkGlossary(sourceText: string, targetText: string, terms: readonly GlossaryTerm[]): GlossaryViolation[] {
  const violations: GlossaryViolation[] = [];
  for (const t of terms) {
    if (!occurs(sourceText, t.term, t.caseSensitive)) continue;
    if (t.translation === '') {
      if (!occurs(targetText, t.term, t.caseSensitive)) {
        violations.push({ term: t.term, kind: 'kept-term-missing', message: `"${t.term.trim()}" should stay as written but is missing from the translation` });
      }
    } else if (!occurs(targetText, t.translation, t.caseSensitive)) {
      violations.push({ term: t.term, kind: 'fixed-translation-missing', message: `"${t.term.trim()}" should be translated as "${t.translation.trim()}" but is not` });
    }
  }
  return violations;
}

/**
 * Fixes what can be fixed without guessing: a term with a fixed translation that the engine left
 * as written is replaced by its translation. What is still broken is returned, to be reported.
 */
export function enforceGlossary(sourceText: string, targetText: string, terms: readonly GlossaryTerm[]): { text: string; violations: GlossaryViolation[] } {
  let text = targetText;
  for (const v of checkGlossary(sourceText, targetText, terms)) {
    if (v.kind !== 'fixed-translation-missing') continue;
    const t = terms.find((x) => x.term === v.term && x.translation !== '')!;
    text = text.replace(wordPattern(t.term, t.caseSensitive), (m) => matchCase(m, t.translation));
  }
  return { text, violations: checkGlossary(sourceText, text, terms) };
}
