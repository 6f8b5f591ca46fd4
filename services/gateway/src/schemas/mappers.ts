// proto (internal contract) -> the specification's JSON field names.
import type { Company as ProtoCompany, Limits as ProtoLimits, Profile, User as ProtoUser } from '@trainwright/proto/trainwright/auth/v1/auth';

export function limitsJson(l: ProtoLimits | undefined) {
  return {
    projectLimit: l?.projectLimit ?? 0,
    userLimit: l?.userLimit ?? 0,
    companyLimit: l?.companyLimit ?? 0,
    storageGB: l?.storageGb ?? 0,
    videoCredits: l?.videoCredits ?? 0,
    trialDays: l?.trialDays ?? 0,
    downloadLimit: l?.downloadLimit ?? 0,
    fileUploadLimitMB: l?.fileUploadLimitMb ?? 0,
    dataRetentionDays: l?.dataRetentionDays ?? 0,
    aiGeneratorMethods: l?.aiGeneratorMethods ?? [],
    templateCount: l?.templateCount ?? 0,
    languages: l?.languages ?? [],
    videoRatePerMinute: l?.videoRatePerMinute ?? null,
  };
}

const NOTIFY_DEFAULTS = { projectUpdates: true, marketingEmails: false, systemAlerts: true };

export function userJson(u: ProtoUser) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    company: u.company,
    bio: u.bio,
    currentCompanyId: u.currentCompanyId,
    role: u.role,
    notifications: u.notifications ?? NOTIFY_DEFAULTS,
    subscription: {
      tier: u.subscription?.tier ?? '',
      plan: u.subscription?.plan ?? '',
      projectsUsed: u.subscription?.projectsUsed ?? 0,
      createdAt: u.subscription?.createdAt ?? '',
      selectedTier: u.subscription?.selectedTier ?? '',
      addOns: u.subscription?.addOns ?? [],
      limits: limitsJson(u.subscription?.limits),
    },
    capabilities: u.capabilities,
    created_at: u.createdAt,
  };
}

export function companyJson(c: ProtoCompany) {
  return {
    id: c.id,
    name: c.name,
    website: c.website,
    logo_url: c.logoUrl,
    subscription_tier: c.subscriptionTier,
    current_users: c.currentUsers,
    max_users: c.maxUsers,
    current_projects: c.currentProjects,
    created_at: c.createdAt,
    role: c.role,
  };
}

export function profileJson(p: Profile) {
  return {
    name: p.name,
    email: p.email,
    company_name: p.companyName,
    bio: p.bio,
    notifications: p.notifications ?? NOTIFY_DEFAULTS,
    account: {
      tier: p.account?.tier ?? '',
      plan: p.account?.plan ?? '',
      projects_used: p.account?.projectsUsed ?? 0,
      project_limit: p.account?.projectLimit ?? 0,
      member_since: p.account?.memberSince ?? '',
    },
  };
}
