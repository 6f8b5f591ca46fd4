import type { Migration } from 'kysely/migration';
import * as createIntegrationSchema from './1798700000000-CreateIntegrationSchema.js';

/** Every migration of schema `integration`, in order. */
export const migrations: Record<string, Migration> = {
  '1798700000000-CreateIntegrationSchema': createIntegrationSchema,
};
