import type { Migration } from 'kysely/migration';
import * as createTranslationSchema from './1797000000000-CreateTranslationSchema.js';

/** Every migration of schema `translation`, in order. */
export const migrations: Record<string, Migration> = {
  '1797000000000-CreateTranslationSchema': createTranslationSchema,
};
