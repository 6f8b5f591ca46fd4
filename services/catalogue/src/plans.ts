// The plan catalogue. Part 1 section 9's tier table is the truth for limits, section 6 for
// capabilities (see shared/spec/DECISIONS.md). Everything that gates, counts or describes a plan
// derives from this file, so the pricing cards, the API and enforcement cannot disagree.

import { formatBytes } from './uploads.js';

export const TIER_IDS = ['free-trial', 'professional', 'business', 'enterprise'] as const;
export type TierId = (typeof TIER_IDS)[number];

/** The tier a sign-up preselects when none is chosen ("sign-up tier pro"). */
export const DEFAULT_SELECTED_TIER: TierId = 'professional';

export const CAPABILITIES = [
  'videoGeneration',
  'audioGeneration',
  'wordDocuments',
  'analytics',
  'teamCollaboration',
  'customBranding',
  'apiAccess',
  'aiAgents',
  'advancedVideoProcessing',
  'realtimeCollaboration',
  'integrationHub',
  'scormCompliance',
] as const;
export type Capability = (typeof CAPABILITIES)[number];
export type Capabilities = Record<Capability, boolean>;

/** The six generator types of part 1 section 1. */
export const GENERATOR_TYPES = [
  'topic_to_content',
  'url_content',
  'document_analysis',
  'assessment_generator',
  'content_refresh',
  'learning_path',
] as const;
export type GeneratorType = (typeof GENERATOR_TYPES)[number];

/** The tier table names its methods differently from the generator types; this maps them. */
export const PLAN_METHOD_TO_GENERATOR: Record<string, GeneratorType> = {
  topic_to_content: 'topic_to_content',
  url_extraction: 'url_content',
  assessment_generator: 'assessment_generator',
  document_intelligence: 'document_analysis',
  content_modernizer: 'content_refresh',
  learning_path_architect: 'learning_path',
};

export interface Limits {
  /** -1 means unlimited for every numeric limit. */
  projectLimit: number;
  userLimit: number;
  companyLimit: number;
  storageGB: number;
  /** Purchased pay-per-use credits start at this balance. */
  videoCredits: number;
  trialDays: number;
  /** Downloads per calendar month (the whole trial for the free trial). */
  downloadLimit: number;
  fileUploadLimitMB: number;
  dataRetentionDays: number;
  aiGeneratorMethods: GeneratorType[];
  templateCount: number;
  languages: string[];
  /** Dollars per minute of generated video; null when the plan has no video. */
  videoRatePerMinute: number | null;
}

export interface Tier {
  id: TierId;
  name: string;
  price: number;
  /** 'trial' for the free trial (trialDays long), 'month' otherwise. */
  period: 'trial' | 'month';
  popular: boolean;
  limits: Limits;
  capabilities: Capabilities;
  /** Add-ons this tier may buy. */
  addOns: AddOnId[];
}

export const ADD_ON_IDS = ['advanced_analytics', 'enhanced_ai_agent', 'advanced_video_processing'] as const;
export type AddOnId = (typeof ADD_ON_IDS)[number];

export interface AddOn {
  id: AddOnId;
  name: string;
  pricePerMonth: number;
  grants: Capability;
}

export const ADD_ONS: Record<AddOnId, AddOn> = {
  advanced_analytics: { id: 'advanced_analytics', name: 'Advanced Analytics', pricePerMonth: 13, grants: 'analytics' },
  enhanced_ai_agent: { id: 'enhanced_ai_agent', name: 'Enhanced AI Agent', pricePerMonth: 15, grants: 'aiAgents' },
  advanced_video_processing: {
    id: 'advanced_video_processing',
    name: 'Advanced Video Processing',
    pricePerMonth: 17,
    grants: 'advancedVideoProcessing',
  },
};

const NONE: Capabilities = Object.fromEntries(CAPABILITIES.map((c) => [c, false])) as Capabilities;
const BASIC: Capabilities = { ...NONE, videoGeneration: true, audioGeneration: true, wordDocuments: true };
const BUSINESS: Capabilities = {
  ...BASIC,
  analytics: true,
  teamCollaboration: true,
  customBranding: true,
  aiAgents: true,
  advancedVideoProcessing: true,
  integrationHub: true,
};
const ENTERPRISE: Capabilities = { ...BUSINESS, apiAccess: true, realtimeCollaboration: true, scormCompliance: true };

