import type { Migration } from 'kysely/migration';
import * as createTranslationSchema from './1797000000000-CreateTranslationSchema.js';
import * as sourceHash from './1797200000000-SourceHash.js';
import * as unknownWords from './1797300000000-UnknownWords.js';
import * as memoryUnknownWords from './1797400000000-MemoryUnknownWords.js';
import * as errorMessage from './1797500000000-ErrorMessage.js';

/** Every migration of schema `translation`, in order. */
export const migrations: Record<string, Migration> = {
  '1797000000000-CreateTranslationSchema': createTranslationSchema,
  '1797200000000-SourceHash': sourceHash,
  '1797300000000-UnknownWords': unknownWords,
  '1797400000000-MemoryUnknownWords': memoryUnknownWords,
  '1797500000000-ErrorMessage': errorMessage,
};
