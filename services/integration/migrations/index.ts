import type { Migration } from 'kysely/migration';
import * as createIntegrationSchema from './1798700000000-CreateIntegrationSchema.js';
import * as projectTitles from './1798800000000-ProjectTitles.js';
import * as zapierHooks from './1798900000000-ZapierHooks.js';

/** Every migration of schema `integration`, in order. */
export const migrations: Record<string, Migration> = {
  '1798700000000-CreateIntegrationSchema': createIntegrationSchema,
  '1798800000000-ProjectTitles': projectTitles,
  '1798900000000-ZapierHooks': zapierHooks,
};