const LANGS_PRO = ['en', 'es', 'fr'];
const LANGS_BUSINESS = [...LANGS_PRO, 'de', 'it', 'pt', 'ru', 'ja', 'ko', 'zh'];
const LANGS_ENTERPRISE = [...LANGS_BUSINESS, 'ar', 'hi', 'nl', 'sv', 'no', 'da', 'fi', 'pl', 'tr', 'th'];

export const TIERS: Record<TierId, Tier> = {
  'free-trial': {
    id: 'free-trial',
    name: 'Free Trial',
    price: 0,
    period: 'trial',
    popular: false,
    limits: {
      projectLimit: 3,
      userLimit: 1,
      companyLimit: 1,
      storageGB: 1,
      videoCredits: 0,
      trialDays: 7,
      downloadLimit: 3,
      fileUploadLimitMB: 10,
      dataRetentionDays: 14,
      aiGeneratorMethods: ['topic_to_content'],
      templateCount: 15,
      languages: ['en'],
      videoRatePerMinute: null,
    },
    // "no video" in the tier table: slides and documents only.
    capabilities: { ...NONE, wordDocuments: true },
    addOns: [],
  },
  professional: {
    id: 'professional',
    name: 'Professional',
    price: 29,
    period: 'month',
    popular: true,
    limits: {
      projectLimit: 25,
      userLimit: 1,
      companyLimit: 1,
      storageGB: 10,
      videoCredits: 0,
      trialDays: 0,
      downloadLimit: 25,
      fileUploadLimitMB: 25,
      dataRetentionDays: 60,
      aiGeneratorMethods: ['topic_to_content', 'url_content', 'assessment_generator'],
      templateCount: 30,
      languages: LANGS_PRO,
      videoRatePerMinute: 1,
    },
    capabilities: BASIC,
    addOns: [...ADD_ON_IDS],
  },
  business: {
    id: 'business',
    name: 'Business',
    price: 79,
    period: 'month',
    popular: false,
    limits: {
      projectLimit: 100,
      userLimit: 3,
      companyLimit: 3,
      storageGB: 50,
      videoCredits: 0,
      trialDays: 0,
      downloadLimit: 100,
      fileUploadLimitMB: 100,
      dataRetentionDays: 120,
      aiGeneratorMethods: ['topic_to_content', 'url_content', 'assessment_generator', 'document_analysis', 'content_refresh'],
      templateCount: 50,
      languages: LANGS_BUSINESS,
      videoRatePerMinute: 0.6,
    },
    capabilities: BUSINESS,
    addOns: [...ADD_ON_IDS],
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    price: 199,
    period: 'month',
    popular: false,
    limits: {
      projectLimit: -1,
      userLimit: 10,
      companyLimit: 10,
      storageGB: 200,
      videoCredits: 0,
      trialDays: 0,
      downloadLimit: -1,
      fileUploadLimitMB: 500,
      dataRetentionDays: 365,
      aiGeneratorMethods: [...GENERATOR_TYPES],
      templateCount: 999,
      languages: LANGS_ENTERPRISE,
      videoRatePerMinute: 0.5,
    },
    capabilities: ENTERPRISE,
    addOns: [...ADD_ON_IDS],
  },
};

/** The price of one pay-per-use video credit in dollars. */
export const VIDEO_CREDIT_PRICE = 2.5;

export function isTierId(value: unknown): value is TierId {
  return typeof value === 'string' && (TIER_IDS as readonly string[]).includes(value);
}

export function getTier(id: TierId): Tier {
  return TIERS[id];
}

/** Accepts the short names seen in the prototype ('pro', 'trial', 'starter', 'free'). */
export function normaliseTierId(value: string | undefined | null): TierId {
  if (!value) return DEFAULT_SELECTED_TIER;
  const v = value.trim().toLowerCase();
  if (isTierId(v)) return v;
  if (v === 'pro') return 'professional';
  if (v === 'trial' || v === 'starter' || v === 'free') return 'free-trial';
  return DEFAULT_SELECTED_TIER;
}

