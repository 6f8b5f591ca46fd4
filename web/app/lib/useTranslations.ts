// The hooks of the translation screens: the plan languages' names, and one project's translations
// kept current by the live events (lib/translations.ts has the rules and calls).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSeededLoad } from './server-data';
import {
  applyTranslationEvent,
  fetchTranslations,
  languageName,
  loadSupportedLanguages,
  nativeName,
  onTranslationEvent,
  type SupportedLanguages,
  type TranslationList,
} from './translations';

/** GET /api/languages/supported once per page; null until it answers (a failure is only logged, as
 * the specification does; names then come from the browser's Intl). */
export function useSupportedLanguages(): SupportedLanguages | null {
  const [supported, setSupported] = useState<SupportedLanguages | null>(null);
  useEffect(() => {
    let live = true;
    loadSupportedLanguages()
      .then((names) => {
        if (live) setSupported(names);
      })
      .catch((error: unknown) => console.warn('supported languages unavailable', error));
    return () => {
      live = false;
    };
  }, []);
  return supported;
}

/** A language's name in the interface language and its own name (null when the same). */
export function useLanguageNames(): (code: string) => { name: string; native: string | null } {
  const { i18n } = useTranslation();
  const supported = useSupportedLanguages();
  return useCallback(
    (code: string) => {
      const name = languageName(code, i18n.language, supported);
      return { name, native: nativeName(code, name, supported) };
    },
    [i18n.language, supported],
  );
}

/**
 * One project's translations (GET /api/projects/{id}/translations): progress events applied in
 * place; a completed, failed or deleted translation reloads the list quietly, since the languages
 * the project is in (and what can be chosen) change with it.
 */
export function useProjectTranslations(projectId: string) {
  const [list, setList] = useState<TranslationList | null>(null);
  const fetcher = useCallback(() => fetchTranslations(projectId), [projectId]);
  const { error, loading, reload } = useSeededLoad(fetcher, setList);

  useEffect(
    () =>
      onTranslationEvent((event) => {
        if (event.project_id !== projectId) return;
        setList((current) => (current ? applyTranslationEvent(current, event, projectId) : current));
        if (event.status === 'completed' || event.status === 'failed' || event.status === 'deleted') void reload({ quiet: true });
      }),
    [projectId, reload],
  );

  return { list, setList, error, loading, reload };
}

export type ProjectTranslationsState = ReturnType<typeof useProjectTranslations>;
