import type { Migration } from 'kysely/migration';
import * as createProjectSchema from './1763810000000-CreateProjectSchema.js';
import * as generatorRequests from './1763900000000-GeneratorRequests.js';
import * as contentVersions from './1764000000000-ContentVersions.js';
import * as listSummaries from './1764100000000-ListSummaries.js';
import * as burnSubtitles from './1764200000000-BurnSubtitles.js';
import * as videoStatus from './1764300000000-VideoStatus.js';
import * as translationLanguages from './1797100000000-TranslationLanguages.js';
import * as errorMessages from './1797600000000-ErrorMessages.js';
import * as comments from './1797800000000-Comments.js';
import * as library from './1798000000000-Library.js';
import * as libraryMaterial from './1798100000000-LibraryMaterial.js';
import * as videoUploads from './1798200000000-VideoUploads.js';
import * as projectSearch from './1799000000000-ProjectSearch.js';

/** Every migration of schema `project`, in order. */
export const migrations: Record<string, Migration> = {
  '1763810000000-CreateProjectSchema': createProjectSchema,
  '1763900000000-GeneratorRequests': generatorRequests,
  '1764000000000-ContentVersions': contentVersions,
  '1764100000000-ListSummaries': listSummaries,
  '1764200000000-BurnSubtitles': burnSubtitles,
  '1764300000000-VideoStatus': videoStatus,
  '1797100000000-TranslationLanguages': translationLanguages,
  '1797600000000-ErrorMessages': errorMessages,
  '1797800000000-Comments': comments,
  '1798000000000-Library': library,
  '1798100000000-LibraryMaterial': libraryMaterial,
  '1798200000000-VideoUploads': videoUploads,
  '1799000000000-ProjectSearch': projectSearch,
};
