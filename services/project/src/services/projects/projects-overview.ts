// A company's projects at a glance, for its analytics (docs/analytics.md, "Dashboard"): how many of
// each type, their mean quality score, the latest changed, and the titles of projects the learner
// figures name. Any member who reads projects may see it.
import { AppError } from '@trainwright/platform';
import { isUuid } from '../validation.js';
import { companyFor } from './access.js';
import type { ProjectDeps } from './deps.js';
import { projectViews, type ProjectSummaryView } from './views.js';

/** At most this many titles in one call; the recent list is this long. */
export const OVERVIEW_LIMITS = { titles: 100, recent: 5 } as const;

export interface ProjectsOverviewView {
  companyId: string;
  types: Array<{ projectType: string; count: number }>;
  /** 0-100, one decimal; null: no project is scored. */
  averageQuality: number | null;
  scoredProjects: number;
  recent: ProjectSummaryView[];
  titles: Record<string, string>;
}

export async function projectsOverview(deps: Pick<ProjectDeps, 'projects' | 'memberships'>, userId: string, companyField: string, projectIds: readonly string[]): Promise<ProjectsOverviewView> {
  const caller = await deps.memberships.companiesOf(userId);
  const company = companyFor(caller, companyField, 'project.read', 'Company not found');
  if (projectIds.length > OVERVIEW_LIMITS.titles) throw AppError.validation('project_ids', `At most ${OVERVIEW_LIMITS.titles} projects at a time.`);
  // An id that is no uuid names no project: left out like another company's.
  const rows = await deps.projects.overview(company.companyId, projectIds.filter(isUuid), OVERVIEW_LIMITS.recent);
  const scored = rows.types.reduce((n, t) => n + t.scored, 0);
  const qualitySum = rows.types.reduce((n, t) => n + t.qualitySum, 0);
  return {
    companyId: company.companyId,
    types: rows.types.map((t) => ({ projectType: t.projectType, count: t.count })),
    averageQuality: scored === 0 ? null : Math.round((qualitySum / scored) * 10) / 10,
    scoredProjects: scored,
    recent: await projectViews(deps, rows.recent, caller.companies),
    titles: Object.fromEntries(rows.titles),
  };
}
