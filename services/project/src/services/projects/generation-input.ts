// What a generation or render job reads. Internal: no caller; the job carries an id this service
// enqueued, and the owner's plan (read when the job was created), so this reads nothing from auth.
import { AppError } from '@trainwright/platform';
import type { AnyTemplate } from '@trainwright/templates';
import { MESSAGES, isUuid } from '../validation.js';
import type { ProjectDeps } from './deps.js';
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
  };
}
