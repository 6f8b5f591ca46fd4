// Tenancy and roles, decided by the platform's access check from one ListCompanies answer of the
// auth service per request; a project of another company is NOT_FOUND.
import { trialRefusal } from '@trainwright/catalogue';
import { AppError, Access, type CallerCompanies, type CallerCompany } from '@trainwright/platform';
import type { ProjectRow } from './deps.js';
import { MESSAGES, isUuid } from '../validation.js';
import type { ProjectDeps } from './deps.js';

/** The caller's company (the current one when none is named) if their role allows the action. */
export function companyFor(
  caller: CallerCompanies,
  companyId: string | undefined,
  action: Parameters<typeof Access.decide>[1],
  notFoundMessage: string,
): CallerCompany {
  const id = companyId || caller.currentCompanyId;
  const company = caller.companies.find((c) => c.companyId === id);
  Access.decide(company?.role, action, notFoundMessage);
  return company!;
}

/** New generation in the company: refused once its owner's free trial is over (grace period or expired). */
export function requireGenerationAllowed(company: Pick<CallerCompany, 'ownerTrialState'>): void {
  const refusal = trialRefusal(company.ownerTrialState);
  if (refusal) throw new AppError('TRIAL_ENDED', refusal);
}

/**
 * A voice a project names must be one its company may use: media-render decides (the plan's voice
 * locks, a company's own voices) and its refusal is the answer. No voice named, nothing to check.
 */
export async function requireVoiceAllowed(deps: Pick<ProjectDeps, 'voices'>, userId: string, companyId: string, voiceId: string | undefined): Promise<void> {
  if (voiceId) await deps.voices.requireAllowed(userId, companyId, voiceId);
}

/** A project of one of the caller's companies whose role allows the action, with its company and all the caller's companies. */
export async function loadProject(
  deps: Pick<ProjectDeps, 'projects' | 'memberships'>,
  userId: string,
  projectId: string,
  action: 'project.read' | 'project.update' | 'project.delete' | 'project.comment',
  // Writes read memberships fresh from auth; reads may use the kept answer.
  fresh = action !== 'project.read',
): Promise<{ row: ProjectRow; company: CallerCompany; companies: CallerCompany[] }> {
  const { companies } = await deps.memberships.companiesOf(userId, { fresh });
  // Found by id alone: the access check, not the query, keeps another company's project out (NOT_FOUND either way).
  const row = isUuid(projectId) ? await deps.projects.findById(projectId) : undefined;
  if (!row) throw AppError.notFound(MESSAGES.notFound);
  const company = companyFor({ currentCompanyId: '', companies }, row.company_id, action, MESSAGES.notFound);
  return { row, company, companies };
}
