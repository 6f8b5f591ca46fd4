import type { Migration } from 'kysely/migration';
import * as createAuthSchema from './1763800000000-CreateAuthSchema.js';
import * as projectCounts from './1763820000000-ProjectCounts.js';
import * as dataRetention from './1795600000000-DataRetention.js';
import * as billingProjection from './1796000000000-BillingProjection.js';
import * as invitations from './1797700000000-Invitations.js';
import * as supportTickets from './1797900000000-SupportTickets.js';
import * as userLanguage from './1798000000000-UserLanguage.js';

/** Every migration of schema `auth`, in order. */
export const migrations: Record<string, Migration> = {
  '1763800000000-CreateAuthSchema': createAuthSchema,
  '1763820000000-ProjectCounts': projectCounts,
  '1795600000000-DataRetention': dataRetention,
  '1796000000000-BillingProjection': billingProjection,
  '1797700000000-Invitations': invitations,
  '1797900000000-SupportTickets': supportTickets,
  '1798000000000-UserLanguage': userLanguage,
};
