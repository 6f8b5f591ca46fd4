// Content refresh: dated wording replaced from a fixed dictionary, long sentences split at clause
// boundaries, core concepts (the key terms) kept exactly as written. Facts, figures and examples
// are never changed; sentences with dated examples are listed for the trainer instead.
import { splitSentences } from '@trainwright/formats';
import type { SourceDocument, SourceSection } from '../../domain/types.js';
import { splitLongSentence } from './clauses.js';
import type { EngineLanguage } from './stop-words.js';
import { type Analysis, type KeyTerm, cleanBlock } from './text-analysis.js';

/** Dated phrasing -> current phrasing, matched case-insensitively on word boundaries. */
export const DATED_PHRASES: Record<EngineLanguage, ReadonlyArray<readonly [string, string]>> = {
  en: [
    ['utilize', 'use'],
    ['utilizes', 'uses'],
    ['utilized', 'used'],
    ['utilizing', 'using'],
    ['utilise', 'use'],
    ['utilises', 'uses'],
    ['utilised', 'used'],
    ['utilising', 'using'],
    ['utilization', 'use'],
    ['utilisation', 'use'],
    ['in order to', 'to'],
    ['e-mail', 'email'],
    ['e-mails', 'emails'],
    ['e-mailed', 'emailed'],
    ['World Wide Web', 'web'],
    ['whilst', 'while'],
    ['amongst', 'among'],
    ['facsimile', 'fax'],
    ['prior to', 'before'],
    ['subsequent to', 'after'],
    ['in the event that', 'if'],
    ['at this point in time', 'now'],
    ['at the present time', 'now'],
    ['due to the fact that', 'because'],
    ['for the purpose of', 'for'],
    ['with regard to', 'about'],
    ['in regard to', 'about'],
    ['pursuant to', 'under'],
    ['commence', 'start'],
    ['commences', 'starts'],
    ['commenced', 'started'],
    ['on-line', 'online'],
    ['web site', 'website'],
    ['web-site', 'website'],
    ['log on to', 'log in to'],
    ['fireman', 'firefighter'],
    ['firemen', 'firefighters'],
    ['chairman', 'chair'],
    ['manpower', 'workforce'],
    ['man-hours', 'work hours'],
    ['salesman', 'salesperson'],
    ['salesmen', 'salespeople'],
    ['policeman', 'police officer'],
    ['policemen', 'police officers'],
    ['cellular phone', 'mobile phone'],
    ['cellular telephone', 'mobile phone'],
    ['a large number of', 'many'],
    ['in the near future', 'soon'],
    ['henceforth', 'from now on'],
    ['heretofore', 'until now'],
    ['forthwith', 'immediately'],
  ],
  es: [
    ['en orden a', 'para'],
    ['con el objeto de', 'para'],
    ['con anterioridad a', 'antes de'],
    ['con posterioridad a', 'después de'],
    ['en el caso de que', 'si'],
    ['en el supuesto de que', 'si'],
    ['a día de hoy', 'hoy'],
    ['telefax', 'fax'],
    ['facsímil', 'fax'],
    ['correo-e', 'correo electrónico'],
    ['teléfono celular', 'móvil'],
    ['World Wide Web', 'web'],
    ['página web de Internet', 'página web'],
  ],
  fr: [
    ['courrier électronique', 'courriel'],
    ['préalablement à', 'avant'],
    ['postérieurement à', 'après'],
    ["au jour d'aujourd'hui", "aujourd'hui"],
    ['télécopie', 'fax'],
    ['télécopieur', 'fax'],
    ['World Wide Web', 'web'],
    ['en date du', 'le'],
  ],
};

/** Things that date an example; sentences naming them are listed for review, not rewritten. */
const DATED_EXAMPLES = /(?<![\p{L}\p{N}])(?:fax(?:es)? machines?|fax|floppy dis[ck]s?|disquetes?|disquettes?|CD-ROMs?|pagers?|VHS|dial-up|Windows (?:95|98|2000|XP|Vista)|Internet Explorer|BlackBerry|overhead projectors?|retroproyector|rétroprojecteur|answering machines?|typewriters?|máquina de escribir|machine à écrire|telex|Filofax|minitel)(?![\p{L}\p{N}])/iu;

