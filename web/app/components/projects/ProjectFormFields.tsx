// Field groups shared by the create form and the edit dialog: output formats, font and image
// styles, burned-in subtitles (video formats only), branding. Options and defaults are those of part 1, section 9.
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_STYLES, IMAGE_STYLES } from '@trainwright/templates';
import { lowestTierWith } from '@trainwright/catalogue';
import type { User } from '~/lib/types';
import { DOCUMENT_FORMATS, VISUAL_FORMATS } from '~/lib/projects';
import { Field, cx, describedBy, inputClass } from '../ui';

export const DEFAULT_FONT_STYLE = 'modern';
export const DEFAULT_IMAGE_STYLE = 'professional';
export const DEFAULT_VISUAL_FORMAT = 'powerpoint';
export const DEFAULT_DOCUMENT_FORMAT = 'pdf';

export const selectClass =
  'block w-full rounded-md border-0 bg-white py-2 pl-3 pr-8 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600 disabled:bg-slate-50 disabled:text-slate-500';

/** A group of radio options shown as cards, with a legend (every option has its own label). */
export function RadioCards<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  columns = 3,
  note,
}: {
  legend: string;
  name: string;
  value: V;
  options: { value: V; label: string; description?: string; disabled?: boolean }[];
  onChange: (value: V) => void;
  columns?: 2 | 3;
  note?: ReactNode;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className={cx('mt-1 grid gap-2', columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2')}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const checked = value === option.value;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cx(
                'flex cursor-pointer items-start gap-2 rounded-md border px-3 py-2 text-sm',
                checked ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500' : 'border-slate-300 bg-white hover:bg-slate-50',
                option.disabled && 'cursor-not-allowed opacity-60 hover:bg-white',
              )}
            >
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                disabled={option.disabled}
                onChange={() => onChange(option.value)}
                className="mt-0.5 h-4 w-4 border-slate-300 text-indigo-600 focus:ring-indigo-600"
              />
              <span>
                <span className="block font-medium text-slate-900">{option.label}</span>
                {option.description && <span className="block text-xs text-slate-600">{option.description}</span>}
              </span>
            </label>
          );
        })}
      </div>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
    </fieldset>
  );
}

export function FormatFields({
  user,
  visualFormat,
  documentFormat,
  onVisualFormat,
  onDocumentFormat,
}: {
  user: User;
  visualFormat: string;
  documentFormat: string;
  onVisualFormat: (value: string) => void;
  onDocumentFormat: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const video = user.capabilities?.videoGeneration === true;
  const word = user.capabilities?.wordDocuments !== false;
  const videoTier = lowestTierWith('videoGeneration');
  const wordTier = lowestTierWith('wordDocuments');
  return (
    <div className="space-y-4">
      <RadioCards
        legend={t('projectForm.visualFormat')}
        name={`${id}-visual`}
        value={visualFormat}
        onChange={onVisualFormat}
        options={VISUAL_FORMATS.map((v) => ({
          value: v,
          label: t(`options.visualFormat.${v}`),
          disabled: v !== 'powerpoint' && !video,
        }))}
        note={!video ? t('projectForm.videoUnavailable', { plan: videoTier?.name ?? '' }) : undefined}
      />
      <div className="sm:w-1/2">
        <Field
          id={`${id}-document`}
          label={t('projectForm.documentFormat')}
          hint={!word ? t('projectForm.wordUnavailable', { plan: wordTier?.name ?? '' }) : undefined}
        >
          <select
            id={`${id}-document`}
            value={documentFormat}
            onChange={(e) => onDocumentFormat(e.target.value)}
            className={selectClass}
            {...describedBy(`${id}-document`, !word, undefined)}
          >
            {DOCUMENT_FORMATS.map((d) => (
              <option key={d} value={d} disabled={d === 'word' && !word}>
                {t(`options.documentFormat.${d}`)}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </div>
  );
}

export function StyleFields({
  fontStyle,
  imageStyle,
  onFontStyle,
  onImageStyle,
}: {
  fontStyle: string;
  imageStyle: string;
  onFontStyle: (value: string) => void;
  onImageStyle: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={`${id}-font`} label={t('projectForm.fontStyle')}>
        <select id={`${id}-font`} value={fontStyle} onChange={(e) => onFontStyle(e.target.value)} className={selectClass}>
          {FONT_STYLES.map((f) => (
            <option key={f} value={f}>
              {t(`options.fontStyle.${f}`)}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${id}-image`} label={t('projectForm.imageStyle')}>
        <select id={`${id}-image`} value={imageStyle} onChange={(e) => onImageStyle(e.target.value)} className={selectClass}>
          {IMAGE_STYLES.map((s) => (
            <option key={s} value={s}>
              {t(`options.imageStyle.${s}`)}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

/** For the video formats: burn the subtitles into the picture (they are always a selectable track). */
export function BurnSubtitlesField({ checked, onChange }: { checked: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={`${id}-burn`}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={`${id}-burn-hint`}
        className="mt-0.5 h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
      />
      <div className="text-sm">
        <label htmlFor={`${id}-burn`} className="font-medium text-slate-700">
          {t('projectForm.burnSubtitles')}
        </label>
        <p id={`${id}-burn-hint`} className="text-xs text-slate-500">
          {t('projectForm.burnSubtitlesHint')}
        </p>
      </div>
    </div>
  );
}

export interface BrandingDraft {
  include: boolean;
  company_name: string;
  logo_url: string;
  website: string;
}

export type BrandingErrors = Partial<Record<'company_name' | 'logo_url' | 'website', string>>;

export function BrandingFields({
  value,
  onChange,
  errors = {},
}: {
  value: BrandingDraft;
  onChange: (value: BrandingDraft) => void;
  errors?: BrandingErrors;
}) {
  const { t } = useTranslation();
  const id = useId();
  const set = (change: Partial<BrandingDraft>) => onChange({ ...value, ...change });
  const input = (name: 'company_name' | 'logo_url' | 'website', label: string, type: string, hint?: string) => {
    const fieldId = `${id}-${name}`;
    return (
      <Field id={fieldId} label={label} hint={hint} error={errors[name]}>
        <input
          id={fieldId}
          type={type}
          value={value[name]}
          placeholder={type === 'url' ? 'https://' : undefined}
          onChange={(e) => set({ [name]: e.target.value })}
          className={inputClass}
          {...describedBy(fieldId, hint, errors[name])}
        />
      </Field>
    );
  };
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-700">{t('projectForm.branding')}</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700" htmlFor={`${id}-include`}>
        <input
          id={`${id}-include`}
          type="checkbox"
          checked={value.include}
          onChange={(e) => set({ include: e.target.checked })}
          className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        />
        {t('projectForm.includeBranding')}
      </label>
      {value.include && (
        <div className="grid gap-3 sm:grid-cols-3">
          {input('company_name', t('projectForm.companyName'), 'text')}
          {input('logo_url', t('projectForm.logoUrl'), 'url', t('projectForm.optional'))}
          {input('website', t('projectForm.website'), 'url', t('projectForm.optional'))}
        </div>
      )}
    </fieldset>
  );
}
