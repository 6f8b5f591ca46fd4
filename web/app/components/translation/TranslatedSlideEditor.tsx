// Editing one slide of a translation by hand: the translated slides (GET the translation, its
// slides that render, parsed with parseSlideText) as a list; the chosen slide's title, points (one per
// line) and speaker notes; Save sends PATCH .../slides/{index} with the version it was loaded at.
// A 409 means someone else changed the translation meanwhile: the dialog says so and loads it again.
import { useCallback, useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseSlideText } from '@trainwright/formats';
import {
  failureText,
  fetchTranslation,
  isConflict,
  renderedSlides,
  saveTranslatedSlide,
  slideDraftOf,
  slideEditOf,
  type SlideDraft,
  type TranslationDetail,
} from '~/lib/translations';
import { useLanguageNames } from '~/lib/useTranslations';
import { useWorkspace } from '../projects/workspace-context';
import { Button, ErrorBox, Field, FormActions, LoadingLine, cx, inputClass } from '../ui';

export function TranslatedSlideEditor({
  projectId,
  language,
  canEdit,
  onBack,
}: {
  projectId: string;
  language: string;
  canEdit: boolean;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { notify } = useWorkspace();
  const id = useId();
  const languageLabel = useLanguageNames()(language).name;
  const [detail, setDetail] = useState<TranslationDetail | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [index, setIndex] = useState<number | null>(null);
  const [draft, setDraft] = useState<SlideDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setLoadError(null);
      try {
        setDetail(await fetchTranslation(projectId, language, signal));
      } catch (err) {
        if (!signal?.aborted) setLoadError(err);
      }
    },
    [projectId, language],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const slides = useMemo(() => (detail ? parseSlideText(renderedSlides(detail)).slides : []), [detail]);

  // The chosen slide's fields follow the loaded translation (again after a conflict's reload).
  useEffect(() => {
    const slide = index === null ? undefined : slides[index];
    setDraft(slide ? slideDraftOf(slide) : null);
  }, [slides, index]);

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!detail || !draft || index === null || saving) return;
    setSaving(true);
    setError(null);
    try {
      const saved = await saveTranslatedSlide(projectId, language, index, slideEditOf(draft, detail.summary.version));
      setDetail(saved);
      notify(t('translation.slides.saved', { number: index + 1, language: languageLabel }));
    } catch (err) {
      if (isConflict(err)) {
        setError(t('translation.slides.conflict'));
        await load();
      } else {
        setError(failureText(err, t, 'translation.slides.saveFailed'));
      }
    } finally {
      setSaving(false);
    }
  };

  const set = (key: keyof SlideDraft, value: string) => setDraft((d) => (d ? { ...d, [key]: value } : d));

  return (
    <div className="space-y-4" data-testid="translated-slides">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('translation.slides.title', { language: languageLabel })}</h3>
        <Button size="sm" variant="ghost" onClick={onBack}>
          {t('translation.slides.back')}
        </Button>
      </div>
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      {loadError != null ? (
        <ErrorBox onRetry={() => void load()} retryLabel={t('common.retry')}>
          {failureText(loadError, t, 'translation.slides.loadFailed')}
        </ErrorBox>
      ) : !detail ? (
        <LoadingLine />
      ) : slides.length === 0 ? (
        <p className="text-sm text-slate-600">{t('translation.slides.none')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-[14rem_1fr]">
          <ol className="max-h-96 space-y-1 overflow-y-auto" aria-label={t('translation.slides.listLabel')}>
            {slides.map((slide, position) => (
              <li key={position}>
                <button
                  type="button"
                  aria-current={position === index ? 'true' : undefined}
                  onClick={() => {
                    setError(null);
                    setIndex(position);
                  }}
                  className={cx(
                    'w-full truncate rounded-md px-2 py-1.5 text-left text-sm',
                    position === index ? 'bg-indigo-50 font-medium text-indigo-700' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {t('translation.slides.item', { number: position + 1, title: slide.title || t('translation.slides.untitled') })}
                </button>
              </li>
            ))}
          </ol>
          {draft && index !== null ? (
            <form noValidate onSubmit={(e) => void save(e)} className="space-y-3" aria-label={t('translation.slides.formLabel', { number: index + 1 })}>
              <Field id={`${id}-title`} label={t('translation.slides.slideTitle')}>
                <input id={`${id}-title`} value={draft.title} readOnly={!canEdit} onChange={(e) => set('title', e.target.value)} className={inputClass} />
              </Field>
              <Field id={`${id}-points`} label={t('translation.slides.points')} hint={t('translation.slides.pointsHint')}>
                <textarea id={`${id}-points`} rows={5} value={draft.points} readOnly={!canEdit} onChange={(e) => set('points', e.target.value)} className={inputClass} />
              </Field>
              <Field id={`${id}-notes`} label={t('translation.slides.notes')}>
                <textarea id={`${id}-notes`} rows={4} value={draft.notes} readOnly={!canEdit} onChange={(e) => set('notes', e.target.value)} className={inputClass} />
              </Field>
              {canEdit && <FormActions saving={saving} onCancel={() => setIndex(null)} />}
            </form>
          ) : (
            <p className="text-sm text-slate-500">{t('translation.slides.choose')}</p>
          )}
        </div>
      )}
    </div>
  );
}
