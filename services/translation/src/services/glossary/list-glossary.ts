// The company glossary: terms a translation keeps as written (brand and product names) or
// translates a fixed way, for one target language or all.
import type { GlossaryTermRecord } from '../types.js';
import { requireGlossaryAccess } from './access.js';
import type { GlossaryDeps } from './deps.js';

export async function listGlossary(deps: GlossaryDeps, userId: string, companyId: string): Promise<GlossaryTermRecord[]> {
  await requireGlossaryAccess(deps, userId, companyId, false);
  return deps.glossary.list(companyId);
}
