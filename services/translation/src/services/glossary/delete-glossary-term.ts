import { AppError } from '@trainwright/platform';
import { requireGlossaryAccess } from './access.js';
import type { GlossaryDeps } from './deps.js';
import { GLOSSARY_MESSAGES } from './messages.js';

export async function deleteGlossaryTerm(deps: GlossaryDeps, userId: string, companyId: string, id: string): Promise<void> {
  await requireGlossaryAccess(deps, userId, companyId, true);
  if (!(await deps.glossary.remove(companyId, id))) throw AppError.notFound(GLOSSARY_MESSAGES.notFound);
}
