// Pricing-card feature lines, derived from the tier data so the text can never promise more or
// less than the server enforces. Each line is a key with parameters (the web app translates it)
// plus its English text (the API and e-mails use it). A caveat line is shown with a warning sign.
import { ADD_ONS, type Capability, type Tier, isUnlimited } from './plans.js';
import { OFFLINE_LANGUAGES } from './languages.js';

export interface FeatureLine {
  key: string;
  params: Record<string, string | number>;
  caveat: boolean;
  text: string;
}

const CAPABILITY_TEXT: Partial<Record<Capability, string>> = {
  videoGeneration: 'Narrated video (mp4, mov)',
  analytics: 'Analytics dashboard',
  teamCollaboration: 'Team collaboration',
  customBranding: 'Custom branding',
  aiAgents: 'Enhanced AI agents and quality scoring',
  advancedVideoProcessing: 'Advanced video processing',
  integrationHub: 'Integration hub',
  apiAccess: 'API access',
  realtimeCollaboration: 'Real-time collaboration',
  scormCompliance: 'SCORM packages',
};

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function line(key: string, text: string, params: Record<string, string | number> = {}, caveat = false): FeatureLine {
  return { key, params, caveat, text: caveat ? `⚠ ${text}` : text };
}

export function featureLines(tier: Tier): FeatureLine[] {
  const l = tier.limits;
  const lines: FeatureLine[] = [];
  lines.push(
    isUnlimited(l.projectLimit)
      ? line('unlimitedProjects', 'Unlimited projects')
      : line('projects', plural(l.projectLimit, 'project', 'projects'), { count: l.projectLimit }),
  );
  lines.push(line('users', plural(l.userLimit, 'user', 'users'), { count: l.userLimit }));
  lines.push(line('companies', plural(l.companyLimit, 'company', 'companies'), { count: l.companyLimit }));
  lines.push(line('storage', `${l.storageGB} GB storage`, { count: l.storageGB }));
  if (isUnlimited(l.downloadLimit)) lines.push(line('unlimitedDownloads', 'Unlimited downloads'));
  else if (tier.period === 'trial') lines.push(line('trialDownloads', plural(l.downloadLimit, 'download', 'downloads'), { count: l.downloadLimit }));
  else lines.push(line('downloads', `${l.downloadLimit} downloads per month`, { count: l.downloadLimit }));
  lines.push(line('upload', `Uploads up to ${l.fileUploadLimitMB} MB`, { count: l.fileUploadLimitMB }));
  lines.push(
    line('methods', plural(l.aiGeneratorMethods.length, 'AI generator method', 'AI generator methods'), {
      count: l.aiGeneratorMethods.length,
    }),
  );
  lines.push(line('templates', `${l.templateCount} templates`, { count: l.templateCount }));
  lines.push(line('languages', plural(l.languages.length, 'content language', 'content languages'), { count: l.languages.length }));
  // Not promised without saying so: the languages the offline engine cannot reach.
  const needEngine = l.languages.filter((code) => !OFFLINE_LANGUAGES.includes(code)).length;
  if (needEngine > 0) lines.push(line('languagesEngine', `${needEngine} of them need${needEngine === 1 ? 's' : ''} an AI translation model or DeepL`, { count: needEngine }, true));
  if (l.videoRatePerMinute === null) lines.push(line('noVideo', 'No video generation', {}, true));
  else lines.push(line('videoRate', `Video at $${l.videoRatePerMinute.toFixed(2)} per minute`, { rate: l.videoRatePerMinute.toFixed(2) }));
  for (const [cap, text] of Object.entries(CAPABILITY_TEXT) as [Capability, string][]) {
    if (cap !== 'videoGeneration' && tier.capabilities[cap]) lines.push(line(`capability.${cap}`, text));
  }
  if (tier.addOns.length > 0) {
    const names = tier.addOns.map((id) => ADD_ONS[id].name).join(', ');
    lines.push(line('addOns', `Add-ons available: ${names}`, { names }));
  }
  if (tier.period === 'trial') {
    lines.push(line('retention', `Files deleted after ${l.dataRetentionDays} days unless you upgrade`, { count: l.dataRetentionDays }, true));
  } else {
    lines.push(line('retentionPaid', `Files kept ${l.dataRetentionDays} days`, { count: l.dataRetentionDays }));
  }
  return lines;
}
