// The template creator: a company's own template (name, category, difficulty, slides, the five
// colours, layout, font style, sections and features one per line), posted to the /templates
// route's action (POST /api/templates) from wherever the marketplace is open. The server validates
// (validateCustomTemplate); its field errors from `detail` are shown under the fields. A live
// thumbnail uses the same preview code as the catalogue.
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useFetcher } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import {
  COLOR_KEYS,
  contrastRatio,
  DIFFICULTIES,
  FONT_STYLES,
  LAYOUTS,
  TEMPLATE_CATEGORIES,
  templatePreviewDataUri,
  type ColorScheme,
  type Difficulty,
  type FontStyle,
  type Layout,
  type TemplateCategory,
} from '@trainwright/templates';
import { failureError } from '~/lib/action-failure';
import { ApiError } from '~/lib/api';
import { errorText } from '~/lib/errors';
import { useActionAnswer } from '~/lib/server-data';
import { fieldErrorsOf, templateFieldOfPath as fieldOfPath, type MarketplaceTemplate, type TemplateFormField as FieldName, type TemplateRequest } from '~/lib/templates';
import type { TemplateAnswer } from '~/routes/templates';
import { Modal } from '../Modal';
import { selectClass } from '../projects/ProjectFormFields';
import { Button, ErrorBox, Field, Spinner, describedBy, inputClass } from '../ui';

interface Draft {
  name: string;
  category: TemplateCategory;
  difficulty: Difficulty;
  slides: string;
  colorScheme: ColorScheme;
  layout: Layout;
  fontStyle: FontStyle;
  sections: string;
  features: string;
}

const INITIAL: Draft = {
  name: '',
  category: 'Business',
  difficulty: 'Beginner',
  slides: '10',
  colorScheme: { primary: '#1e40af', secondary: '#dbeafe', accent: '#f59e0b', background: '#ffffff', text: '#0f172a' },
  layout: 'title-content',
  fontStyle: 'professional',
  sections: '',
  features: '',
};

