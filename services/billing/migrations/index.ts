import type { Migration } from 'kysely/migration';
import * as createBillingSchema from './1796000000000-CreateBillingSchema.js';
import * as createVideoPayments from './1796100000000-CreateVideoPayments.js';
import * as videoVersions from './1796200000000-VideoVersions.js';
import * as videoLanguages from './1796300000000-VideoLanguages.js';

/** Every migration of schema `billing`, in order. */
export const migrations: Record<string, Migration> = {
  '1796000000000-CreateBillingSchema': createBillingSchema,
  '1796100000000-CreateVideoPayments': createVideoPayments,
  '1796200000000-VideoVersions': videoVersions,
  '1796300000000-VideoLanguages': videoLanguages,
};
