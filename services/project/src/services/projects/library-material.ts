// What a project's content drew from the company library, kept in its own column beside the
// content: the project list leaves the content out, and its cards say it.
import { LIBRARY_MESSAGES, type LibraryMaterial } from '@trainwright/catalogue';
import type { GeneratedContent } from '@trainwright/formats';

/**
 * 'cited' when the slides cite library passages, 'none' when the library held nothing about the
 * topic (the offline engine's notice says so), null otherwise (no content, or not built from the
 * library).
 */
export function libraryMaterialOf(content: GeneratedContent | null): LibraryMaterial | null {
  if (!content) return null;
  // Content stored before citations and notices existed has neither.
  const { citations = [], notices = [] } = content as Partial<GeneratedContent>;
  if (citations.length > 0) return 'cited';
  return notices.includes(LIBRARY_MESSAGES.noMaterial) ? 'none' : null;
}

/** The stored columns of generated content: the content and what it drew from the library, written together. */
export function contentColumns(content: GeneratedContent | null) {
  return { generated_content: content ? JSON.stringify(content) : null, library_material: libraryMaterialOf(content) };
}
