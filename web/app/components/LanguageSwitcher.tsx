import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '~/i18n';
import { patch } from '~/lib/api';
import { useAuth } from '~/lib/auth';
import { useLanguage } from '~/lib/language';

/** English / Español / Français; the choice is kept in localStorage ('preferred-language') and,
 * signed in, in the profile: the language of the emails sent unasked (a mention in a comment). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { language, setLanguage } = useLanguage();
  const { user } = useAuth();
  const id = useId();
  const choose = (lng: Language) => {
    setLanguage(lng);
    // The screen has switched already; should the profile not take it, emails keep the earlier language.
    if (user) patch('/profile', { language: lng }).catch(() => undefined);
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        {t('languages.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          if (isLanguage(event.target.value)) choose(event.target.value);
        }}
        className="rounded-md border-0 bg-white py-1.5 pl-2.5 pr-8 text-sm text-slate-700 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {t(`languages.${lng}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
