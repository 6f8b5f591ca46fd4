// The voice library: the speech provider's real premade voices, each given the plan from which it
// may be used (part 1 section 6) by one deterministic rule, and the check a selection goes through.
//
// The tier rule. Voices are dealt out in rounds, tier by tier, until the tier's quota is full:
//   free-trial    5  from the interface languages en, es, fr
//   professional 10  more from en, es, fr (the Professional plan's content languages)
//   business     10  more from de, it, pt, ru, ja, ko, zh (the languages Business adds)
//   enterprise   the rest serving the product's content languages (Enterprise's 20)
// so the voices a plan sees add up to 5, 15, 25 and 50+ (part 1 section 9) when the provider has
// that many. A round takes, for each gender (male, female, then other) and each language of the
// tier in order, that slot's next unused voice. A slot's voices are ordered: by engine
// (ENGINE_PREFERENCE: Flite's voices, far more intelligible, before espeak-ng's and the rest), then
// voices not labelled old first, then by variant (a voice without variant first, then variants in
// natural order: f2, f3, ..., m2, m3, ...), then by locale (PREFERRED_LOCALES, then shorter tags),
// then voice_id. So with the embedded engines the first English voices are Flite's `rms` (male:
// the default voice) and `slt` (female). Voices without a language label are multilingual and
// serve every language.
import { TIERS, TIER_IDS, type TierId } from '@trainwright/catalogue';
import type { Voice } from '../domain/types.js';

export const DEFAULT_DESCRIPTION = 'Professional AI voice';
export const INTERFACE_LANGUAGES = ['en', 'es', 'fr'];

/** How many voices each tier adds (the spec's 5, 15, 25 and 50+ as increments). */
export const TIER_QUOTAS: Record<TierId, number> = { 'free-trial': 5, professional: 10, business: 10, enterprise: Infinity };

/** Locale order inside a language: the most widely used variety first. */
export const PREFERRED_LOCALES: Record<string, string[]> = {
  en: ['en-us', 'en-gb'],
  es: ['es', 'es-419'],
  fr: ['fr-fr', 'fr'],
  pt: ['pt-br', 'pt'],
  zh: ['cmn', 'yue'],
  no: ['nb'],
};

/**
 * Engines (a voice's settings.provider) whose voices go first in their slot, best first: Flite's
 * recogniser word error rate is 4.8-11 % at its default pace against espeak-ng's 49-92 %
 * (docs/benchmarks.md, "Offline narration voices"). Other engines follow, equal.
 */
export const ENGINE_PREFERENCE = ['flite'];

/** ISO 639-3 individual languages of the macrolanguages among the product's languages. */
const MACROLANGUAGES: Record<string, string[]> = {
  zh: ['cmn', 'yue', 'hak', 'nan', 'wuu', 'gan', 'hsn'],
  no: ['nb', 'nn'],
  ar: ['arb'],
};

/** The capability each tier's voices need (part 1 section 6), by the catalogue's names. */
export const VOICE_TIER_CAPABILITY: Record<TierId, string | null> = {
  'free-trial': null,
  professional: 'aiAgents',
  business: 'advancedVideoProcessing',
  enterprise: 'realtimeCollaboration',
};

/** The feature names the specification uses for the same capabilities. */
const CAPABILITY_ALIASES: Record<string, string> = {
  enhanced_ai_agents: 'aiAgents',
  enhanced_ai_agent: 'aiAgents',
  ai_agents: 'aiAgents',
  advanced_video_processing: 'advancedVideoProcessing',
  real_time_collaboration: 'realtimeCollaboration',
  realtime_collaboration: 'realtimeCollaboration',
};

export interface VoiceLibrary {
  voices: Voice[];
  /** Category -> number of voices in it, as GET /api/voices/available returns it. */
  categories: Record<string, number>;
}

export interface LibraryOptions {
  /** Content languages the library serves (default: the Enterprise plan's 20). */
  languages?: string[];
}

function primary(tag: string): string {
  return tag.toLowerCase().split(/[-_]/)[0]!;
}

/** Whether a voice can narrate content in `lang` (a primary language code). */
export function servesLanguage(voice: Voice, lang: string): boolean {
  const tag = voice.labels.language;
  if (!tag) return true;
  const p = primary(tag);
  return p === lang || (MACROLANGUAGES[lang] ?? []).includes(p);
}

function genderSlot(voice: Voice): 'male' | 'female' | 'other' {
  const g = voice.labels.gender.toLowerCase();
  return g === 'male' || g === 'female' ? g : 'other';
}

function variantOf(voice: Voice): string | null {
  const plus = voice.settings.voice.indexOf('+');
  return plus < 0 ? null : voice.settings.voice.slice(plus + 1);
}

function engineRank(voice: Voice): number {
  const rank = ENGINE_PREFERENCE.indexOf(voice.settings.provider);
  return rank < 0 ? ENGINE_PREFERENCE.length : rank;
}

function localeRank(voice: Voice, lang: string): [number, number, string] {
  const tag = (voice.labels.language ?? '').toLowerCase();
  const preferred = (PREFERRED_LOCALES[lang] ?? [lang]).indexOf(tag);
  return [preferred < 0 ? 99 : preferred, tag.length, tag];
}

function compareKeys(a: Array<number | string>, b: Array<number | string>): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return 0;
}

