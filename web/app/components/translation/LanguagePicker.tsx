// The language of the files to download or the slides to preview, for a project available in more
// than one language (the primary first, marked). Renders nothing for a project in one language.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { orderedLanguages } from '~/lib/downloads';
import { useLanguageNames } from '~/lib/useTranslations';
import { selectClass } from '../projects/ProjectFormFields';

export function LanguagePicker({
  primary,
  available,
  value,
  onChange,
  disabled,
  testId = 'download-language',
}: {
  primary: string;
  available: readonly string[];
  value: string;
  onChange: (language: string) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const names = useLanguageNames();
  const languages = orderedLanguages(primary, available);
  if (languages.length < 2) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('translation.fileLanguage')}
      </label>
      <div className="min-w-56 max-w-full">
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} className={selectClass} data-testid={testId}>
        {languages.map((code) => {
          const name = names(code).name;
          return (
            <option key={code} value={code}>
              {code === primary ? t('translation.primaryOption', { language: name }) : name}
            </option>
          );
        })}
      </select>
      </div>
    </div>
  );
}
