// Shapes of the gateway's JSON (docs/api.md). Field names follow the specification exactly.
import type { Capabilities, Limits, Role, TrialStatus } from '@trainwright/catalogue';

export interface Notifications {
  projectUpdates: boolean;
  marketingEmails: boolean;
  systemAlerts: boolean;
}

export interface Subscription {
  tier: string;
  plan: string;
  projectsUsed: number;
  createdAt: string;
  selectedTier?: string;
  addOns?: string[];
  limits: Partial<Limits> & { companyLimit: number };
}

export interface User {
  id: string;
  email: string;
  name: string;
  /** The current company's name. */
  company: string;
  bio: string;
  currentCompanyId: string | null;
  role?: Role;
  notifications: Notifications;
  subscription: Subscription;
  capabilities: Partial<Capabilities>;
  created_at: string;
}

export interface Company {
  id: string;
  name: string;
  website: string | null;
  logo_url: string | null;
  subscription_tier: string;
  current_users: number;
  max_users: number;
  current_projects: number;
  created_at: string;
  role: Role;
}

export interface CompaniesResponse {
  companies: Company[];
  current_company_id: string | null;
  company_limit: number;
  owned_count: number;
}

/** Sign-in, sign-up and refresh answers; the tokens are ignored (the session is in cookies). */
export interface SessionResponse {
  user: User;
}

export type TrialStatusResponse = TrialStatus;

export interface Profile {
  name: string;
  email: string;
  company_name: string;
  bio: string;
  notifications: Notifications;
  account: {
    tier: string;
    plan: string;
    projects_used: number;
    project_limit: number;
    member_since: string;
  };
}

export type ProfilePatch = Partial<Pick<Profile, 'name' | 'company_name' | 'bio' | 'notifications'>>;

/** True when a value has the parts of a User the screens rely on. */
export function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<User>;
  return typeof v.id === 'string' && typeof v.email === 'string' && !!v.subscription && !!v.capabilities;
}
