// The voice library built from the real espeak-ng voices, the embedded provider's (Flite and
// espeak-ng) and OpenAI's list: tier counts per the specification, the free voices covering the
// interface languages, Flite's voices first in English (the default voice), and the locked-voice
// rule per plan with the catalogue's real capabilities.
import { CAPABILITIES, effectiveCapabilities, TIER_IDS, VOICE_MESSAGES, type TierId } from '@trainwright/catalogue';
import type { Voice } from '../../src/domain/types.js';
import { EmbeddedSpeechProvider } from '../../src/adapters/speech/embedded.js';
import { EspeakProvider } from '../../src/adapters/speech/espeak.js';
import { OpenAiTtsProvider } from '../../src/adapters/speech/openai-tts.js';
import { VoiceCatalogueRepository } from '../../src/repositories/voice-catalogue.repository.js';
import {
  buildVoiceLibrary,
  DEFAULT_DESCRIPTION,
  servesLanguage,
  voiceAllowed,
  voicesForTier,
  type VoiceLibrary,
} from '../../src/voices/library.js';

let espeakVoices: Voice[];
let library: VoiceLibrary;
beforeAll(async () => {
  espeakVoices = await new EspeakProvider().voices();
  library = buildVoiceLibrary(espeakVoices);
});

const capabilityList = (tier: TierId, addOns: Parameters<typeof effectiveCapabilities>[1] = []): string[] => {
  const caps = effectiveCapabilities(tier, addOns);
  return CAPABILITIES.filter((c) => caps[c]);
};

