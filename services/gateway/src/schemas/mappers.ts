// proto (internal contract) -> the specification's JSON field names. Where the API's JSON is the
// message's own JSON form (snake_case proto names) the generated toJSON writes it; the auth shapes
// and Project keep the specification's own names and nulls, so they are mapped here by hand.
import { LIBRARY_MATERIALS } from '@trainwright/catalogue';
import { contentFromMessage } from '@trainwright/platform';
import { errorMessageJson, videoErrorMessageJson } from './common.js';
import type { Company as ProtoCompany, Limits as ProtoLimits, Profile, User as ProtoUser } from '@trainwright/proto/trainwright/auth/v1/auth';
import { QualityAssessment } from '@trainwright/proto/trainwright/generator/v1/generator';
import { VoiceSettings, type Voice as ProtoVoice } from '@trainwright/proto/trainwright/media/v1/media';
import {
  Branding,
  GeneratorRequest,
  ProjectFile,
  VoiceSelection,
  type Project as ProtoProject,
} from '@trainwright/proto/trainwright/project/v1/project';

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
    language: p.language || 'en',
    account: {
      tier: p.account?.tier ?? '',
      plan: p.account?.plan ?? '',
      projects_used: p.account?.projectsUsed ?? 0,
      project_limit: p.account?.projectLimit ?? 0,
      member_since: p.account?.memberSince ?? '',
    },
  };
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A message's toJSON answer with its empty lists and maps put back: toJSON leaves them out, and
 *  the API has always sent them (`subtopics: []`, `recommendations: []`). */
function withEmptyCollections(message: object, json: unknown): Record<string, unknown> {
  const out = { ...(json as Record<string, unknown>) };
  for (const [key, value] of Object.entries(message)) {
    const isEmpty = Array.isArray(value) ? value.length === 0 : typeof value === 'object' && value !== null && Object.keys(value).length === 0;
    if (isEmpty) out[snakeCase(key)] ??= value;
  }
  return out;
}

/** A generator method's request_data: the one value of `{ <generator_type>: {...} }`. */
export function requestDataJson(request: GeneratorRequest | undefined): Record<string, unknown> | null {
  const method = request && Object.values(request).find((value) => value !== undefined);
  if (!method) return null;
  return withEmptyCollections(method, Object.values(GeneratorRequest.toJSON(request) as object)[0]);
}

export function assessmentJson(assessment: QualityAssessment | undefined): Record<string, unknown> | null {
  return assessment ? withEmptyCollections(assessment, QualityAssessment.toJSON(assessment)) : null;
}

/**
 * Branding as typed, plus `logo_path`: where we serve the logo media-render fetched once and
 * checked (null without a logo URL). Browsers load only that path, never `logo_url`.
 */
export const brandingJson = (b: Branding | undefined, logoPath: string) =>
  b ? { ...(Branding.toJSON(b) as { company_name: string; logo_url: string; website: string }), logo_path: b.logoUrl ? logoPath : null } : null;

/** A list item (GET /api/projects): a project without its long texts and what no list shows (routes/projects/shapes.ts). */
export function projectSummaryJson(p: ProtoProject) {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    status: p.status,
    project_type: p.projectType,
    visual_format: p.visualFormat,
    document_format: p.documentFormat,
    quality_score: p.qualityScore ?? null,
    engagement_prediction: p.engagementPrediction ?? null,
    branding: brandingJson(p.branding, `/api/projects/${p.id}/logo`),
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    company_id: p.companyId,
    company_name: p.companyName,
    progress: p.progress,
    is_collaborative: p.isCollaborative,
    members: p.members,
    primary_language: p.primaryLanguage,
    available_languages: p.availableLanguages,
    template_id: p.templateId,
    font_style: p.fontStyle,
    image_style: p.imageStyle,
    burn_subtitles: p.burnSubtitles,
    input_method: p.inputMethod,
    files: p.files.map((f) => ProjectFile.toJSON(f)),
    error: p.error || null,
    ...errorMessageJson(p.errorMessage),
    needs_regeneration: p.needsRegeneration,
    can_edit: p.canEdit,
    can_delete: p.canDelete,
    content_version: p.contentVersion,
    files_version: p.filesVersion ?? null,
    has_content: p.hasContent,
    video_status: p.videoStatus,
    video_progress: p.videoProgress,
    video_error: p.videoError || null,
    ...videoErrorMessageJson(p.videoErrorMessage),
    library_material: LIBRARY_MATERIALS.find((m) => m === p.libraryMaterial) ?? null,
  };
}

/** A project with every field (GET, PATCH). */
export function projectJson(p: ProtoProject) {
  return {
    ...projectSummaryJson(p),
    script_content: p.scriptContent,
    slides_content: p.slidesContent,
    generated_content: p.generatedContent ? contentFromMessage(p.generatedContent) : null,
    software_details: p.softwareDetails,
    software_list: p.softwareList,
    ai_instructions: p.aiInstructions,
    voice_selection: p.voiceSelection ? VoiceSelection.toJSON(p.voiceSelection) : null,
    generator_type: p.generatorType,
    request_data: requestDataJson(p.requestData),
    derived_from_project_id: p.derivedFromProjectId || null,
  };
}

export function voiceJson(v: ProtoVoice) {
  return {
    voice_id: v.voiceId,
    name: v.name,
    category: v.category,
    description: v.description,
    settings: v.settings ? (VoiceSettings.toJSON(v.settings) as Record<string, unknown>) : {},
    is_premium: v.isPremium,
    labels: { gender: v.labels?.gender ?? '', age: v.labels?.age ?? '', accent: v.labels?.accent ?? '', language: v.labels?.language ?? '' },
    tier: v.tier,
    locked: v.locked,
    locked_message: v.lockedMessage,
  };
}
