// A whole project's content through an engine: segment, translate each distinct text once,
// restore the placeholders (a lost or doubled tag fails the translation, naming the segment),
// enforce the glossary (fixed where it can be, reported where not) and assemble the same
// structure. Texts that go with the content (an interactive video's) take the same way. Also the
// way back from segments edited elsewhere (an XLIFF import, a hand edit).
import { productHeading } from '@trainwright/catalogue';
import { enforceGlossary, termsFor, type GlossaryTerm } from './glossary.js';
import { escapeXml, hasTranslatableText, protectLike, restore } from './placeholders.js';
import { assemble, assembleTexts, segment, segmentTexts, textsById, type Segment, type TranslatableContent } from './segments.js';
import { TranslationEngineError, type TranslationEngine, type UnknownWord } from '../adapters/engine.js';

/** A segment as stored and exported: source and target with <ph/> tags. */
export interface SegmentPair {
  id: string;
  source: string;
  target: string;
}

export interface ContentTranslation {
  content: TranslatableContent;
  segments: SegmentPair[];
  /** The engine as it ran ('apertium:en>es>fr'). */
  engine: string;
  /** Glossary rules the translation breaks and that could not be fixed. */
  warnings: string[];
  /** Words the engine left untranslated (in order of appearance, each once): the translation needs a review. */
  unknownWords: UnknownWord[];
}

const MAX_UNKNOWN_WORDS = 200;

export interface TranslateContentOptions {
  from: string;
  to: string;
  glossary: readonly GlossaryTerm[];
  signal?: AbortSignal;
  /** Percent of the distinct texts done (0-100). */
  onProgress?(percent: number): void;
}

const MAX_WARNINGS = 50;

function capped(warnings: string[]): string[] {
  if (warnings.length <= MAX_WARNINGS) return warnings;
  return [...warnings.slice(0, MAX_WARNINGS), `... and ${warnings.length - MAX_WARNINGS} more glossary warnings.`];
}

/** Restores and checks one segment's tagged target; throws when its tags are broken. */
function finish(seg: Segment, taggedTarget: string, terms: readonly GlossaryTerm[], engine: string, warnings: string[], allowMissing = false): { text: string; target: string } {
  const restored = restore(seg.id, taggedTarget, seg.placeholders, { allowMissing });
  if (!restored.ok) {
    const who = engine === 'edited' ? 'The reviewed translation has broken markup in a segment.' : 'The translation engine broke the markup of a segment.';
    throw new TranslationEngineError(`${who} ${restored.error}`, engine);
  }
  const enforced = enforceGlossary(seg.text, restored.text, terms);
  for (const v of enforced.violations) warnings.push(`Segment ${seg.id}: ${v.message}.`);
  const target = enforced.text === restored.text ? taggedTarget : protectLike(enforced.text, seg.placeholders);
  return { text: enforced.text, target };
}

/** The segments through the engine, each restored and checked: their texts by segment id, the pairs, the engine and the glossary warnings. */
async function translateSegments(engine: TranslationEngine, segments: readonly Segment[], terms: readonly GlossaryTerm[], options: TranslateContentOptions) {
  // The product's own headings come from its catalogue, not the engine (a heading is a segment
  // of its own: no placeholders, the whole text).
  const fixed = new Map<string, string>();
  for (const seg of segments) {
    const heading = seg.placeholders.length === 0 ? productHeading(seg.text, options.from, options.to) : null;
    if (heading) fixed.set(seg.source, escapeXml(heading));
  }
  // Identical texts are translated once; a text of only kept terms and markup needs no engine.
  const sources = [...new Set(segments.map((s) => s.source).filter((s) => hasTranslatableText(s) && !fixed.has(s)))];
  const result = await engine.translate(sources, options.from, options.to, {
    glossary: terms,
    signal: options.signal,
    onProgress: (done, total) => options.onProgress?.(total === 0 ? 100 : Math.floor((done / total) * 100)),
  });
  const translated = new Map([...fixed, ...sources.map((s, i) => [s, result.texts[i]!] as const)]);
  const unknownWords: UnknownWord[] = [];
  for (const words of result.unknown ?? []) {
    for (const u of words) {
      if (unknownWords.length < MAX_UNKNOWN_WORDS && !unknownWords.some((x) => x.word === u.word && x.language === u.language)) unknownWords.push(u);
    }
  }
  const warnings: string[] = [];
  const texts = new Map<string, string>();
  const pairs: SegmentPair[] = [];
  for (const seg of segments) {
    const done = finish(seg, translated.get(seg.source) ?? seg.source, terms, result.engine, warnings);
    texts.set(seg.id, done.text);
    pairs.push({ id: seg.id, source: seg.source, target: done.target });
  }
  return { texts, pairs, engine: result.engine, warnings: capped(warnings), unknownWords };
}

