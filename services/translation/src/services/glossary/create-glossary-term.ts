import { AppError } from '@trainwright/platform';
import type { GlossaryTermFields, GlossaryTermRecord } from '../types.js';
import { requireGlossaryAccess } from './access.js';
import type { GlossaryDeps } from './deps.js';
import { GLOSSARY_MESSAGES } from './messages.js';

/** Terms a company's glossary may hold (each is checked in every translation). */
export const MAX_GLOSSARY_TERMS = 2000;

export async function createGlossaryTerm(deps: GlossaryDeps, userId: string, companyId: string, fields: GlossaryTermFields): Promise<GlossaryTermRecord> {
  await requireGlossaryAccess(deps, userId, companyId, true);
  if ((await deps.glossary.list(companyId)).length >= MAX_GLOSSARY_TERMS) throw new AppError('PLAN_LIMIT_REACHED', GLOSSARY_MESSAGES.tooMany(MAX_GLOSSARY_TERMS));
  const created = await deps.glossary.create(companyId, fields);
  if (created === 'duplicate') throw new AppError('CONFLICT', GLOSSARY_MESSAGES.duplicate);
  return created;
}