/** Orders the provider's voices and gives each its tier and premium flag. */
export function buildVoiceLibrary(providerVoices: Voice[], options: LibraryOptions = {}): VoiceLibrary {
  const languages = (options.languages ?? TIERS.enterprise.limits.languages).map((l) => l.toLowerCase());
  // Only premade voices: clones in a provider account belong to individual users, not to everyone.
  const premade = providerVoices.filter((v) => v.category === 'premade' && languages.some((l) => servesLanguage(v, l)));
  // Variants in a fixed order (numbered variants naturally: f2 before f3, m2 before m10), so
  // the result does not depend on the order the provider lists its voices in.
  const variants = [...new Set(premade.map(variantOf).filter((v): v is string => v !== null))];
  variants.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const variantOrder = new Map(variants.map((v, i) => [v, i + 1]));
  const slotKey = (v: Voice, lang: string): Array<number | string> => {
    const variant = variantOf(v);
    return [engineRank(v), v.labels.age === 'old' ? 1 : 0, variant === null ? 0 : variantOrder.get(variant)!, ...localeRank(v, lang), v.voice_id];
  };
  const slots = new Map<string, Voice[]>();
  const slot = (lang: string, gender: string): Voice[] => {
    const key = `${lang}/${gender}`;
    let list = slots.get(key);
    if (!list) {
      list = premade.filter((v) => servesLanguage(v, lang) && genderSlot(v) === gender);
      list.sort((a, b) => compareKeys(slotKey(a, lang), slotKey(b, lang)));
      slots.set(key, list);
    }
    return list;
  };

  const assigned = new Map<string, TierId>();
  const ordered: Voice[] = [];
  const deal = (tier: TierId, langs: string[], quota: number): void => {
    let taken = 0;
    for (;;) {
      let progressed = false;
      for (const gender of ['male', 'female', 'other']) {
        for (const lang of langs) {
          if (taken >= quota) return;
          const next = slot(lang, gender).find((v) => !assigned.has(v.voice_id));
          if (!next) continue;
          assigned.set(next.voice_id, tier);
          ordered.push({ ...next, tier, is_premium: tier !== 'free-trial', description: next.description || DEFAULT_DESCRIPTION });
          taken++;
          progressed = true;
        }
      }
      if (!progressed) return;
    }
  };

  const interfaceLangs = INTERFACE_LANGUAGES.filter((l) => languages.includes(l));
  const proLangs = TIERS.professional.limits.languages.filter((l) => languages.includes(l));
  const businessLangs = TIERS.business.limits.languages.filter((l) => languages.includes(l) && !proLangs.includes(l));
  const enterpriseLangs = languages.filter((l) => !proLangs.includes(l) && !businessLangs.includes(l));
  deal('free-trial', interfaceLangs, TIER_QUOTAS['free-trial']);
  deal('professional', proLangs, TIER_QUOTAS.professional);
  deal('business', businessLangs, TIER_QUOTAS.business);
  deal('enterprise', enterpriseLangs, TIER_QUOTAS.enterprise);
  // What is left (more voices for the earlier languages) is Enterprise's too.
  deal('enterprise', languages, TIER_QUOTAS.enterprise);

  const categories: Record<string, number> = {};
  for (const v of ordered) categories[v.category] = (categories[v.category] ?? 0) + 1;
  return { voices: ordered, categories };
}

/** The voices a plan may use, in library order. */
export function voicesForTier(library: VoiceLibrary, tier: TierId): Voice[] {
  const rank = TIER_IDS.indexOf(tier);
  return library.voices.filter((v) => TIER_IDS.indexOf(v.tier as TierId) <= rank);
}

function normaliseCapabilities(capabilities: readonly string[] | Partial<Record<string, boolean>>): Set<string> {
  const names = Array.isArray(capabilities)
    ? (capabilities as readonly string[])
    : Object.entries(capabilities).filter(([, on]) => on === true).map(([name]) => name);
  return new Set(names.map((n) => CAPABILITY_ALIASES[n] ?? n));
}

/**
 * Whether an account may select the voice. Its own plan's voices and every lower plan's are open
 * (so the advertised counts hold: 5, 15, 25, all); the capability the specification names for a
 * tier (catalogue names such as 'aiAgents', or the specification's 'enhanced_ai_agents'; a list
 * or a capabilities record) opens that tier's voices too, e.g. Professional with the enhanced AI
 * agent add-on. `requiredPlan` names the voice's plan, for the locked message.
 */
export function voiceAllowed(
  voice: Pick<Voice, 'tier'>,
  capabilities: readonly string[] | Partial<Record<string, boolean>>,
  ownerTier?: TierId,
): { allowed: boolean; requiredPlan: string; requiredTier: TierId } {
  // An unknown tier is treated as the highest, so a mislabelled voice is never open by mistake.
  const tier: TierId = (TIER_IDS as readonly string[]).includes(voice.tier) ? (voice.tier as TierId) : 'enterprise';
  const needed = VOICE_TIER_CAPABILITY[tier];
  const byPlan = ownerTier !== undefined && TIER_IDS.indexOf(ownerTier) >= TIER_IDS.indexOf(tier);
  const allowed = needed === null || byPlan || normaliseCapabilities(capabilities).has(needed);
  return { allowed, requiredPlan: TIERS[tier].name, requiredTier: tier };
}