describe('buildVoiceLibrary with espeak-ng', () => {
  it('gives 5 free, 15 professional, 25 business and 50+ enterprise voices', () => {
    const counts = TIER_IDS.map((t) => voicesForTier(library, t).length);
    expect(counts.slice(0, 3)).toEqual([5, 15, 25]);
    expect(counts[3]).toBeGreaterThanOrEqual(50);
    expect(counts[3]).toBe(library.voices.length);
    const perTier = Object.fromEntries(TIER_IDS.map((t) => [t, library.voices.filter((v) => v.tier === t).length]));
    expect(perTier).toMatchObject({ 'free-trial': 5, professional: 10, business: 10 });
  });

  it('makes the free voices cover en, es and fr with male and female voices', () => {
    const free = voicesForTier(library, 'free-trial');
    for (const lang of ['en', 'es', 'fr']) expect(free.some((v) => v.labels.language!.startsWith(lang))).toBe(true);
    expect(new Set(free.map((v) => v.labels.gender))).toEqual(new Set(['male', 'female']));
    expect(free.map((v) => v.voice_id)).toEqual(['espeak:en-us', 'espeak:es', 'espeak:fr-fr', 'espeak:en-us+f2', 'espeak:es+f2']);
    expect(free.every((v) => !v.is_premium)).toBe(true);
  });

  it('gives Professional more en/es/fr voices and Business one voice per language it adds', () => {
    const pro = library.voices.filter((v) => v.tier === 'professional');
    expect(pro.every((v) => ['en', 'es', 'fr'].some((l) => servesLanguage(v, l)))).toBe(true);
    const business = library.voices.filter((v) => v.tier === 'business');
    for (const lang of ['de', 'it', 'pt', 'ru', 'ja', 'ko', 'zh']) expect(business.some((v) => servesLanguage(v, lang))).toBe(true);
    expect(library.voices.filter((v) => v.tier !== 'free-trial').every((v) => v.is_premium)).toBe(true);
  });

  it('serves only the product languages, with unique ids, descriptions and the categories map', () => {
    const ids = library.voices.map((v) => v.voice_id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain('espeak:af'); // Afrikaans is not a content language
    expect(ids).toContain('espeak:cmn'); // zh through ISO 639-3 Mandarin
    expect(ids).toContain('espeak:nb'); // no through Norwegian Bokmål
    expect(library.voices.every((v) => v.description.length > 0 && v.category === 'premade')).toBe(true);
    expect(library.categories).toEqual({ premade: library.voices.length });
  });

  it('is deterministic', () => {
    const again = buildVoiceLibrary([...espeakVoices].reverse());
    const tiers = (lib: VoiceLibrary): Record<string, string> => Object.fromEntries(lib.voices.map((v) => [v.voice_id, v.tier]));
    expect(tiers(again)).toEqual(tiers(library));
  });
});

describe('buildVoiceLibrary with the embedded engines (Flite for English, espeak-ng)', () => {
  const embedded = new EmbeddedSpeechProvider();
  let voices: Voice[];
  let lib: VoiceLibrary;
  beforeAll(async () => {
    voices = await embedded.voices();
    lib = buildVoiceLibrary(voices);
  });

  it("puts Flite's rms first (the default voice) and slt first of the women, in the free tier", () => {
    const free = voicesForTier(lib, 'free-trial');
    expect(free.map((v) => v.voice_id)).toEqual(['flite:rms', 'espeak:es', 'espeak:fr-fr', 'flite:slt', 'espeak:es+f2']);
    const english = lib.voices.filter((v) => servesLanguage(v, 'en'));
    expect(english[0]!.voice_id).toBe('flite:rms');
    expect(english.find((v) => v.labels.gender === 'female')!.voice_id).toBe('flite:slt');
    // espeak-ng's English voices follow, in the next tier.
    expect(lib.voices.find((v) => v.voice_id === 'espeak:en-us')).toMatchObject({ tier: 'professional', is_premium: true });
    expect(TIER_IDS.map((t) => voicesForTier(lib, t).length).slice(0, 3)).toEqual([5, 15, 25]);
  });

  it('is deterministic whatever order the engines list their voices in', () => {
    const again = buildVoiceLibrary([...voices].reverse());
    expect(again.voices.map((v) => [v.voice_id, v.tier])).toEqual(lib.voices.map((v) => [v.voice_id, v.tier]));
  });

  it("narrates with flite:rms when a project chose no voice (the library's first free voice)", async () => {
    const catalogue = new VoiceCatalogueRepository(embedded, { customVoice: async () => undefined });
    expect(await catalogue.settingsFor('', 'company-1')).toEqual({ provider: 'flite', voice: 'rms', rate: 145 });
    expect(await catalogue.settingsFor('flite:slt', 'company-1')).toEqual({ provider: 'flite', voice: 'slt', rate: 145 });
  });
});

describe('buildVoiceLibrary with other providers', () => {
  it('deals OpenAI voices out as far as they go, with the default description where none is given', async () => {
    const voices = await new OpenAiTtsProvider({ baseURL: 'http://127.0.0.1:9', apiKey: 'k', model: 'tts-1' }).voices();
    const lib = buildVoiceLibrary(voices.map((v) => (v.voice_id === 'openai:ash' ? { ...v, description: '' } : v)));
    expect(lib.voices.filter((v) => v.tier === 'free-trial')).toHaveLength(5);
    expect(lib.voices.filter((v) => v.tier === 'professional')).toHaveLength(4);
    expect(lib.voices.find((v) => v.voice_id === 'openai:ash')!.description).toBe(DEFAULT_DESCRIPTION);
  });

  it('leaves out custom, cloned and matched voices', () => {
    const base = espeakVoices.slice(0, 3);
    const lib = buildVoiceLibrary([...base, { ...base[0]!, voice_id: 'x:clone', category: 'cloned' }, { ...base[0]!, voice_id: 'x:m', category: 'matched' }]);
    expect(lib.voices.map((v) => v.voice_id)).not.toEqual(expect.arrayContaining(['x:clone']));
    expect(lib.voices.map((v) => v.voice_id)).not.toContain('x:m');
  });
});

describe('voiceAllowed', () => {
  const voiceOf = (tier: TierId): Voice => library.voices.find((v) => v.tier === tier)!;
  const allowedTiers = (caps: string[]): TierId[] => TIER_IDS.filter((t) => voiceAllowed(voiceOf(t), caps).allowed);

  it('opens every voice of the plan and the plans below it, so the advertised counts hold', () => {
    const allowedFor = (tier: TierId) => TIER_IDS.filter((t) => voiceAllowed(voiceOf(t), capabilityList(tier), tier).allowed);
    expect(allowedFor('free-trial')).toEqual(['free-trial']);
    expect(allowedFor('professional')).toEqual(['free-trial', 'professional']);
    expect(allowedFor('business')).toEqual(['free-trial', 'professional', 'business']);
    expect(allowedFor('enterprise')).toEqual([...TIER_IDS]);
  });

  it('follows part 1 section 6 for the capabilities alone (add-ons open higher tiers)', () => {
    expect(allowedTiers(capabilityList('free-trial'))).toEqual(['free-trial']);
    // Professional voices need enhanced AI agents, which Professional has only with the add-on.
    expect(allowedTiers(capabilityList('professional'))).toEqual(['free-trial']);
    expect(allowedTiers(capabilityList('professional', ['enhanced_ai_agent']))).toEqual(['free-trial', 'professional']);
    expect(allowedTiers(capabilityList('professional', ['enhanced_ai_agent', 'advanced_video_processing']))).toEqual(['free-trial', 'professional', 'business']);
    expect(allowedTiers(capabilityList('business'))).toEqual(['free-trial', 'professional', 'business']);
    expect(allowedTiers(capabilityList('enterprise'))).toEqual(['free-trial', 'professional', 'business', 'enterprise']);
  });

  it('accepts the specification feature names and a capabilities record', () => {
    expect(voiceAllowed(voiceOf('professional'), ['enhanced_ai_agents']).allowed).toBe(true);
    expect(voiceAllowed(voiceOf('business'), ['advanced_video_processing']).allowed).toBe(true);
    expect(voiceAllowed(voiceOf('enterprise'), ['real_time_collaboration']).allowed).toBe(true);
    expect(voiceAllowed(voiceOf('enterprise'), effectiveCapabilities('business')).allowed).toBe(false);
    expect(voiceAllowed(voiceOf('enterprise'), effectiveCapabilities('enterprise')).allowed).toBe(true);
  });

  it('names the plan for the locked message', () => {
    expect(voiceAllowed(voiceOf('professional'), [])).toEqual({ allowed: false, requiredPlan: 'Professional', requiredTier: 'professional' });
    expect(voiceAllowed(voiceOf('business'), []).requiredPlan).toBe('Business');
    expect(voiceAllowed(voiceOf('free-trial'), [])).toMatchObject({ allowed: true, requiredPlan: 'Free Trial' });
    expect(voiceAllowed({ tier: 'platinum' }, capabilityList('business'))).toMatchObject({ allowed: false, requiredPlan: 'Enterprise' });
    expect(VOICE_MESSAGES.locked('business')).toBe('This voice requires Business or higher subscription.');
  });
});
