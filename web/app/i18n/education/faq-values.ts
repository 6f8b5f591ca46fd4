// The figures the FAQ states, from the plan catalogue (never typed into its texts), formatted for
// the reader's language: the answers hold {{name}} placeholders that educationTexts fills.
import {
  ADD_ONS,
  ANNUAL_DISCOUNT,
  GRACE_PERIOD_DAYS,
  INVITATION_DAYS,
  SUPPORT_LIMITS,
  TIERS,
  UPLOAD_KINDS,
  VIDEO_CREDIT_PRICE,
  planPriceCents,
  type TierId,
} from '@trainwright/catalogue';
import { formatCents, formatPrice } from '~/lib/format';

const MB = 1024 * 1024;

export function faqValues(language: string): Record<string, string> {
  const n = (value: number) => new Intl.NumberFormat(language).format(value);
  const per = (tier: TierId) => TIERS[tier].limits;
  const values: Record<string, string> = {
    trialDays: n(per('free-trial').trialDays),
    graceDays: n(GRACE_PERIOD_DAYS),
    trialRetentionDays: n(per('free-trial').dataRetentionDays),
    annualDiscount: n(ANNUAL_DISCOUNT * 100),
    invitationDays: n(INVITATION_DAYS),
    supportPerDay: n(SUPPORT_LIMITS.perDay),
    creditPrice: formatPrice(VIDEO_CREDIT_PRICE, language),
    scriptMb: n(UPLOAD_KINDS.script.maxBytes / MB),
    slidesMb: n(UPLOAD_KINDS.slides.maxBytes / MB),
    documentMb: n(UPLOAD_KINDS.document.maxBytes / MB),
    analyticsPrice: formatPrice(ADD_ONS.advanced_analytics.pricePerMonth, language),
    aiAgentPrice: formatPrice(ADD_ONS.enhanced_ai_agent.pricePerMonth, language),
    videoProcessingPrice: formatPrice(ADD_ONS.advanced_video_processing.pricePerMonth, language),
  };
  const names: Record<TierId, string> = { 'free-trial': 'trial', professional: 'pro', business: 'business', enterprise: 'enterprise' };
  for (const [tier, name] of Object.entries(names) as Array<[TierId, string]>) {
    const limits = per(tier);
    values[`${name}Price`] = formatPrice(TIERS[tier].price, language);
    values[`${name}YearlyPrice`] = formatCents(planPriceCents(tier, 'year'), language);
    values[`${name}Projects`] = n(limits.projectLimit);
    values[`${name}StorageGb`] = n(limits.storageGB);
    values[`${name}Downloads`] = n(limits.downloadLimit);
    values[`${name}Users`] = n(limits.userLimit);
    values[`${name}Companies`] = n(limits.companyLimit);
    values[`${name}Languages`] = n(limits.languages.length);
    values[`${name}UploadMb`] = n(limits.fileUploadLimitMB);
    values[`${name}VideoRate`] = limits.videoRatePerMinute === null ? '' : formatPrice(limits.videoRatePerMinute, language);
  }
  return values;
}

/** The text with each {{name}} replaced by its figure; an unknown name is an error (a test reads every answer). */
export function fillFigures(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === '') throw new Error(`The FAQ names a figure the catalogue does not have: ${name}`);
    return value;
  });
}
