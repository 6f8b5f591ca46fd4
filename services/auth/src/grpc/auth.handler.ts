// Transport only: proto <-> domain. Errors travel as AppError -> gRPC status (platform wrapper).
import { TIERS, effectiveCapabilities, type Limits as CatalogueLimits } from '@trainwright/catalogue';
import type { AccessTable, UnaryHandlers } from '@trainwright/platform';
import type {
  AuthServiceService,
  Company,
  Limits,
  Profile,
  User,
} from '@trainwright/proto/trainwright/auth/v1/auth';
import { createCompany } from '../services/accounts/create-company.js';
import type { AuthDeps, CompanyRow } from '../services/accounts/deps.js';
import { getAccount, type AccountView } from '../services/accounts/get-account.js';
import { getCompanyPlan } from '../services/accounts/get-company-plan.js';
import { getMembership } from '../services/accounts/get-membership.js';
import { getTrialStatus } from '../services/accounts/get-trial-status.js';
import { listCompanies } from '../services/accounts/list-companies.js';
import { login } from '../services/accounts/login.js';
import { logout } from '../services/accounts/logout.js';
import type { WithOwnerTrial } from '../services/accounts/owner-trial.js';
import { refreshSession } from '../services/accounts/refresh-session.js';
import { register } from '../services/accounts/register.js';
import type { IssuedSession } from '../services/accounts/sessions.js';
import { switchCompany } from '../services/accounts/switch-company.js';
import { updateProfile } from '../services/accounts/update-profile.js';
import type { TeamDeps } from '../services/members/deps.js';
import { createTeamHandlers, teamAccess } from './team.handler.js';
import { createSupportHandlers, supportAccess } from './support.handler.js';
import type { SupportDeps } from '../services/support/deps.js';

export function toProtoLimits(l: CatalogueLimits): Limits {
  return {
    projectLimit: l.projectLimit,
    userLimit: l.userLimit,
    companyLimit: l.companyLimit,
    storageGb: l.storageGB,
    videoCredits: l.videoCredits,
    trialDays: l.trialDays,
    downloadLimit: l.downloadLimit,
    fileUploadLimitMb: l.fileUploadLimitMB,
    dataRetentionDays: l.dataRetentionDays,
    aiGeneratorMethods: l.aiGeneratorMethods,
    templateCount: l.templateCount,
    languages: l.languages,
    videoRatePerMinute: l.videoRatePerMinute ?? undefined,
  };
}

export function toProtoUser(a: AccountView): User {
  const tier = TIERS[a.tier];
  return {
    id: a.id,
    email: a.email,
    name: a.name,
    company: a.companyName ?? '',
    bio: a.bio,
    currentCompanyId: a.currentCompanyId ?? '',
    notifications: {
      projectUpdates: a.notifyProjectUpdates,
      marketingEmails: a.notifyMarketingEmails,
      systemAlerts: a.notifySystemAlerts,
    },
    subscription: {
      tier: a.tier,
      plan: tier.name,
      projectsUsed: a.projectsUsed,
      createdAt: a.subscriptionCreatedAt.toISOString(),
      limits: toProtoLimits(tier.limits),
      selectedTier: a.selectedTier,
      addOns: a.addOns,
    },
    createdAt: a.createdAt.toISOString(),
    capabilities: a.capabilities,
    role: a.role ?? '',
  };
}

function toProtoCompany(c: WithOwnerTrial<CompanyRow>): Company {
  return {
    id: c.id,
    name: c.name,
    website: c.website,
    logoUrl: c.logoUrl,
    subscriptionTier: c.ownerTier,
    currentUsers: c.currentUsers,
    maxUsers: TIERS[c.ownerTier].limits.userLimit,
    currentProjects: c.currentProjects,
    createdAt: c.createdAt.toISOString(),
    role: c.role,
    ownerUserId: c.ownerUserId,
    ownerTrialState: c.ownerTrialState,
    ownerTrialStateUntilMs: c.ownerTrialStateUntilMs,
  };
}

function toProtoProfile(a: AccountView): Profile {
  const user = toProtoUser(a);
  return {
    name: a.name,
    email: a.email,
    companyName: a.companyName ?? '',
    bio: a.bio,
    notifications: user.notifications,
    language: a.language,
    account: {
      tier: a.tier,
      plan: TIERS[a.tier].name,
      projectsUsed: a.projectsUsed,
      projectLimit: TIERS[a.tier].limits.projectLimit,
      memberSince: a.createdAt.toISOString(),
    },
  };
}

/**
 * How each method reaches company data (platform access.ts): the server refuses to answer a method
 * that names an action unless the access check decided. A new method needs its line here.
 */
