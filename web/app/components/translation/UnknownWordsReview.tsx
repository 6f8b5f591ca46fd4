// The review of a translation's unknown words (Manage Languages): each word the engine left
// untranslated, with a one-click glossary entry for the company (its translation typed beside it,
// empty keeps the word as written) and, once terms are added, 'Translate again' to apply them. A
// word of a pivot language cannot be taught through the glossary (it applies to the source text):
// it says to fix the slide by hand. A word is added through the glossary page's action.
import { useId, useRef, useState } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { failureError } from '~/lib/action-failure';
import type { GlossaryRequest } from '~/lib/glossary';
import type { GlossaryAnswer } from '~/routes/glossary';
import { failureText, glossaryEntryFor, nameInText, startTranslations, type TranslationSummary, type UnknownWord } from '~/lib/translations';
import { useActionAnswer } from '~/lib/server-data';
import { useLanguageNames } from '~/lib/useTranslations';
import { useWorkspace } from '../projects/workspace-context';
import { Button, Spinner, inputClass } from '../ui';

/** The glossary action's request that adds the term for an unknown word. */
export function unknownWordRequest(summary: Pick<TranslationSummary, 'company_id' | 'source_language' | 'target_language'>, word: UnknownWord, translation: string): GlossaryRequest {
  const entry = glossaryEntryFor(summary, word, translation);
  if (!entry) throw new Error(`"${word.word}" is not in the source language`);
  return { intent: 'create', companyId: summary.company_id, draft: entry };
}

export function UnknownWordsReview({
  projectId,
  translation,
  canEdit,
  onChanged,
}: {
  projectId: string;
  translation: TranslationSummary;
  canEdit: boolean;
  /** A translation started again: the dialog reloads its list. */
  onChanged: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { notify } = useWorkspace();
  const names = useLanguageNames();
  const id = useId();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fetcher = useFetcher<GlossaryAnswer>();
  const adding = useRef<string | null>(null);
  const add = (word: UnknownWord) => {
    setBusy(word.word);
    setError(null);
    adding.current = word.word;
    fetcher.submit(unknownWordRequest(translation, word, drafts[word.word] ?? '') as never, { method: 'post', action: '/glossary', encType: 'application/json' });
  };
  useActionAnswer(fetcher, (answer) => {
    const word = adding.current;
    if (word === null) return;
    adding.current = null;
    setBusy(null);
    if (!answer.ok) {
      setError(failureText(failureError(answer.failure), t, 'translation.review.addFailed'));
      return;
    }
    setAdded((current) => new Set([...current, word]));
    notify(t('translation.review.addedToast', { term: answer.term }));
  });
  const words = translation.unknown_words ?? [];
  if (words.length === 0) return null;
  const language = names(translation.target_language).name;

  const again = async () => {
    setBusy('again');
    setError(null);
    try {
      await startTranslations(projectId, [translation.target_language]);
      notify(t('translation.review.retranslated', { language }));
      onChanged();
    } catch (err) {
      setError(failureText(err, t, 'translation.review.retranslateFailed'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2" aria-labelledby={`${id}-title`} data-testid="unknown-words">
      <h4 id={`${id}-title`} className="text-xs font-semibold text-amber-900">
        {t('translation.review.title')}
      </h4>
      <p className="mt-0.5 text-xs text-amber-900">{t('translation.review.intro')}</p>
      {error && (
        <p className="mt-1 text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
      <ul className="mt-2 space-y-1.5">
        {words.map((word) => {
          const inputId = `${id}-${word.language}-${word.word}`;
          const teachable = glossaryEntryFor(translation, word) !== null;
          const done = added.has(word.word);
          return (
            <li key={`${word.language}:${word.word}`} className="flex flex-wrap items-center gap-2 text-xs" data-testid="unknown-word" data-word={word.word}>
              <span className="font-medium text-slate-900" lang={word.language}>
                {word.word}
              </span>
              {!teachable ? (
                <span className="text-slate-600">{t('translation.review.pivotWord', { language: nameInText(names(word.language).name, i18n.language) })}</span>
              ) : done ? (
                <span className="text-green-700">{t('translation.review.added')}</span>
              ) : canEdit ? (
                <>
                  <label htmlFor={inputId} className="sr-only">
                    {t('translation.review.translationLabel', { word: word.word })}
                  </label>
                  <input
                    id={inputId}
                    className={`${inputClass} w-40 py-1 text-xs`}
                    value={drafts[word.word] ?? ''}
                    placeholder={t('translation.review.translationHint')}
                    title={t('translation.review.translationHint')}
                    onChange={(e) => setDrafts((d) => ({ ...d, [word.word]: e.target.value }))}
                  />
                  <Button size="sm" variant="secondary" disabled={busy !== null} onClick={() => add(word)} aria-label={t('translation.review.addNamed', { word: word.word })}>
                    {busy === word.word && <Spinner />}
                    {t('translation.review.add')}
                  </Button>
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
      {canEdit && added.size > 0 && (
        <Button size="sm" className="mt-2" disabled={busy !== null} onClick={() => void again()} aria-label={t('translation.review.retranslateNamed', { language })}>
          {busy === 'again' && <Spinner />}
          {t('translation.review.retranslate')}
        </Button>
      )}
    </section>
  );
}
