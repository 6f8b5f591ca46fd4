// A language's name as the screens show it (kept apart from lib/translations.ts, whose calls report
// their errors through lib/errors.ts, which names languages too).
import type { SupportedLanguages } from './translations';

/** A language's name in the interface language (Intl), else the server's English name, else the code. */
export function languageName(code: string, uiLanguage: string, supported?: SupportedLanguages | null): string {
  try {
    const name = new Intl.DisplayNames([uiLanguage], { type: 'language' }).of(code);
    if (name && name !== code) return name.charAt(0).toLocaleUpperCase(uiLanguage) + name.slice(1);
  } catch {
    // an unknown code or locale: the fallbacks below
  }
  return supported?.[code]?.name ?? code;
}
