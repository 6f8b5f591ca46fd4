// What the company library's operations work with (docs/library.md): the store of documents and
// passages (repositories/library.repository.ts) and the generator, which reads files and pages.
import type { Selectable } from 'kysely';
import type { LibraryDocumentsTable } from '../../repositories/database.js';
import type { Memberships, ProjectStore, UploadQuota } from '../projects/deps.js';

export interface LibraryPassageInput {
  heading: string;
  text: string;
}

export interface NewLibraryDocument {
  companyId: string;
  fileId: string | null;
  /** The project whose generation read the material; null for a document added to the library. */
  projectId: string | null;
  title: string;
  kind: 'file' | 'url' | 'text';
  source: string;
  size: number;
  language: string;
  /** The PostgreSQL text search configuration of its language. */
  config: string;
  passages: LibraryPassageInput[];
  createdBy: string;
}

/** A stored document as the library's operations read it. */
export type LibraryDocumentRow = Selectable<LibraryDocumentsTable>;

export interface LibraryPage {
  rows: LibraryDocumentRow[];
  total: number;
  totalSize: number;
}

export interface LibraryHit {
  passage_id: string;
  document_id: string;
  title: string;
  heading: string;
  text: string;
  position: number;
  score: number;
  /** How many of the query's words the passage holds. */
  matched: number;
  highlights: Array<[number, number]>;
}

export interface LibraryStore {
  insert(doc: NewLibraryDocument, quota: UploadQuota | undefined): Promise<LibraryDocumentRow>;
  /** Keeps a project's material, in place of what its previous generation kept. */
  replaceProjectSource(doc: NewLibraryDocument & { projectId: string }): Promise<LibraryDocumentRow>;
  /** A page of the company's documents, newest first, with the whole library's count and bytes. */
  list(companyId: string, page: { limit: number; offset: number }): Promise<LibraryPage>;
  find(id: string): Promise<LibraryDocumentRow | undefined>;
  delete(id: string): Promise<string>;
  unusedLibraryUpload(fileId: string, companyId: string): Promise<{ filename: string; storage_key: string; size: number } | undefined>;
  search(companyId: string, query: string, options: { limit: number; documentIds?: string[]; highlight: boolean }): Promise<LibraryHit[]>;
  documentsCovering(companyId: string, topic: string): Promise<string[]>;
  /** A document's first `limit` passages, in its order. */
  documentPassages(documentId: string, limit: number): Promise<LibraryHit[]>;
}

export type LibrarySourceRequest =
  | { file: { storageKey: string; filename: string; size: number } }
  | { url: string }
  | { text: string };

/** A document read into passages by the generator (ReadLibrarySource). */
export interface LibrarySourceRead {
  title: string;
  language: string;
  passages: LibraryPassageInput[];
  characters: number;
}

export interface LibraryReader {
  read(source: LibrarySourceRequest, title: string, maxPassages: number): Promise<LibrarySourceRead>;
}

export interface LibraryDeps {
  library: LibraryStore;
  /** The project whose generation's material is kept (IndexProjectSource). */
  projects: Pick<ProjectStore, 'findById'>;
  reader: LibraryReader;
  memberships: Pick<Memberships, 'companiesOf'>;
}
