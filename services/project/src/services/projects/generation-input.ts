// What a generation or render job reads. Internal: no caller; the job carries an id this service
// enqueued.
import type { TierId, TrialState } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { AnyTemplate } from '@trainwright/templates';
import { MESSAGES, isUuid } from '../validation.js';
import type { ProjectDeps } from './deps.js';
import { resolveTemplate } from '../templates/templates.js';
import { renderKeyOf } from './render-key.js';
import { projectViews, type ProjectView } from './views.js';

/** The project, its files, the plan, an enhanced version's origin and the resolved template. */
export interface GenerationInputView {
  project: ProjectView;
  files: Array<{ id: string; kind: string; filename: string; content_type: string; storage_key: string; size: number }>;
  ownerTier: TierId;
  ownerTrialState: TrialState;
  ownerUserId: string;
  sourceProject: ProjectView | null;
  template: AnyTemplate | null;
  renderKey: string;
}

export async function generationInput(deps: ProjectDeps, projectId: string): Promise<GenerationInputView> {
  const row = isUuid(projectId) ? await deps.projects.findById(projectId) : undefined;
  if (!row) throw AppError.notFound(MESSAGES.notFound);
  const owner = await deps.memberships.companiesOf(row.owner_user_id, { fresh: true });
  const company = owner.companies.find((c) => c.companyId === row.company_id);
  if (!company) throw AppError.notFound(MESSAGES.notFound);
  const source = row.derived_from_project_id ? await deps.projects.findById(row.derived_from_project_id) : undefined;
  const rows = source ? [row, source] : [row];
  const [project, sourceProject] = await projectViews(deps, rows, owner.companies);
  const files = await deps.projects.filesOf([row.id]);
  const template = await resolveTemplate(deps, row.template_id, row.company_id);
  return {
    project: project!,
    files: files.map((f) => ({ id: f.id, kind: f.kind, filename: f.filename, content_type: f.content_type, storage_key: f.storage_key, size: Number(f.size) })),
    ownerTier: company.ownerTier,
    ownerTrialState: company.ownerTrialState,
    ownerUserId: row.owner_user_id,
    sourceProject: sourceProject ?? null,
    template,
    renderKey: renderKeyOf(row, template),
  };
}
