// Learning objectives: a Bloom action verb for the requested level plus what the material's
// headings (or, without headings, its key terms) name. The user's own objectives win when given.
import type { ComplexityLevel, DifficultyLevel } from '@trainwright/catalogue';
import { MAX_POINTS_PER_SLIDE } from '@trainwright/formats';
import { FRAMING, fill } from './framing.js';
import type { EngineLanguage } from './stop-words.js';
import type { Analysis } from './text-analysis.js';

export const MAX_OBJECTIVES = MAX_POINTS_PER_SLIDE;

// Headings that organise a document rather than name something to learn.
const GENERIC_HEADINGS: Record<EngineLanguage, ReadonlySet<string>> = {
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
  const generic = GENERIC_HEADINGS[analysis.language];
  const headed = analysis.sections
    .map((s) => ({ level: s.level, subject: headingSubject(s.heading) }))
    .filter((h) => h.subject !== '' && !generic.has(h.subject.toLowerCase()));
  const levels = [...new Set(headed.map((h) => h.level))].sort((a, b) => a - b);
  let chosen = headed.filter((h) => h.level === levels[0]);
  if (chosen.length < 3 && levels.length > 1) chosen = headed.filter((h) => h.level <= levels[1]!);
  const subjects = chosen.length > 0 ? chosen.map((h) => inSentenceCase(h.subject, analysis.names)) : analysis.terms.slice(0, 5).map((t) => t.display);
  const unique = [...new Set(subjects)].slice(0, max);
  return unique.map((subject, i) => objectiveFor(subject, level, i, analysis.language));
}
