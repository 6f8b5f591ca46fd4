// The caller's rights: the project service's read (tenancy), then the platform's access check on
// the project's company (the role: assessing and improving are an editor's, the analyses a
// reader's; the company's effective capabilities: AI agents from the plan or the add-on).
import { QUALITY_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { Access, AppError } from '@trainwright/platform';
import type { Project } from '../ports.js';
import type { AssessmentDeps } from './deps.js';

/** Whether the caller's company has AI agents, once the access check allows the caller the action. */
export async function hasAiAgents(deps: Pick<AssessmentDeps, 'memberships'>, userId: string, project: Project, action: 'project.read' | 'project.update'): Promise<boolean> {
  const membership = await new Access(deps.memberships).require({ userId, companyId: project.companyId, action, notFoundMessage: 'Project not found' });
  return membership.capabilities.includes('aiAgents');
}

/** The project for the dashboard's analyses: readable by the caller, in a company with AI agents. */
export async function requireAgentProject(deps: Pick<AssessmentDeps, 'projects' | 'memberships'>, userId: string, projectId: string): Promise<Project> {
  const project = await deps.projects.get(userId, projectId);
  if (!(await hasAiAgents(deps, userId, project, 'project.read'))) throw new AppError('FEATURE_NOT_AVAILABLE', catalogueMessage(QUALITY_MESSAGES, 'aiAgentsRequired'));
  return project;
}
