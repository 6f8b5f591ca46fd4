// The material a project's generation read, kept in its company's library (docs/library.md): the
// generator's job sends the passages once the content is made. Internal: no caller, the job names
// a project this service enqueued.
import { LIBRARY_KINDS, LIBRARY_LIMITS } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { MESSAGES, isUuid } from '../validation.js';
import type { LibraryDeps, LibraryDocumentRow, LibraryPassageInput } from './deps.js';
import { searchConfigOf } from './search-config.js';

export interface ProjectSource {
  projectId: string;
  title: string;
  kind: string;
  source: string;
  language: string;
  passages: LibraryPassageInput[];
  characters: number;
}

/** The document kept, or null for the welcome sample (its material is ours, not the company's). */
export async function indexProjectSource(deps: Pick<LibraryDeps, 'library' | 'projects'>, input: ProjectSource): Promise<LibraryDocumentRow | null> {
  const project = isUuid(input.projectId) ? await deps.projects.findById(input.projectId) : undefined;
  if (!project) throw AppError.notFound(MESSAGES.notFound);
  if (project.is_sample) return null;
  const kind = (LIBRARY_KINDS as readonly string[]).includes(input.kind) ? (input.kind as (typeof LIBRARY_KINDS)[number]) : 'text';
  const passages = input.passages.filter((p) => p.text.trim() !== '').slice(0, LIBRARY_LIMITS.passages);
  if (passages.length === 0) throw AppError.validation('passages', 'The material holds no passage to keep.');
  return deps.library.replaceProjectSource({
    companyId: project.company_id,
    fileId: null,
    projectId: project.id,
    title: (input.title.trim() || project.title).slice(0, LIBRARY_LIMITS.title),
    kind,
    source: input.source.slice(0, 2048),
    size: input.characters,
    language: input.language,
    config: searchConfigOf(input.language),
    passages,
    createdBy: project.created_by,
  });
}
