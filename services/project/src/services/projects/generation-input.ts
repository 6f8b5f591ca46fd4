// What a generation or render job reads. Internal: no caller; the job carries an id this service
// enqueued, and the owner's plan (read when the job was created), so this reads nothing from auth.
import { AppError } from '@trainwright/platform';
import type { AnyTemplate } from '@trainwright/templates';
import { MESSAGES, isUuid } from '../validation.js';
import type { ProjectDeps, ProjectRow } from './deps.js';
import type { LibraryHit } from '../library/deps.js';
import { passagesForTopic } from '../library/search-library.js';
import { resolveTemplate } from '../templates/templates.js';
import { renderKeyOf } from './render-key.js';
import { projectViews, type ProjectView } from './views.js';

/** The project, its files, an enhanced version's origin and the resolved template. */
export interface GenerationInputView {
  project: ProjectView;
  files: Array<{ id: string; kind: string; filename: string; content_type: string; storage_key: string; size: number }>;
  ownerUserId: string;
  sourceProject: ProjectView | null;
  template: AnyTemplate | null;
  renderKey: string;
  /** A topic or learning path that uses the library: its passages about the topic, in the order to use them. */
  libraryPassages: LibraryHit[];
}

export async function generationInput(deps: ProjectDeps, projectId: string): Promise<GenerationInputView> {
  const row = isUuid(projectId) ? await deps.projects.findById(projectId) : undefined;
  if (!row) throw AppError.notFound(MESSAGES.notFound);
  const source = row.derived_from_project_id ? await deps.projects.findById(row.derived_from_project_id) : undefined;
  const rows = source ? [row, source] : [row];
  // No caller, so no role: the view's company fields and rights stay empty (a job reads content).
  const [project, sourceProject] = await projectViews(deps, rows, []);
  const files = await deps.projects.filesOf([row.id]);
  const template = await resolveTemplate(deps, row.template_id, row.company_id);
  return {
    project: project!,
    files: files.map((f) => ({ id: f.id, kind: f.kind, filename: f.filename, content_type: f.content_type, storage_key: f.storage_key, size: Number(f.size) })),
    ownerUserId: row.owner_user_id,
    sourceProject: sourceProject ?? null,
    template,
    renderKey: renderKeyOf(row, template),
    libraryPassages: await libraryPassages(deps, row),
  };
}

/** The library's part of a generation: only a topic or a learning path reads it, when it asks to. */
async function libraryPassages(deps: ProjectDeps, row: ProjectRow): Promise<LibraryHit[]> {
  const data = (row.request_data ?? {}) as { topic?: string; subtopics?: string[]; main_topic?: string; use_library?: boolean };
  const topic = row.generator_type === 'topic_to_content' ? data.topic : row.generator_type === 'learning_path' ? data.main_topic : undefined;
  if (!topic || data.use_library === false) return [];
  // An empty library covers no topic: passagesForTopic answers [] after one query.
  return passagesForTopic(deps.library, row.company_id, topic, data.subtopics ?? []);
}
