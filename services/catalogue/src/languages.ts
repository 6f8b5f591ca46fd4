// The content languages of the plans (part 1 section 9: 20 in all, enterprise's list holds every
// one), with their names in English and in themselves, from the runtime's ICU data
// (Intl.DisplayNames) rather than a table of our own.
import { TIERS } from './plans.js';

export interface LanguageNames {
  name: string;
  native_name: string;
}

/** Every language a plan offers, in the order the tier table lists them. */
export const CONTENT_LANGUAGES: readonly string[] = [...new Set(Object.values(TIERS).flatMap((t) => t.limits.languages))];

/**
 * The content languages the default offline engine reaches from English (Debian's Apertium pairs
 * as infra/provision.sh installs them; the translation service's medium test checks this against
 * the installed pairs). The plans say how many of theirs need an AI translation model or DeepL.
 */
export const OFFLINE_LANGUAGES: readonly string[] = ['en', 'es', 'fr', 'it', 'pt'];

/** The languages the interface and its emails (invitations, support replies) are written in. */
export const INTERFACE_LANGUAGES = ['en', 'es', 'fr'] as const;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/** An interface language for a code or locale ('fr-CA' -> fr); English for any other. */
export function interfaceLanguageOf(value: string | undefined): InterfaceLanguage {
  const base = (value ?? '').slice(0, 2);
  return isInterfaceLanguage(base) ? base : 'en';
}

const english = new Intl.DisplayNames(['en'], { type: 'language' });

/** The name of a language in English and in the language itself ('es' -> Spanish, español). */
export function languageNames(code: string): LanguageNames {
  return { name: english.of(code) ?? code, native_name: new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code };
}

/** A message's language: a content language's English name; anything else (a code no content
 * has) as sent, cut short. Messages take the code, so a client names the language in its own. */
export function languageNameOf(code: string): string {
  return CONTENT_LANGUAGES.includes(code) ? languageNames(code).name : code.slice(0, 20);
}

/** GET /api/languages/supported: code -> names, for every content language. */
export function supportedLanguages(): Record<string, LanguageNames> {
  return Object.fromEntries(CONTENT_LANGUAGES.map((code) => [code, languageNames(code)]));
}
