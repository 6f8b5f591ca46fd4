import type { ProjectContent } from '../types.js';

/** Every text of the content, counted as the engine would receive it (TranslationDeps.maxChars bounds it). */
export function charactersOf(content: ProjectContent | readonly string[]): number {
  return JSON.stringify(content).length;
}
