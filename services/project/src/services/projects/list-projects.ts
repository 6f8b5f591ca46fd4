// The projects of the caller's companies, a page at a time, with the dashboard's statistics.
import { PROJECT_TYPES, isProjectStatus } from '@trainwright/catalogue';
import { Access, AppError } from '@trainwright/platform';
import type { ProjectDeps } from './deps.js';
import { viewsOf, type ProjectListView } from './views.js';

const MAX_PAGE_SIZE = 100;

export interface ProjectFilter {
  search?: string;
  status?: string;
  projectType?: string;
  companyId?: string;
  page?: number;
  pageSize?: number;
}

export interface ProjectPage {
  projects: ProjectListView[];
  total: number;
  page: number;
  pageSize: number;
  stats: { total: number; this_month: number; completed: number; in_progress: number; failed: number; success_rate: number };
}

export async function listProjects(deps: ProjectDeps, userId: string, filter: ProjectFilter): Promise<ProjectPage> {
  const { companies } = await deps.memberships.companiesOf(userId);
  // The caller's companies whose role reads projects; a filter naming another company lists nothing.
  const readable = Access.among(companies, 'project.read').map((c) => c.companyId);
  const companyIds = filter.companyId ? readable.filter((id) => id === filter.companyId) : readable;
  const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, filter.pageSize || 20));
  const page = Math.max(1, filter.page || 1);
  if (filter.status && !isProjectStatus(filter.status)) throw AppError.validation('status', 'status is not a project status');
  if (filter.projectType && !(PROJECT_TYPES as readonly string[]).includes(filter.projectType)) {
    throw AppError.validation('project_type', 'project_type is not a project type');
  }
  const now = deps.clock();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  // One statement: the page, its total, its projects' files and the statistics of every company
  // the caller reads.
  const { rows, files, total, stats } = await deps.projects.listPage(
    {
      companyIds,
      search: filter.search?.trim().slice(0, 200) || undefined,
      status: filter.status || undefined,
      projectType: filter.projectType || undefined,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    },
    { companyIds: readable, monthStart },
  );
  const finished = stats.completed + stats.failed;
  return {
    projects: viewsOf(rows, files, companies),
    total,
    page,
    pageSize,
    stats: { ...stats, success_rate: finished === 0 ? 0 : Math.round((stats.completed / finished) * 100) },
  };
}
