// The company library's documents as members see them, and their removal.
import { LIBRARY_LIMITS } from '@trainwright/catalogue';
import type { LibraryDocument } from '@trainwright/proto/trainwright/project/v1/project';
import { libraryCompany, loadLibraryDocument } from './access.js';
import type { LibraryDeps, LibraryDocumentRow } from './deps.js';

export function libraryDocumentView(row: LibraryDocumentRow): LibraryDocument {
  return {
    id: row.id,
    companyId: row.company_id,
    title: row.title,
    kind: row.kind,
    source: row.source,
    size: Number(row.size),
    passages: row.passage_count,
    language: row.language,
    createdAt: row.created_at.toISOString(),
    projectId: row.project_id ?? '',
  };
}

export async function listLibraryDocuments(
  deps: LibraryDeps,
  userId: string,
  companyId: string,
  paging: { page: number; pageSize: number },
): Promise<{ documents: LibraryDocument[]; totalSize: number; total: number; page: number; pageSize: number }> {
  const company = await libraryCompany(deps, userId, companyId, 'company.read');
  const pageSize = Math.min(Math.max(1, Math.trunc(paging.pageSize) || LIBRARY_LIMITS.defaultPageSize), LIBRARY_LIMITS.pageSize);
  const page = Math.max(1, Math.trunc(paging.page) || 1);
  const listed = await deps.library.list(company.companyId, { limit: pageSize, offset: (page - 1) * pageSize });
  return { documents: listed.rows.map(libraryDocumentView), totalSize: listed.totalSize, total: listed.total, page, pageSize };
}

/** Removes a document and its passages; its file goes from storage too. */
export async function deleteLibraryDocument(deps: LibraryDeps, userId: string, documentId: string, removeFiles: (keys: string[]) => Promise<void>): Promise<void> {
  const row = await loadLibraryDocument(deps, userId, documentId, 'library.update');
  const key = await deps.library.delete(row.id);
  if (key) await removeFiles([key]);
}