export interface RefreshOptions {
  modernizeLanguage: boolean;
  improveEngagement: boolean;
  maintainCoreConcepts: boolean;
  updateExamples: boolean;
  industryUpdates: boolean;
  contentAge: string;
}

export interface RefreshResult {
  source: SourceDocument;
  /** Replacements made: dated phrase (as listed) -> count. */
  replaced: Map<string, number>;
  /** Dated phrases left alone because they are part of a key term. */
  kept: Set<string>;
  splits: number;
  /** Sentences with dated examples, for the trainer to review. */
  review: string[];
  notices: string[];
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
}

function boundaryPattern(alternatives: string[]): RegExp {
  // Longest first, so 'e-mails' wins over 'e-mail' and 'cellular telephone' over shorter entries.
  const sorted = [...alternatives].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

/** The replacement written in the case of what it replaces. */
function inCaseOf(match: string, entry: readonly [string, string], sentenceStart: boolean): string {
  const [from, to] = entry;
  const capital = (t: string) => t.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
  if (match.length > 1 && match === match.toUpperCase() && match !== match.toLowerCase()) return to.toUpperCase();
  // A dated name ('World Wide Web') gets its current form's own case, capitalised only to start a sentence.
  if (/^\p{Lu}/u.test(from)) return sentenceStart ? capital(to) : to;
  return /^\p{Lu}/u.test(match) ? capital(to) : to;
}

function datedPattern(language: EngineLanguage): RegExp {
  return boundaryPattern(DATED_PHRASES[language].map(([from]) => from));
}

/**
 * The core concepts: the material's key terms, except words that only ever occur inside a dated
 * phrase ('order' in 'in order to'), which are parts of an idiom rather than concepts.
 */
export function coreConcepts(analysis: Analysis): KeyTerm[] {
  const dated = datedPattern(analysis.language);
  const outsideIdioms = new Set<string>();
  for (const unit of analysis.units) {
    const idioms = [...unit.text.matchAll(dated)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    for (const o of unit.occurrences) if (!idioms.some((i) => i.start <= o.start && o.end <= i.end)) outsideIdioms.add(o.key);
  }
  return analysis.terms.filter((t) => outsideIdioms.has(t.key));
}

class Modernizer {
  readonly replaced = new Map<string, number>();
  readonly kept = new Set<string>();
  private readonly dated: RegExp;
  private readonly lookup: Map<string, readonly [string, string]>;
  private readonly protectedTerms: RegExp | null;

  constructor(language: EngineLanguage, coreTerms: string[]) {
    const entries = DATED_PHRASES[language];
    this.lookup = new Map(entries.map((e) => [e[0].toLowerCase(), e]));
    this.dated = datedPattern(language);
    this.protectedTerms = coreTerms.length > 0 ? boundaryPattern(coreTerms) : null;
  }

  target(from: string): string {
    return this.lookup.get(from.toLowerCase())![1];
  }

  private entry(match: string): readonly [string, string] {
    return this.lookup.get(match.toLowerCase().replace(/\s+/g, ' '))!;
  }

  /** Replaces the dated phrases of text.slice(from, to). */
  private replace(text: string, from: number, to: number): string {
    return text.slice(from, to).replace(this.dated, (match: string, offset: number) => {
      const entry = this.entry(match);
      this.replaced.set(entry[0], (this.replaced.get(entry[0]) ?? 0) + 1);
      return inCaseOf(match, entry, /(?:^|[.!?:]\s+)$/.test(text.slice(0, from + offset)));
    });
  }

  /** Replaces dated phrases outside the protected key terms. */
  modernize(text: string): string {
    if (!this.protectedTerms) return this.replace(text, 0, text.length);
    let out = '';
    let last = 0;
    for (const m of text.matchAll(this.protectedTerms)) {
      out += this.replace(text, last, m.index) + m[0];
      for (const d of m[0].matchAll(this.dated)) this.kept.add(this.entry(d[0])[0]);
      last = m.index + m[0].length;
    }
    return out + this.replace(text, last, text.length);
  }
}

/**
 * Refreshes every heading, paragraph, bullet, table cell and note of the source. `analysis` is
 * the original's analysis: its key terms are the core concepts that `maintainCoreConcepts` keeps.
 */
export function refreshSource(source: SourceDocument, analysis: Analysis, options: RefreshOptions): RefreshResult {
  const language = analysis.language;
  const core = options.maintainCoreConcepts ? coreConcepts(analysis) : [];
  const modernizer = new Modernizer(language, core.flatMap((t) => t.forms));
  let splits = 0;
  const word = (text: string) => (options.modernizeLanguage ? modernizer.modernize(text) : text);
  const prose = (text: string) => {
    const modern = word(cleanBlock(text));
    if (!options.improveEngagement) return modern;
    return modern
      .split('\n')
      .map((line) =>
        splitSentences(line)
          .map((s) => {
            const parts = splitLongSentence(s.text, language);
            splits += parts.length - 1;
            return parts.join(' ');
          })
          .join(' '),
      )
      .join('\n');
  };
  const sections: SourceSection[] = source.sections.map((s) => ({
    heading: word(s.heading),
    level: s.level,
    paragraphs: s.paragraphs.map(prose),
    bullets: s.bullets.map(word),
    tables: s.tables.map((t) => t.map((row) => row.map(word))),
    notes: s.notes.map(prose),
  }));
  const refreshed: SourceDocument = { ...source, title: word(source.title), sections };

  const review: string[] = [];
  if (options.updateExamples) {
    for (const s of sections) {
      for (const text of [...s.paragraphs, ...s.bullets, ...s.notes]) {
        for (const sentence of splitSentences(text)) if (DATED_EXAMPLES.test(sentence.text) && !review.includes(sentence.text)) review.push(sentence.text);
      }
    }
  }

  const notices: string[] = [];
  const age = options.contentAge.trim();
  notices.push(
    `Content refresh by the offline engine${age ? ` (content age given: ${age})` : ''}: wording is modernised from a fixed list of dated phrases; facts, figures and examples are not changed.`,
  );
  if (!options.modernizeLanguage) notices.push('Wording was left as written (modernise language is off).');
  else if (modernizer.replaced.size === 0) notices.push('No dated phrases from the list were found.');
  else {
    const list = [...modernizer.replaced].map(([from, n]) => `"${from}" -> "${modernizer.target(from)}" (${n})`);
    notices.push(`Replaced dated wording: ${list.join(', ')}.`);
  }
  if (modernizer.kept.size > 0) notices.push(`Kept as written because they are part of core concepts: ${[...modernizer.kept].map((k) => `"${k}"`).join(', ')}.`);
  if (options.improveEngagement) notices.push(splits > 0 ? `Split long sentences at clause boundaries: ${splits} split${splits === 1 ? '' : 's'}.` : 'No sentence was long enough to split.');
  if (options.maintainCoreConcepts) {
    const more = core.length > 10 ? ` (and ${core.length - 10} more)` : '';
    notices.push(`Core concepts kept verbatim: ${core.slice(0, 10).map((t) => t.display).join(', ')}${more}.`);
  }
  if (options.updateExamples) {
    notices.push(
      review.length > 0
        ? `Examples were not replaced (the offline engine adds no new facts). Sentences with dated examples to review: ${review.slice(0, 5).map((r) => `"${r}"`).join('; ')}${review.length > 5 ? ` and ${review.length - 5} more` : ''}.`
        : 'Examples were not replaced (the offline engine adds no new facts); none of them names dated technology from its list.',
    );
  }
  if (options.industryUpdates) {
    notices.push('Industry updates were not added: the offline engine knows no recent changes. Upload current material or configure an AI model for them.');
  }
  return { source: refreshed, replaced: modernizer.replaced, kept: modernizer.kept, splits, review, notices };
}
