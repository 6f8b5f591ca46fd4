import type { Migration } from 'kysely/migration';
import * as createAuthSchema from './1763800000000-CreateAuthSchema.js';

/** Every migration of schema `auth`, in order. */
export const migrations: Record<string, Migration> = {
  '1763800000000-CreateAuthSchema': createAuthSchema,
};
