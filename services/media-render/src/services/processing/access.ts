// The one access check, for video processing: the caller's role on the company (video.process to
// upload and run jobs, company.read to read them) and the company's advancedVideoProcessing
// capability (plan or add-on; FEATURE_NOT_AVAILABLE with the plan message otherwise).
import { Access } from '@trainwright/platform';
import type { ProcessingDeps } from './deps.js';

export function requireVideoProcessing(deps: Pick<ProcessingDeps, 'memberships'>, userId: string, companyId: string, action: 'video.process' | 'company.read', notFoundMessage: string) {
  return new Access(deps.memberships).require({ userId, companyId, action, capability: 'advancedVideoProcessing', notFoundMessage });
}
