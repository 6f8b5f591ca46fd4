// Changes to a finished translation by people (a slide edited by hand, an XLIFF import) keep it
// aligned with its source segment by segment and bump its version: an edit on an older version is
// a CONFLICT, so two editors cannot overwrite each other unseen.
import { TRANSLATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { SegmentPair, TranslationWithContent, UnknownWord } from '../types.js';
import type { TranslationDeps } from './deps.js';

/** The unknown words a fixed translation still holds (a segment put right, or the word kept on purpose, is reviewed). */
function stillUnknown(words: readonly UnknownWord[], segments: readonly SegmentPair[]): UnknownWord[] {
  const targets = segments.map((s) => s.target).join('\n');
  return words.filter((u) => new RegExp(`(?<![\\p{L}\\p{N}])${u.word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u').test(targets));
}

/** Writes new segment targets of a completed translation through the same assembly and checks as a translation. */
export async function replaceTargets(
  deps: Pick<TranslationDeps, 'store' | 'glossary' | 'translator'>,
  t: TranslationWithContent,
  version: number,
  targets: Map<string, string>,
): Promise<TranslationWithContent> {
  const pairs = t.segments!.map((s) => ({ ...s, target: targets.get(s.id) ?? s.target }));
  const result = deps.translator.reassemble(t.sourceContent!, pairs, await deps.glossary.list(t.companyId), t.sourceLanguage, t.language);
  const saved = await deps.store.replace(t.id, version, { ...result, engine: 'edited', unknownWords: stillUnknown(t.unknownWords, result.segments) });
  if (saved === 'conflict') throw new AppError('CONFLICT', catalogueMessage(TRANSLATION_MESSAGES, 'editConflict'));
  return (await deps.store.findById(t.id))!;
}
