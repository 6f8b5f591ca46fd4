// One i18next instance for the server render and the browser. The server always renders English
// (the language choice lives in the browser's localStorage); the browser switches after hydration.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en';
import es from './es';
import fr from './fr';

export const LANGUAGES = ['en', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** The localStorage key of the interface language (part 1, section 4). */
export const LANGUAGE_STORAGE_KEY = 'preferred-language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const resources = {
  en: { translation: en },
  es: { translation: es },
  fr: { translation: fr },
} as const;

if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes; user text is always rendered as text
    initAsync: false,
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });
}

export default i18next;
