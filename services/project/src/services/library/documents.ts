// The company library's documents as members see them, and their removal.
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

export async function listLibraryDocuments(deps: LibraryDeps, userId: string, companyId: string): Promise<{ documents: LibraryDocument[]; totalSize: number }> {
  const company = await libraryCompany(deps, userId, companyId, 'company.read');
  const documents = (await deps.library.list(company.companyId)).map(libraryDocumentView);
  return { documents, totalSize: documents.reduce((n, d) => n + d.size, 0) };
}

/** Removes a document and its passages; its file goes from storage too. */
export async function deleteLibraryDocument(deps: LibraryDeps, userId: string, documentId: string, removeFiles: (keys: string[]) => Promise<void>): Promise<void> {
  const row = await loadLibraryDocument(deps, userId, documentId, 'library.update');
  const key = await deps.library.delete(row.id);
  if (key) await removeFiles([key]);
}