export const authAccess: AccessTable<typeof AuthServiceService> = {
  register: { public: 'signs up: the new account is the caller' },
  login: { public: 'the email and password are the credential' },
  refresh: { public: 'the refresh token is the credential' },
  logout: { public: 'ends the session its refresh token names' },
  getMe: { self: 'the caller\'s own account' },
  getTrialStatus: { self: 'the caller\'s own trial' },
  listCompanies: { self: 'the companies the caller belongs to, with their roles' },
  createCompany: { self: 'a new company the caller owns' },
  switchCompany: { self: 'the caller\'s current company, among those they belong to (COMPANY_NOT_FOUND otherwise)' },
  getProfile: { self: 'the caller\'s own profile' },
  updateProfile: { self: 'the caller\'s own profile; renaming their current company is decided by Access.decide (company.update)' },
  getMembership: { internal: 'the membership lookup the access check itself uses (platform AuthMemberships)' },
  getCompanyPlan: { internal: 'the owner\'s plan a job carries, read by the service that creates the job (platform AuthMemberships.companyPlan)' },
  ...teamAccess,
  ...supportAccess,
};

export function createAuthHandlers(deps: AuthDeps, team: TeamDeps, support: SupportDeps): UnaryHandlers<typeof AuthServiceService> {
  const withUser = async (s: IssuedSession) => ({
    accessToken: s.accessToken,
    refreshToken: s.refreshToken,
    expiresIn: s.expiresIn,
    refreshExpiresIn: s.refreshExpiresIn,
    user: toProtoUser(await getAccount(deps, s.userId)),
  });
  return {
    register: async (req) => withUser(await register(deps, req)),
    login: async (req) => withUser(await login(deps, req)),
    refresh: async (req) => withUser(await refreshSession(deps, req.refreshToken)),
    logout: async (req, ctx) => {
      const revoked = await logout(deps, { refreshToken: req.refreshToken, sessionId: req.sessionId, userId: ctx.userId });
      return { sessionId: revoked?.sessionId ?? '', expiresAtMs: revoked?.expiresAtMs ?? 0 };
    },
    getMe: async (req) => toProtoUser(await getAccount(deps, req.userId)),
    getTrialStatus: async (req) => {
      const t = await getTrialStatus(deps, req.userId);
      return {
        isTrial: t.is_trial,
        status: t.status,
        message: t.message,
        daysRemaining: t.days_remaining ?? undefined,
        daysUsed: t.days_used,
        trialDays: t.trial_days,
        warning: t.warning,
        endsAt: t.ends_at ?? '',
        graceEndsAt: t.grace_ends_at ?? '',
        videoCredits: t.video_credits,
      };
    },
    listCompanies: async (req) => {
      const view = await listCompanies(deps, req.userId);
      return {
        companies: view.companies.map(toProtoCompany),
        currentCompanyId: view.currentCompanyId,
        companyLimit: view.companyLimit,
        ownedCount: view.ownedCount,
      };
    },
    createCompany: async (req) =>
      toProtoCompany(await createCompany(deps, req.userId, { name: req.name, website: req.website, logoUrl: req.logoUrl })),
    switchCompany: async (req) => toProtoUser(await switchCompany(deps, req.userId, req.companyId)),
    getProfile: async (req) => toProtoProfile(await getAccount(deps, req.userId)),
    updateProfile: async (req) =>
      toProtoProfile(
        await updateProfile(deps, req.userId, {
          name: req.name,
          companyName: req.companyName,
          bio: req.bio,
          notifications: req.notifications,
          language: req.language,
        }),
      ),
    getMembership: async (req) => {
      const m = await getMembership(deps, req.userId, req.companyId);
      return {
        userId: req.userId,
        companyId: req.companyId,
        role: m.role,
        ownerTier: m.ownerTier,
        ownerUserId: m.ownerUserId,
        companyName: m.companyName,
        ownerTrialState: m.ownerTrialState,
        ownerTrialStateUntilMs: m.ownerTrialStateUntilMs,
        capabilities: Object.entries(effectiveCapabilities(m.ownerTier, m.ownerAddOns))
          .filter(([, on]) => on)
          .map(([name]) => name),
      };
    },
    getCompanyPlan: async (req) => {
      const plan = await getCompanyPlan(deps, req.companyId);
      return { companyId: req.companyId, ownerUserId: plan.ownerUserId, ownerTier: plan.ownerTier, ownerTrialState: plan.ownerTrialState };
    },
    ...createTeamHandlers(team),
    ...createSupportHandlers(support),
  };
}
