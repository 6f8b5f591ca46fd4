// The library's tenancy and roles, through the one access check (projects/access.ts companyFor):
// any member reads and searches; Editors and up add and remove.
import { catalogueMessage, LIBRARY_MESSAGES } from '@trainwright/catalogue';
import { AppError, type CallerCompany } from '@trainwright/platform';
import { companyFor } from '../projects/access.js';
import { isUuid } from '../validation.js';
import type { LibraryDeps, LibraryDocumentRow } from './deps.js';

export async function libraryCompany(deps: Pick<LibraryDeps, 'memberships'>, userId: string, companyId: string, action: 'company.read' | 'library.update'): Promise<CallerCompany> {
  const callers = await deps.memberships.companiesOf(userId, { fresh: action !== 'company.read' });
  return companyFor(callers, companyId, action, 'Company not found');
}

/** A document of one of the caller's companies whose role allows the action; another company's is NOT_FOUND. */
export async function loadLibraryDocument(deps: Pick<LibraryDeps, 'memberships' | 'library'>, userId: string, documentId: string, action: 'company.read' | 'library.update'): Promise<LibraryDocumentRow> {
  const notFound = catalogueMessage(LIBRARY_MESSAGES, 'notFound');
  const row = isUuid(documentId) ? await deps.library.find(documentId) : undefined;
  if (!row) throw AppError.notFound(notFound);
  const { companies } = await deps.memberships.companiesOf(userId, { fresh: action !== 'company.read' });
  companyFor({ currentCompanyId: '', companies }, row.company_id, action, notFound.text);
  return row;
}
