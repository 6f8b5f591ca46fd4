import { AppError } from '@trainwright/platform';
import type { GlossaryTermFields, GlossaryTermRecord } from '../types.js';
import { requireGlossaryAccess } from './access.js';
import type { GlossaryDeps } from './deps.js';
import { GLOSSARY_MESSAGES } from './messages.js';

export async function updateGlossaryTerm(deps: GlossaryDeps, userId: string, companyId: string, id: string, fields: GlossaryTermFields): Promise<GlossaryTermRecord> {
  await requireGlossaryAccess(deps, userId, companyId, true);
  const updated = await deps.glossary.update(companyId, id, fields);
  if (updated === 'duplicate') throw new AppError('CONFLICT', GLOSSARY_MESSAGES.duplicate);
  if (!updated) throw AppError.notFound(GLOSSARY_MESSAGES.notFound);
  return updated;
}
