// 'Translate Content' (part 1 sections 2 and 4): the plan's languages the engine reaches, other
// than the primary, as checkboxes; a translated one disabled with a tick, a running one with its
// progress. The languages the engine cannot reach are not offered: one note per reason names them
// and says, in the user's language, what would open them. 'Start Translation' posts the chosen
// languages (disabled while none is chosen) and is busy meanwhile; on success the caller clears and closes.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chosenTargets, failureText, nameInText, offeredLanguages, startTranslations, translateOptions, type LanguageOption, type TranslationList } from '~/lib/translations';
import { useLanguageNames } from '~/lib/useTranslations';
import { CheckIcon } from '../icons';
import { Button, ButtonLink, ErrorBox, Spinner, cx } from '../ui';

function OptionNote({ option }: { option: LanguageOption }) {
  const { t } = useTranslation();
  if (option.state === 'translated') {
    return (
      <span className="inline-flex items-center gap-1 text-xs font-medium text-green-700">
        <CheckIcon className="h-4 w-4" />
        {t('translation.translated')}
      </span>
    );
  }
  if (option.state === 'running') {
    return <span className="text-xs text-blue-700">{t('translation.runningPercent', { progress: option.translation?.progress ?? 0 })}</span>;
  }
  if (option.outdated) return <span className="text-xs text-amber-800">{t('translation.outdated')}</span>;
  if (option.translation?.status === 'failed') return <span className="text-xs text-red-700">{t('translation.lastFailed')}</span>;
  return null;
}

/** The languages the engine cannot reach, one note per reason, in the interface language. */
function UnreachableNotes({ list, groups }: { list: TranslationList; groups: ReturnType<typeof offeredLanguages>['unreachable'] }) {
  const { t, i18n } = useTranslation();
  const names = useLanguageNames();
  if (groups.length === 0) return null;
  const inText = (code: string) => nameInText(names(code).name, i18n.language);
  const listed = (codes: string[]) => new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(codes.map(inText));
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2" data-testid="unreachable-languages">
      <p className="text-sm font-medium text-slate-700">{t('translation.unreachableTitle')}</p>
      {groups.map((g) => (
        <p key={g.code || g.reason} className="mt-1 text-xs text-slate-600" data-testid="unreachable-note" data-languages={g.languages.join(' ')}>
          {g.code ? t(`translation.unreachable.${g.code}`, { source: inText(list.primary_language), languages: listed(g.languages) }) : t('translation.unreachable.other', { languages: listed(g.languages), reason: g.reason })}
        </p>
      ))}
    </div>
  );
}

export function TranslateTab({
  projectId,
  list,
  canEdit,
  onStarted,
}: {
  projectId: string;
  list: TranslationList;
  canEdit: boolean;
  onStarted: (answer: TranslationList) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const names = useLanguageNames();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = translateOptions(list);
  const { offered, unreachable } = offeredLanguages(options);
  const targets = chosenTargets(options, selected);
  const primary = names(list.primary_language).name;

  const toggle = (language: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(language);
      else next.delete(language);
      return next;
    });

  const start = async () => {
    if (busy || targets.length === 0) return; // nothing chosen: nothing happens
    setBusy(true);
    setError(null);
    try {
      const answer = await startTranslations(projectId, targets);
      setSelected(new Set());
      onStarted(answer);
    } catch (err) {
      setError(failureText(err, t, 'translation.errors.start'));
    } finally {
      setBusy(false);
    }
  };

  if (offered.length === 0 && unreachable.length === 0) {
    return (
      <div className="space-y-3" data-testid="translate-tab">
        <p className="text-sm text-slate-700">{t('translation.noLanguages', { language: primary })}</p>
        <ButtonLink to="/billing" variant="secondary">
          {t('guard.upgrade')}
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="space-y-4" data-testid="translate-tab">
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      <p className="text-sm text-slate-600">{t('translation.contentLanguage', { language: primary })}</p>
      <fieldset>
        <legend className="text-sm font-medium text-slate-900">{t('translation.chooseLanguages')}</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {offered.map((option) => {
            const { name, native } = names(option.language);
            const inputId = `${id}-${option.language}`;
            const disabled = option.state !== 'selectable' || !canEdit || busy;
            return (
              <li
                key={option.language}
                data-testid="language-option"
                data-language={option.language}
                data-state={option.state}
                className={cx('rounded-md border px-3 py-2', option.state === 'selectable' ? 'border-slate-300 bg-white' : 'border-slate-200 bg-slate-50')}
              >
                <div className="flex items-center gap-2">
                  <input
                    id={inputId}
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                    checked={option.state === 'translated' || (option.state === 'selectable' && selected.has(option.language))}
                    disabled={disabled}
                    aria-describedby={`${inputId}-note`}
                    onChange={(e) => toggle(option.language, e.target.checked)}
                  />
                  <label htmlFor={inputId} className="flex-1 text-sm font-medium text-slate-900">
                    {name}
                    {native && <span className="ml-1 font-normal text-slate-500">({native})</span>}
                  </label>
                </div>
                <p id={`${inputId}-note`} className="mt-1 pl-6">
                  <OptionNote option={option} />
                </p>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <UnreachableNotes list={list} groups={unreachable} />
      {!canEdit && <p className="text-xs text-slate-500">{t('translation.readOnly')}</p>}
      <div className="flex items-center justify-between gap-2 border-t border-slate-200 pt-4">
        <span className="text-xs text-slate-500" aria-live="polite">
          {t('translation.selectedCount', { count: targets.length })}
        </span>
        <Button onClick={() => void start()} disabled={busy || targets.length === 0 || !canEdit}>
          {busy && <Spinner />}
          {busy ? t('translation.starting') : t('translation.start')}
        </Button>
      </div>
    </div>
  );
}
