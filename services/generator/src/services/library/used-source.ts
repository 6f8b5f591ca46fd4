// The material a generation read, for the company library (docs/library.md): an uploaded document
// or deck, a fetched web page, a pasted text or script. A topic built from the library, a
// software analysis and a text too short to search give none.
import { LIBRARY_LIMITS } from '@trainwright/catalogue';
import { detectLanguage } from '../../adapters/offline/text-analysis.js';
import { sourceText } from '../../domain/source.js';
import type { GenerationTask } from '../../domain/types.js';
import type { StoredFile, UsedSource } from '../ports.js';
import { passageCharacters, passagesOf } from './passages.js';

/** Fewer words than this is a note, not material worth searching. */
export const MIN_LIBRARY_WORDS = 40;

export function usedSourceOf(task: GenerationTask, files: readonly StoredFile[], projectTitle: string): UsedSource | null {
  if (task.kind === 'software_analysis') return null;
  if (task.kind === 'generator' && (task.library || !task.source)) return null;
  const source = task.source!;
  const text = sourceText(source);
  if (text.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length < MIN_LIBRARY_WORDS) return null;
  const passages = passagesOf(source, { maxWords: LIBRARY_LIMITS.passageWords, maxPassages: LIBRARY_LIMITS.passages });
  if (passages.length === 0) return null;
  const file = files[0];
  const page = task.kind === 'generator' && task.request.generator_type === 'url_content' ? task.request.request_data.url : null;
  return {
    title: (file || page ? source.title : '') || projectTitle,
    kind: file ? 'file' : page ? 'url' : 'text',
    source: file?.filename ?? page ?? '',
    language: detectLanguage(text.slice(0, 50_000)),
    passages,
    characters: passageCharacters(passages),
  };
}
