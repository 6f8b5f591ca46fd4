// The company glossary's one role check: members read it; roles that may edit projects change it.
import { Access } from '@trainwright/platform';
import type { GlossaryDeps } from './deps.js';
import { GLOSSARY_MESSAGES } from './messages.js';

export async function requireGlossaryAccess(deps: Pick<GlossaryDeps, 'memberships'>, userId: string, companyId: string, change: boolean): Promise<void> {
  await new Access(deps.memberships).require({ userId, companyId, action: change ? 'glossary.update' : 'company.read', notFoundMessage: GLOSSARY_MESSAGES.companyNotFound });
}
