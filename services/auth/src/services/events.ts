// The auth service's facts, encoded as their proto messages for the outbox.
import {
  AccountDataExpired,
  CompanyMembersChanged,
  CompanyCreated,
  CompanyRenamed,
  CompanySwitched,
  SessionRevoked,
  AccountPlanChanged,
  UserRegistered,
} from '@trainwright/proto/trainwright/events/v1/events';
import type { OutboxEvent } from '@trainwright/platform';

const now = () => new Date().toISOString();

export const authEvents = {
  userRegistered: (e: { userId: string; email: string; companyId: string; tier: string }): OutboxEvent => ({
    subject: 'user.registered',
    payload: UserRegistered.encode({ ...e, occurredAt: now() }).finish(),
  }),
  companyCreated: (e: { companyId: string; ownerUserId: string; name: string }): OutboxEvent => ({
    subject: 'company.created',
    payload: CompanyCreated.encode({ ...e, occurredAt: now() }).finish(),
  }),
  companyRenamed: (e: { companyId: string; name: string }): OutboxEvent => ({
    subject: 'company.renamed',
    payload: CompanyRenamed.encode({ ...e, occurredAt: now() }).finish(),
  }),
  companySwitched: (e: { userId: string; companyId: string }): OutboxEvent => ({
    subject: 'company.switched',
    payload: CompanySwitched.encode({ ...e, occurredAt: now() }).finish(),
  }),
  accountPlanChanged: (e: { userId: string; tier: string; previousTier: string; addOns: string[] }): OutboxEvent => ({
    subject: 'account.plan_changed',
    payload: AccountPlanChanged.encode({ ...e, occurredAt: now() }).finish(),
  }),
  accountDataExpired: (e: { userId: string; companyIds: string[] }): OutboxEvent => ({
    subject: 'account.data_expired',
    payload: AccountDataExpired.encode({ ...e, occurredAt: now() }).finish(),
  }),
  /** member.joined, member.role_changed, member.removed (role '' when removed, previousRole '' when joined). */
  memberChanged: (subject: 'member.joined' | 'member.role_changed' | 'member.removed', e: { companyId: string; userId: string; role: string; previousRole: string }): OutboxEvent => ({
    subject,
    payload: CompanyMembersChanged.encode({ ...e, occurredAt: now() }).finish(),
  }),
  sessionRevoked: (e: { sessionId: string; userId: string; expiresAtMs: number; reason: string }): OutboxEvent => ({
    subject: 'session.revoked',
    payload: SessionRevoked.encode(e).finish(),
  }),
};
