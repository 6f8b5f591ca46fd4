// The interface language: restored from localStorage (only en, es or fr; default en), stored on
// change, mirrored on <html lang>.
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_STORAGE_KEY, type Language } from '~/i18n';

export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Call once near the root: applies the stored language after hydration. */
export function useRestoreLanguage(): void {
  const { i18n } = useTranslation();
  useEffect(() => {
    const lng = readStoredLanguage();
    document.documentElement.lang = lng;
    if (i18n.language !== lng) void i18n.changeLanguage(lng);
  }, [i18n]);
}

export function useLanguage(): { language: Language; setLanguage: (lng: Language) => void } {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const setLanguage = useCallback(
    (lng: Language) => {
      try {
        window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
      } catch {
        // storage unavailable (private mode): the choice lasts for this page only
      }
      document.documentElement.lang = lng;
      void i18n.changeLanguage(lng);
    },
    [i18n],
  );
  return { language, setLanguage };
}