/** Effective capabilities: the tier's own plus those granted by active add-ons it may buy. */
export function effectiveCapabilities(tierId: TierId, activeAddOns: readonly AddOnId[] = []): Capabilities {
  const tier = TIERS[tierId];
  const result: Capabilities = { ...tier.capabilities };
  for (const id of activeAddOns) {
    if (tier.addOns.includes(id)) result[ADD_ONS[id].grants] = true;
  }
  return result;
}

export function isUnlimited(limit: number): boolean {
  return limit === -1;
}

/** True while `current` is below `limit` (-1 is unlimited). */
export function isBelowLimit(current: number, limit: number): boolean {
  return isUnlimited(limit) || current < limit;
}

/** Projects left on the plan: null for unlimited, never below 0. */
export function remainingProjects(limits: Pick<Limits, 'projectLimit'>, projectsUsed: number): number | null {
  if (isUnlimited(limits.projectLimit)) return null;
  return Math.max(0, limits.projectLimit - projectsUsed);
}

/** '3/10' or '3/∞', as the dashboard shows usage. */
export function formatUsage(current: number, limit: number): string {
  return `${current}/${isUnlimited(limit) ? '∞' : limit}`;
}

export function companyLimitMessage(tierId: TierId): string {
  const tier = TIERS[tierId];
  return `Your ${tier.name} plan allows only ${tier.limits.companyLimit} companies. Upgrade to create more.`;
}

/** A plan's storage (storageGB) in bytes; -1 when the plan has none. */
export function storageLimitBytes(tierId: TierId): number {
  const gb = TIERS[tierId].limits.storageGB;
  return isUnlimited(gb) ? -1 : gb * 1024 ** 3;
}

/**
 * The bytes a plan owner may still store: the limit (storageLimitBytes; -1 for none, Infinity
 * here) minus what their companies hold (uploads plus rendered files), never below 0.
 */
export function storageLeftBytes(limitBytes: number, usedBytes: number): number {
  if (limitBytes < 0) return Infinity;
  return Math.max(0, limitBytes - Math.max(0, usedBytes));
}

/** The refusal of an upload of `fileBytes` when only `leftBytes` of the plan's storage are left. */
export function storageLimitMessage(tierId: TierId, fileBytes: number, leftBytes: number): string {
  const tier = TIERS[tierId];
  return (
    `Your ${tier.name} plan includes ${tier.limits.storageGB} GB of storage, and this file (${formatBytes(fileBytes)}) ` +
    `needs more than the ${formatBytes(leftBytes)} left. Delete projects you no longer need or upgrade your plan to upload it.`
  );
}

export function projectLimitMessage(tierId: TierId): string {
  const tier = TIERS[tierId];
  return `Your ${tier.name} plan allows only ${tier.limits.projectLimit} projects. Upgrade to create more.`;
}

/** The cheapest tier that has a capability (the "requires {plan} or higher" wording). */
export function lowestTierWith(capability: Capability): Tier | undefined {
  return TIER_IDS.map((id) => TIERS[id]).find((t) => t.capabilities[capability]);
}

/** The cheapest tier whose plan includes a generator method. */
export function lowestTierWithMethod(method: GeneratorType): Tier | undefined {
  return TIER_IDS.map((id) => TIERS[id]).find((t) => t.limits.aiGeneratorMethods.includes(method));
}

/** The refusal of video (a project, a download) on a plan without it. */
export function videoNotInPlanMessage(tierId: TierId): string {
  const lowest = lowestTierWith('videoGeneration');
  return `Video requires the ${lowest?.name ?? 'Professional'} plan or higher. Your ${TIERS[tierId].name} plan includes slides and documents.`;
}

export function upgradeRequiredMessage(capability: Capability): string {
  const tier = lowestTierWith(capability);
  return tier
    ? `This feature requires the ${tier.name} plan or higher. Please upgrade your plan to continue.`
    : 'This feature requires a higher subscription tier. Please upgrade your plan to continue.';
}
