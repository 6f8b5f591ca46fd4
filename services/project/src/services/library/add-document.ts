// A document added to the company library: its material read into passages by the generator (in
// its sandbox), then kept with a full-text index in the document's language.
import { catalogueMessage, isTierId, LIBRARY_LIMITS, LIBRARY_MESSAGES, storageLimitBytes, storageLimitMessage } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import { StorageQuotaReached } from '../projects/deps.js';
import { ownerCompanies } from '../projects/uploads.js';
import { companyFor } from '../projects/access.js';
import type { LibraryDeps, LibraryDocumentRow, LibrarySourceRequest } from './deps.js';
import { searchConfigOf } from './search-config.js';

export interface AddDocumentInput {
  companyId: string;
  title: string;
  fileId?: string;
  url?: string;
  text?: string;
  /** What the owner's uploads and library may hold together, as the gateway found it (-1: no limit; undefined: the plan's storage). */
  uploadsLimitBytes?: number;
}

export async function addLibraryDocument(deps: LibraryDeps, userId: string, input: AddDocumentInput): Promise<LibraryDocumentRow> {
  const callers = await deps.memberships.companiesOf(userId, { fresh: true });
  const company = companyFor(callers, input.companyId, 'library.update', 'Company not found');
  const title = input.title.trim();
  if (title.length > LIBRARY_LIMITS.title) throw AppError.validation('title', `A title can be at most ${LIBRARY_LIMITS.title} characters.`);

  let source: LibrarySourceRequest;
  let kind: 'file' | 'url' | 'text';
  let sourceName = '';
  let fileId: string | null = null;
  if (input.fileId) {
    const file = await deps.library.unusedLibraryUpload(input.fileId, company.companyId);
    if (!file) throw AppError.validation('file', catalogueMessage(LIBRARY_MESSAGES, 'sourceRequired'));
    source = { file: { storageKey: file.storage_key, filename: file.filename, size: file.size } };
    kind = 'file';
    sourceName = file.filename;
    fileId = input.fileId;
  } else if (input.url) {
    if (input.url.length > 2048 || !/^https?:\/\//i.test(input.url)) throw AppError.validation('url', 'Enter a web page address that starts with http:// or https://.');
    source = { url: input.url };
    kind = 'url';
    sourceName = input.url;
  } else if (input.text !== undefined) {
    if (input.text.trim() === '') throw AppError.validation('text', catalogueMessage(LIBRARY_MESSAGES, 'textRequired'));
    if (input.text.length > LIBRARY_LIMITS.text) throw AppError.validation('text', `A text can be at most ${LIBRARY_LIMITS.text.toLocaleString('en-US')} characters.`);
    if (!title) throw AppError.validation('title', 'Give the text a title.');
    source = { text: input.text };
    kind = 'text';
  } else {
    throw AppError.validation('file', catalogueMessage(LIBRARY_MESSAGES, 'sourceRequired'));
  }

  const read = await deps.reader.read(source, title, LIBRARY_LIMITS.passages);
  // A file counted when it was uploaded; a text counts its bytes, a page the text kept of it.
  const size = kind === 'file' ? Number((source as { file: { size: number } }).file.size) : kind === 'text' ? Buffer.byteLength(input.text!, 'utf8') : read.characters;
  const quota = {
    ownerUserId: company.ownerUserId,
    companyIds: await ownerCompanies(deps, userId, callers, company),
    bytes: input.uploadsLimitBytes ?? storageLimitBytes(company.ownerTier),
  };
  try {
    return await deps.library.insert(
      {
        companyId: company.companyId,
        fileId,
        projectId: null,
        title: (title || read.title).slice(0, LIBRARY_LIMITS.title),
        kind,
        source: sourceName,
        size,
        language: read.language,
        config: searchConfigOf(read.language),
        passages: read.passages,
        createdBy: userId,
      },
      quota,
    );
  } catch (error) {
    if (!(error instanceof StorageQuotaReached) || !isTierId(company.ownerTier)) throw error;
    // 413: the document does not fit the storage the plan has left (the plan's message says which).
    throw new AppError('PAYLOAD_TOO_LARGE', storageLimitMessage(company.ownerTier, size, error.leftBytes), { field: kind, limit: 'storageGB', storage_left_bytes: error.leftBytes });
  }
}
