// Transport of the company library's methods of ProjectService (docs/library.md): proto <-> domain,
// and their lines of the access table.
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import { LibraryDocument, type ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import { addLibraryDocument } from '../services/library/add-document.js';
import type { LibraryDeps } from '../services/library/deps.js';
import { deleteLibraryDocument, libraryDocumentView, listLibraryDocuments } from '../services/library/documents.js';
import { indexProjectSource } from '../services/library/index-project-source.js';
import { searchLibrary } from '../services/library/search-library.js';

type LibraryMethods = Pick<typeof ProjectServiceService, 'addLibraryDocument' | 'listLibraryDocuments' | 'deleteLibraryDocument' | 'searchLibrary' | 'indexProjectSource'>;

export const libraryAccess: AccessTable<LibraryMethods> = {
  addLibraryDocument: { action: 'library.update' },
  listLibraryDocuments: { action: 'company.read' },
  deleteLibraryDocument: { action: 'library.update' },
  searchLibrary: { action: 'company.read' },
  indexProjectSource: { internal: "the generator's job, for a project whose generation this service enqueued" },
};

export function createLibraryHandlers(deps: LibraryDeps, removeFiles: (keys: string[]) => Promise<void>): UnaryHandlers<LibraryMethods> {
  return {
    addLibraryDocument: async (req) =>
      libraryDocumentView(
        await addLibraryDocument(deps, req.userId, {
          companyId: req.companyId,
          title: req.title,
          fileId: req.fileId,
          url: req.url,
          text: req.text,
          uploadsLimitBytes: req.uploadsLimitBytes,
        }),
      ),
    listLibraryDocuments: async (req) => listLibraryDocuments(deps, req.userId, req.companyId, { page: req.page, pageSize: req.pageSize }),
    deleteLibraryDocument: async (req) => {
      await deleteLibraryDocument(deps, req.userId, req.documentId, removeFiles);
      return {};
    },
    indexProjectSource: async (req) => {
      const kept = await indexProjectSource(deps, req);
      return kept ? libraryDocumentView(kept) : LibraryDocument.fromPartial({});
    },
    searchLibrary: async (req) => ({
      results: (await searchLibrary(deps, req.userId, req.companyId, req.query, req.limit)).map((hit) => ({
        documentId: hit.document_id,
        title: hit.title,
        passageId: hit.passage_id,
        heading: hit.heading,
        passage: hit.text,
        score: hit.score,
        highlights: hit.highlights.flat(),
      })),
    }),
  };
}
