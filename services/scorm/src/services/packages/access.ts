// Tenancy: the project service answers a project only to a member of its company; the role decides
// (export needs 'scorm.export', the rest 'project.read'); the company's plan must include
// scormCompliance (Enterprise). Another company's package is NOT_FOUND.
import { Access, type Membership } from '@trainwright/platform';
import type { PackageDeps } from './deps.js';

/** The caller's membership when they may do `action` in the company and its plan has SCORM. */
export function requireScormAccess(
  deps: Pick<PackageDeps, 'memberships'>,
  userId: string,
  companyId: string,
  action: 'scorm.export' | 'project.read',
  notFoundMessage: string,
): Promise<Membership> {
  return new Access(deps.memberships).require({ userId, companyId, action, capability: 'scormCompliance', notFoundMessage });
}