const lines = (text: string) =>
  text
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export function TemplateCreator({ onClose, onCreated }: { onClose: () => void; onCreated: (template: MarketplaceTemplate) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(INITIAL);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const fetcher = useFetcher<TemplateAnswer>();
  const busy = fetcher.state !== 'idle';

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const preview = useMemo(
    () => templatePreviewDataUri({ name: draft.name.trim() || t('templateCreator.previewName'), colorScheme: draft.colorScheme, layout: draft.layout }),
    [draft.name, draft.colorScheme, draft.layout, t],
  );
  const textContrast = contrastRatio(draft.colorScheme.text, draft.colorScheme.background);
  const primaryContrast = contrastRatio(draft.colorScheme.primary, draft.colorScheme.background);

  useActionAnswer(fetcher, (answer) => {
    if (answer.ok) {
      onCreated(answer.template);
      return;
    }
    const err = failureError(answer.failure);
    const fieldErrors = err instanceof ApiError ? fieldErrorsOf(err.detail) : [];
    const mapped: Partial<Record<FieldName, string>> = {};
    const unmapped: string[] = [];
    for (const fe of fieldErrors) {
      const field = fieldOfPath(fe.field);
      if (field && !mapped[field]) mapped[field] = fe.message;
      else if (!field) unmapped.push(fe.message);
    }
    setErrors(mapped);
    if (Object.keys(mapped).length === 0 || unmapped.length > 0) {
      setError(unmapped.length > 0 ? unmapped.join(' ') : errorText(err, t, 'templateCreator.failed'));
    }
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const found: Partial<Record<FieldName, string>> = {};
    const slides = Number(draft.slides);
    if (!draft.name.trim()) found.name = t('templateCreator.nameRequired');
    if (!Number.isInteger(slides) || slides < 1 || slides > 200) found.slides = t('templateCreator.slidesRange');
    if (lines(draft.sections).length === 0) found.sections = t('templateCreator.sectionsRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const request: TemplateRequest = {
      intent: 'create',
      template: {
        name: draft.name.trim(),
        category: draft.category,
        difficulty: draft.difficulty,
        slides,
        colorScheme: draft.colorScheme,
        layout: draft.layout,
        fontStyle: draft.fontStyle,
        features: lines(draft.features),
        content: { sections: lines(draft.sections) },
      },
    };
    fetcher.submit(request as never, { method: 'post', action: '/templates', encType: 'application/json' });
  };

  const fieldId = (name: string) => `${id}-${name}`;
  const select = <V extends string>(name: FieldName, label: string, value: V, options: readonly V[], onChange: (v: V) => void, labelOf: (v: V) => string) => (
    <Field id={fieldId(name)} label={label} error={errors[name]}>
      <select id={fieldId(name)} value={value} onChange={(e) => onChange(e.target.value as V)} className={selectClass} {...describedBy(fieldId(name), undefined, errors[name])}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labelOf(o)}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <Modal open onClose={onClose} title={t('templateCreator.title')} description={t('templateCreator.text')} size="lg">
      <form noValidate onSubmit={submit} className="space-y-4">
        {error && <ErrorBox takeFocus>{error}</ErrorBox>}
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
          <div className="space-y-4">
            <Field id={fieldId('name')} label={t('templateCreator.name')} error={errors.name}>
              <input
                id={fieldId('name')}
                value={draft.name}
                maxLength={80}
                onChange={(e) => set('name', e.target.value)}
                className={inputClass}
                {...describedBy(fieldId('name'), undefined, errors.name)}
              />
            </Field>
            <div className="grid gap-3 sm:grid-cols-3">
              {select('category', t('templateCreator.category'), draft.category, TEMPLATE_CATEGORIES, (v) => set('category', v), (v) => t(`templates.categories.${v}`))}
              {select('difficulty', t('templateCreator.difficulty'), draft.difficulty, DIFFICULTIES, (v) => set('difficulty', v), (v) => t(`templates.levels.${v}`))}
              <Field id={fieldId('slides')} label={t('templateCreator.slides')} error={errors.slides}>
                <input
                  id={fieldId('slides')}
                  type="number"
                  min={1}
                  max={200}
                  step={1}
                  value={draft.slides}
                  onChange={(e) => set('slides', e.target.value)}
                  className={inputClass}
                  {...describedBy(fieldId('slides'), undefined, errors.slides)}
                />
              </Field>
            </div>
          </div>
          <div>
            <p className="text-sm font-medium text-slate-700">{t('templateCreator.preview')}</p>
            <img src={preview} alt={t('templates.previewAlt', { name: draft.name || t('templateCreator.previewName') })} className="mt-1 aspect-video w-full rounded-md border border-slate-200" />
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-slate-700">{t('templateCreator.colors')}</legend>
          <div className="mt-1 grid grid-cols-2 gap-3 sm:grid-cols-5">
            {COLOR_KEYS.map((key) => (
              <div key={key}>
                <label htmlFor={fieldId(key)} className="block text-xs text-slate-600">
                  {t(`templateCreator.color.${key}`)}
                </label>
                <input
                  id={fieldId(key)}
                  type="color"
                  value={draft.colorScheme[key]}
                  onChange={(e) => set('colorScheme', { ...draft.colorScheme, [key]: e.target.value })}
                  className="mt-1 h-9 w-full cursor-pointer rounded border border-slate-300 bg-white p-0.5"
                  {...describedBy(fieldId(key), undefined, errors[key])}
                />
                {errors[key] && (
                  <p id={`${fieldId(key)}-error`} className="mt-1 text-xs text-red-600">
                    {errors[key]}
                  </p>
                )}
              </div>
            ))}
          </div>
          {(textContrast < 4.5 || primaryContrast < 3) && (
            <p className="mt-2 text-xs text-amber-700" role="status">
              {textContrast < 4.5
                ? t('templateCreator.lowTextContrast', { ratio: textContrast.toFixed(1) })
                : t('templateCreator.lowPrimaryContrast', { ratio: primaryContrast.toFixed(1) })}
            </p>
          )}
        </fieldset>

        <div className="grid gap-3 sm:grid-cols-2">
          {select('layout', t('templateCreator.layout'), draft.layout, LAYOUTS, (v) => set('layout', v), (v) => t(`templateCreator.layouts.${v}`))}
          {select('fontStyle', t('projectForm.fontStyle'), draft.fontStyle, FONT_STYLES, (v) => set('fontStyle', v), (v) => t(`options.fontStyle.${v}`))}
        </div>

        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={fieldId('sections')} label={t('templateCreator.sections')} hint={t('templateCreator.onePerLine')} error={errors.sections}>
            <textarea
              id={fieldId('sections')}
              rows={6}
              value={draft.sections}
              onChange={(e) => set('sections', e.target.value)}
              className={inputClass}
              {...describedBy(fieldId('sections'), true, errors.sections)}
            />
          </Field>
          <Field id={fieldId('features')} label={t('templateCreator.features')} hint={t('templateCreator.onePerLineOptional')} error={errors.features}>
            <textarea
              id={fieldId('features')}
              rows={6}
              value={draft.features}
              onChange={(e) => set('features', e.target.value)}
              className={inputClass}
              {...describedBy(fieldId('features'), true, errors.features)}
            />
          </Field>
        </div>

        <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {busy && <Spinner />}
            {busy ? t('templateCreator.creating') : t('templateCreator.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