export async function translateContent(engine: TranslationEngine, content: TranslatableContent, options: TranslateContentOptions): Promise<ContentTranslation> {
  const terms = termsFor(options.glossary, options.from, options.to);
  const done = await translateSegments(engine, segment(content, { glossary: terms }), terms, options);
  return { content: assemble(content, done.texts), segments: done.pairs, engine: done.engine, warnings: done.warnings, unknownWords: done.unknownWords };
}

/** Plain texts that go with a project's content, translated as its content is: one per text, in order. */
export async function translateTexts(
  engine: TranslationEngine,
  texts: readonly string[],
  options: TranslateContentOptions,
): Promise<{ texts: string[]; engine: string; warnings: string[] }> {
  const terms = termsFor(options.glossary, options.from, options.to);
  const done = await translateSegments(engine, segmentTexts(texts, { glossary: terms }), terms, options);
  return { texts: assembleTexts(texts, done.texts), engine: done.engine, warnings: done.warnings };
}

/**
 * The translated content from segment pairs edited elsewhere (an XLIFF import). A target may
 * leave out a placeholder (a reviewer's deliberate edit) but not invent or double one; an empty
 * target keeps the source text and says so.
 */
export function reassembleContent(
  source: TranslatableContent,
  pairs: readonly SegmentPair[],
  options: { from: string; to: string; glossary: readonly GlossaryTerm[] },
): { content: TranslatableContent; segments: SegmentPair[]; warnings: string[] } {
  const terms = termsFor(options.glossary, options.from, options.to);
  const segments = segment(source, { glossary: terms });
  const known = new Set(segments.map((s) => s.id));
  const unknown = pairs.find((p) => !known.has(p.id));
  if (unknown) throw new TranslationEngineError(`Segment ${unknown.id} is not part of this project's content.`, 'edited');
  const byId = new Map(pairs.map((p) => [p.id, p.target]));
  const warnings: string[] = [];
  const texts = new Map<string, string>();
  const out: SegmentPair[] = [];
  for (const seg of segments) {
    const target = byId.get(seg.id) ?? '';
    if (target.trim() === '') {
      warnings.push(`Segment ${seg.id} has no translation; the source text is kept.`);
      texts.set(seg.id, seg.text);
      out.push({ id: seg.id, source: seg.source, target: seg.source });
      continue;
    }
    const done = finish(seg, target, terms, 'edited', warnings, true);
    texts.set(seg.id, done.text);
    out.push({ id: seg.id, source: seg.source, target: done.target });
  }
  return { content: assemble(source, texts), segments: out, warnings: capped(warnings) };
}

/**
 * Segment pairs of a source and its translation as they stand (after a hand edit), for export.
 * Lines are matched by position, so the translation must keep the source's line structure.
 */
export function segmentPairs(source: TranslatableContent, translated: TranslatableContent, options: { from: string; to: string; glossary: readonly GlossaryTerm[] }): SegmentPair[] {
  const terms = termsFor(options.glossary, options.from, options.to);
  const targets = textsById(translated);
  return segment(source, { glossary: terms }).map((seg) => ({ id: seg.id, source: seg.source, target: protectLike(targets.get(seg.id) ?? '', seg.placeholders) }));
}
