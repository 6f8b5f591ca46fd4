// A project as its readers see it: the row with its company, files and what the caller may do.
import { roleAllows } from '@trainwright/catalogue';
import type { CallerCompany } from '@trainwright/platform';
import type { ListedFile, ProjectDeps, ProjectListRow, ProjectRow, ProjectSummaryRow } from './deps.js';

interface ViewExtras {
  companyName: string;
  members: number;
  files: Array<{ id: string; kind: string; filename: string; size: number; content_type: string }>;
  canEdit: boolean;
  canDelete: boolean;
  /** An edit made a version whose files are not ready yet (before the first files: any edit). */
  needs_regeneration: boolean;
}

export type ProjectView = ProjectRow & ViewExtras;
/** The overview's latest projects: the view without the long texts. */
export type ProjectSummaryView = ProjectSummaryRow & ViewExtras;
/** A list item. */
export type ProjectListView = ProjectListRow & ViewExtras;

export async function projectViews<R extends ProjectListRow>(
  deps: Pick<ProjectDeps, 'projects'>,
  rows: R[],
  companies: CallerCompany[],
): Promise<Array<R & ViewExtras>> {
  return viewsOf(rows, await deps.projects.filesOf(rows.map((r) => r.id)), companies);
}

/** The views of rows whose files are read already. */
export function viewsOf<R extends ProjectListRow>(rows: R[], files: ListedFile[], companies: CallerCompany[]): Array<R & ViewExtras> {
  const byCompany = new Map(companies.map((c) => [c.companyId, c]));
  return rows.map((row) => {
    const company = byCompany.get(row.company_id);
    const role = company?.role;
    // What the screen offers follows the same role matrix the access check decides by.
    const canEdit = Boolean(role && roleAllows(role, 'project.update'));
    return {
      ...row,
      companyName: company?.companyName ?? '',
      members: company?.members ?? 1,
      is_collaborative: (company?.members ?? 1) > 1,
      files: files
        .filter((f) => f.project_id === row.id)
        .map((f) => ({ id: f.id, kind: f.kind, filename: f.filename, size: Number(f.size), content_type: f.content_type })),
      canEdit,
      canDelete: Boolean(role && roleAllows(role, 'project.delete')),
      needs_regeneration: row.content_version > (row.files_version ?? 1),
    };
  });
}
