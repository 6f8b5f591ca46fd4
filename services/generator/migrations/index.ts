import type { Migration } from 'kysely/migration';
import * as createGeneratorSchema from './1763900000001-CreateGeneratorSchema.js';

/** Every migration of schema `generator`, in order. */
export const migrations: Record<string, Migration> = {
  '1763900000001-CreateGeneratorSchema': createGeneratorSchema,
};
