// Glossary: terms the material itself defines, each with the defining sentence quoted verbatim.
// A term the material does not define gets no entry: no definition is ever written by the engine.
import type { GlossaryEntry } from '@trainwright/formats';
import type { EngineLanguage } from './stop-words.js';
import { type Analysis, type TextUnit, cleanLine, stemPhrase } from './text-analysis.js';

interface Patterns {
  /** What may stand before the term at the start of the sentence. */
  article: RegExp;
  /** After the term: a verb that defines whatever follows. */
  strong: RegExp;
  /** After the term: 'is a', 'are those who': defining only with these continuations. */
  weak: RegExp;
  /** Before the term: 'is called', 'known as'. */
  naming: RegExp;
}

// An abbreviation in brackets may follow the term: 'Personal protective equipment (PPE) is ...'.
const ABBREVIATION = String.raw`(?:\s*\([^)]{1,40}\))?,?\s+`;

const PATTERNS: Record<EngineLanguage, Patterns> = {
  en: {
    article: /^(?:(?:a|an|the)\s+)?$/i,
    strong: new RegExp(`^${ABBREVIATION}(?:means|refers to|is defined as|are defined as|describes|is the term for|stands for)\\b`, 'i'),
    weak: new RegExp(`^${ABBREVIATION}(?:is|are)\\s+(?:a|an|the|any|one of|those|people|\\S+\\s+(?:who|that|which|used))\\b`, 'i'),
    naming: /(?:is|are)\s+(?:called|known as|referred to as)\s+(?:(?:a|an|the)\s+)?$/i,
  },
  es: {
    article: /^(?:(?:el|la|los|las|un|una)\s+)?$/i,
    strong: new RegExp(`^${ABBREVIATION}(?:se define como|significa|se refiere a|designa|consiste en)(?![\\p{L}])`, 'iu'),
    weak: new RegExp(`^${ABBREVIATION}(?:es|son)\\s+(?:un|una|el|la|los|las|aquel|aquella|aquellos|aquellas|\\S+\\s+(?:que|utilizad[oa]s?))(?![\\p{L}])`, 'iu'),
    naming: /(?:se llama|se llaman|se denomina|se denominan|se conoce como|se conocen como)\s+(?:(?:el|la|los|las|un|una)\s+)?$/i,
  },
  fr: {
    article: /^(?:(?:le|la|les|un|une)\s+|l['’])?$/i,
    strong: new RegExp(`^${ABBREVIATION}(?:se définit comme|désigne|signifie|fait référence à|correspond à|consiste en)(?![\\p{L}])`, 'iu'),
    weak: new RegExp(`^${ABBREVIATION}(?:est|sont)\\s+(?:un|une|le|la|les|l['’]|des|ce|ceux|celle|celles|\\S+\\s+(?:qui|que|utilisée?s?))(?![\\p{L}])`, 'iu'),
    naming: /(?:s['’]appelle|s['’]appellent|est appelée?|sont appelée?s|est nommée?|on appelle|est désignée? sous le nom de)\s+(?:(?:le|la|les|un|une)\s+|l['’])?$/i,
  },
};

// 'Class A: ordinary combustibles such as wood.' A short lead, a colon or dash, then the meaning.
const LEAD_TERM = /^([^:–—]{2,60}?)\s*(?::|\s[–—-])\s+(\S.*)$/u;
const MAX_LEAD_WORDS = 5;
// Leads that label a line rather than name a term.
const LABELS = /^(?:note|nota|remember|example|ejemplo|exemple|tip|consejo|conseil|warning|advertencia|attention|important|importante|step \d+|paso \d+|étape \d+)$/i;
export const MAX_GLOSSARY_ENTRIES = 40;

interface Found {
  term: string;
  definition: string;
  strength: number;
  order: number;
}

function sortKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

function definitionsIn(unit: TextUnit, analysis: Analysis, patterns: Patterns): Found[] {
  const found: Found[] = [];
  for (const occ of unit.occurrences) {
    const before = unit.text.slice(0, occ.start);
    const after = unit.text.slice(occ.end);
    // The term as the definition writes it, without the capital that only starts the sentence.
    const written = unit.text.slice(occ.start, occ.end);
    const term = occ.initial && !analysis.termByKey.get(occ.key)!.capitalised ? written.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase()) : written;
    if (patterns.article.test(before)) {
      if (patterns.strong.test(after)) found.push({ term, definition: unit.text, strength: 3, order: unit.id });
      else if (patterns.weak.test(after)) found.push({ term, definition: unit.text, strength: 1, order: unit.id });
    }
    if (patterns.naming.test(before)) found.push({ term, definition: unit.text, strength: 2, order: unit.id });
  }
  const lead = LEAD_TERM.exec(unit.text);
  if (lead && unit.kind !== 'table') {
    const leadTerm = cleanLine(lead[1]!);
    const words = leadTerm.split(' ').length;
    if (words <= MAX_LEAD_WORDS && /\p{L}/u.test(leadTerm) && !LABELS.test(leadTerm) && lead[2]!.split(/\s+/).length >= 3) {
      found.push({ term: leadTerm, definition: unit.text, strength: 2, order: unit.id });
    }
  }
  return found;
}

/**
 * Terms the material defines ('X is a ...', 'X means ...', '... is called X', 'X: ...'), one
 * entry per term in any case or number, the strongest and then earliest definition kept,
 * sorted alphabetically.
 */
export function buildGlossary(analysis: Analysis, max = MAX_GLOSSARY_ENTRIES): GlossaryEntry[] {
  const patterns = PATTERNS[analysis.language];
  const best = new Map<string, Found>();
  for (const unit of analysis.units) {
    if (unit.kind === 'table') continue;
    for (const f of definitionsIn(unit, analysis, patterns)) {
      const key = stemPhrase(f.term, analysis.language);
      if (!key) continue;
      const current = best.get(key);
      if (!current || f.strength > current.strength || (f.strength === current.strength && f.order < current.order)) best.set(key, f);
    }
  }
  // Keep the strongest definitions when there are too many, then list them alphabetically.
  return [...best.values()]
    .sort((a, b) => b.strength - a.strength || a.order - b.order)
    .slice(0, max)
    .map((f) => ({ term: f.term, definition: f.definition }))
    .sort((a, b) => (sortKey(a.term) < sortKey(b.term) ? -1 : sortKey(a.term) > sortKey(b.term) ? 1 : 0));
}
