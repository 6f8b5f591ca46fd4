import { loadProject } from './access.js';
import type { ProjectDeps } from './deps.js';
import { projectViews, type ProjectView } from './views.js';

export async function getProject(deps: Pick<ProjectDeps, 'projects' | 'memberships'>, userId: string, projectId: string): Promise<ProjectView> {
  const { row, companies } = await loadProject(deps, userId, projectId, 'project.read');
  return (await projectViews(deps, [row], companies))[0]!;
}
