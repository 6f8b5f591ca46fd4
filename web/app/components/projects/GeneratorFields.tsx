// The create form's fields for the AI content generator (part 1, sections 3, 5 and 9): the method
// picker (methods outside the user's plan are locked and name the plan that has them) and the
// fields of each method, with the catalogue's option lists and defaults (lib/ai.ts). Uploads are
// chosen here and sent with the create call, with the bytes sent shown while it runs.
import { useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import {
  ASSESSMENT_TYPES,
  AUDIENCES,
  COMPLEXITY_LEVELS,
  CONTENT_LENGTH_MINUTES,
  CONTENT_LENGTHS,
  DIFFICULTY_LEVELS,
  INDUSTRIES,
  MODULE_COUNTS,
  OUTPUT_FORMATS,
  QUESTION_COUNTS,
  SKILL_LEVELS_START,
  SKILL_LEVELS_TARGET,
  WRITING_STYLES,
  maxUploadBytes,
  type GeneratorType,
} from '@trainwright/catalogue';
import { generatorMethodOptions, generatorUploadRule, type GeneratorDrafts, type SourceMode } from '~/lib/ai';
import { planName } from '~/lib/format';
import { topicQuery } from '~/lib/library';
import { formatBytes, precheckFile } from '~/lib/uploads';
import { LibraryUseField, type LibraryChoice } from '../library/LibraryUseField';
import { Field, describedBy, inputClass } from '../ui';
import { ChosenFile, DropZone, UploadProgress, usePrecheckText } from './FileUpload';
import { RadioCards, selectClass } from './ProjectFormFields';

/** Field -> message, already in the interface language. */
export type GeneratorErrors = Record<string, string>;

export interface GeneratorFieldsProps {
  /** The methods of the user's plan (aiGeneratorMethods). */
  allowedMethods: readonly string[];
  planLimitMB: number | null | undefined;
  method: GeneratorType;
  onMethod: (method: GeneratorType) => void;
  drafts: GeneratorDrafts;
  onDraft: <K extends GeneratorType>(method: K, change: Partial<GeneratorDrafts[K]>) => void;
  sourceMode: SourceMode;
  onSourceMode: (mode: SourceMode) => void;
  file: File | null;
  onFile: (file: File | null) => void;
  errors: GeneratorErrors;
  /** Whether topics and learning paths are built from the company library (absent: not offered). */
  library?: LibraryChoice;
  /** Bytes sent while the create call uploads the file. */
  progress: { sent: number; total: number } | null;
  busy: boolean;
}

/** One checkbox: a flag of the draft, or one entry of a list (the assessment types). */
interface CheckboxItem {
  /** Names the checkbox's id, as the draft key or the list entry. */
  name: string;
  label: string;
  value: boolean;
  onChange: (checked: boolean) => void;
}

function Checkboxes({ legend, items, error }: { legend: string; items: CheckboxItem[]; error?: string | undefined }) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <label key={item.name} htmlFor={`${id}-${item.name}`} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              id={`${id}-${item.name}`}
              type="checkbox"
              checked={item.value}
              onChange={(e) => item.onChange(e.target.checked)}
              className="h-4 w-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
            />
            {item.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function SelectField<V extends string | number>({
  id,
  name,
  label,
  value,
  options,
  onChange,
  error,
}: {
  id: string;
  /** The request_data field, for focusing the first error. */
  name: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  error?: string | undefined;
}) {
  return (
    <div data-field={name}>
      <Field id={id} label={label} error={error}>
        <select
          id={id}
          value={String(value)}
          onChange={(e) => {
            const chosen = options.find((o) => String(o.value) === e.target.value);
            if (chosen) onChange(chosen.value);
          }}
          className={selectClass}
          {...describedBy(id, undefined, error)}
        >
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}

function TextField({
  id,
  name,
  label,
  value,
  onChange,
  hint,
  error,
  rows,
  type = 'text',
  placeholder,
  maxLength,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string | undefined;
  error?: string | undefined;
  rows?: number;
  type?: 'text' | 'url';
  placeholder?: string;
  maxLength?: number;
}) {
  // The textarea (rows) and the input (type) share the rest.
  const control = {
    value,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(e.target.value),
    placeholder,
    maxLength,
    className: inputClass,
    ...describedBy(id, hint, error),
  };
  return (
    <div data-field={name}>
      <Field id={id} label={label} hint={hint} error={error}>
        {rows ? <textarea id={id} rows={rows} {...control} /> : <input id={id} type={type} {...control} />}
      </Field>
    </div>
  );
}

/** One file for the create call: checked like the server does, shown with its size and a remove
 * button, and with the bytes sent while the call runs. */
function GeneratorFilePicker({
  id,
  label,
  method,
  planLimitMB,
  file,
  onFile,
  error,
  progress,
  busy,
}: {
  id: string;
  label: string;
  method: GeneratorType;
  planLimitMB: number | null | undefined;
  file: File | null;
  onFile: (file: File | null) => void;
  error?: string | undefined;
  progress: { sent: number; total: number } | null;
  busy: boolean;
}) {
  const { t, i18n } = useTranslation();
  const precheckText = usePrecheckText();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = generatorUploadRule(method);
  if (!upload) return null;
  const choose = (files: File[]) => {
    const chosen = files[0]!;
    const found = precheckFile(chosen, upload.rule, planLimitMB);
    setProblem(found ? precheckText(found) : null);
    onFile(found ? null : chosen);
  };
  return (
    <div data-field="file">
      <DropZone
        id={id}
        label={label}
        extensions={upload.rule.extensions}
        maxBytes={maxUploadBytes(upload.rule, planLimitMB)}
        error={problem ?? error}
        disabled={busy}
        onFiles={choose}
      />
      {file && (
        <ChosenFile
          testId="generator-file"
          text={t('aiGenerator.chosenFile', { name: file.name, size: formatBytes(file.size, i18n.language) })}
          removeLabel={t('aiGenerator.removeFile', { name: file.name })}
          busy={busy}
          onRemove={() => onFile(null)}
        >
          {progress ? (
            <UploadProgress label={t('aiGenerator.uploading', { name: file.name })} sent={progress.sent} total={progress.total} />
          ) : (
            <p className="mt-1 text-xs text-slate-500">{t('aiGenerator.sentOnCreate')}</p>
          )}
        </ChosenFile>
      )}
    </div>
  );
}

/** What ties a field to one key of a draft: its id, its request_data name, value, change and error. */
interface DraftFieldProps<V, N extends string = string> {
  id: string;
  name: N;
  value: V;
  onChange: (value: V) => void;
  error: string | undefined;
}

/**
 * One method's draft as its fields use it. `field` is generic in the key, so each value type is
 * checked where the field is used: a select's options must be the key's values, a text field's
 * key must take any string, a checkbox's key must be a flag.
 */
interface DraftBinding<T> {
  draft: T;
  field: <K extends keyof T & string>(name: K) => DraftFieldProps<T[K], K>;
  setField: <K extends keyof T>(name: K, value: T[K]) => void;
}

function bindDraft<T>(draft: T, set: (change: Partial<T>) => void, errors: GeneratorErrors, fid: (name: string) => string): DraftBinding<T> {
  const setField = <K extends keyof T>(name: K, value: T[K]) => {
    const change: Partial<T> = {};
    change[name] = value;
    set(change);
  };
  return {
    draft,
    field: (name) => ({ id: fid(name), name, value: draft[name], onChange: (value) => setField(name, value), error: errors[name] }),
    setField,
  };
}

export function GeneratorFields(props: GeneratorFieldsProps) {
  const { t } = useTranslation();
  const id = useId();
  const { method, drafts, onDraft, errors } = props;
  const fid = (name: string) => `${id}-${name}`;
  const options = generatorMethodOptions(props.allowedMethods);
  const anyLocked = options.some((o) => !o.available);

  const choices = <V extends string>(values: readonly V[], group: string) =>
    values.map((value) => ({ value, label: t(`aiGenerator.choices.${group}.${value}`) }));
  const lengths = CONTENT_LENGTHS.map((value) => ({
    value,
    label: t('aiGenerator.minutes', { label: t(`aiGenerator.choices.length.${value}`), ...CONTENT_LENGTH_MINUTES[value] }),
  }));
  const numbers = <V extends number>(values: readonly V[]) => values.map((value) => ({ value, label: String(value) }));

  const filePicker = (label: string) => (
    <GeneratorFilePicker
      key={method}
      id={fid(`file-${method}`)}
      label={label}
      method={method}
      planLimitMB={props.planLimitMB}
      file={props.file}
      onFile={props.onFile}
      error={errors.file}
      progress={props.progress}
      busy={props.busy}
    />
  );

  /** Upload OR paste (assessment and refresh); either source's error shows in whichever mode is on. */
  const sourceFields = (fileLabel: string, text: DraftFieldProps<string, 'content_source' | 'existing_content'>, textLabel: string) => (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4" data-field={text.name}>
      <RadioCards
        legend={t('aiGenerator.source')}
        name={fid('source')}
        value={props.sourceMode}
        columns={2}
        onChange={props.onSourceMode}
        options={[
          { value: 'file', label: t('aiGenerator.sourceFile') },
          { value: 'text', label: t('aiGenerator.sourceText') },
        ]}
      />
      {props.sourceMode === 'file' ? (
        <>
          {filePicker(fileLabel)}
          {!errors.file && text.error && (
            <p className="text-xs text-red-600" role="alert">
              {text.error}
            </p>
          )}
        </>
      ) : (
        <TextField {...text} label={textLabel} rows={8} error={text.error ?? errors.file} />
      )}
    </div>
  );

  /** 'Use my company library' for a topic, with the passages it finds for `query`. */
  const libraryField = (topic: string, query: string) => props.library && <LibraryUseField choice={props.library} topic={topic} query={query} />;

  /** A method's on/off options, each a flag of its draft: `{ ...field(key), label }` (the group makes its own ids). */
  const optionChecks = (items: CheckboxItem[]) => <Checkboxes legend={t('aiGenerator.options')} items={items} />;

  // One renderer per method (the mapped type makes all six required); only the shown one runs.
  const methodFields: { [M in GeneratorType]: (binding: DraftBinding<GeneratorDrafts[M]>) => ReactNode } = {
    topic_to_content: ({ draft, field }) => (
      <>
        <TextField {...field('topic')} label={t('aiGenerator.topic')} placeholder={t('aiGenerator.topicPlaceholder')} maxLength={200} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...field('subtopics')} label={t('aiGenerator.subtopics')} rows={4} hint={t('aiGenerator.onePerLine')} />
          <TextField {...field('learning_objectives')} label={t('aiGenerator.learningObjectives')} rows={4} hint={t('aiGenerator.onePerLine')} />
        </div>
        {libraryField(draft.topic, topicQuery(draft.topic, draft.subtopics))}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField {...field('length')} label={t('aiGenerator.length')} options={lengths} />
          <SelectField {...field('format')} label={t('aiGenerator.format')} options={choices(OUTPUT_FORMATS, 'format')} />
          <SelectField {...field('writing_style')} label={t('aiGenerator.writingStyle')} options={choices(WRITING_STYLES, 'writingStyle')} />
          <SelectField {...field('target_audience')} label={t('aiGenerator.audience')} options={choices(AUDIENCES, 'audience')} />
          <SelectField {...field('industry_domain')} label={t('aiGenerator.industry')} options={choices(INDUSTRIES, 'industry')} />
          <SelectField {...field('complexity_level')} label={t('aiGenerator.complexity')} options={choices(COMPLEXITY_LEVELS, 'level')} />
        </div>
        {optionChecks([
          { ...field('include_examples'), label: t('aiGenerator.includeExamples') },
          { ...field('include_visuals'), label: t('aiGenerator.includeVisuals') },
          { ...field('include_assessments'), label: t('aiGenerator.includeAssessments') },
          { ...field('exclude_ai_phrases'), label: t('aiGenerator.excludeAiPhrases') },
        ])}
        <TextField {...field('company_context')} label={t('aiGenerator.companyContext')} rows={3} maxLength={5000} hint={t('aiGenerator.companyContextHint')} />
        <TextField {...field('brand_voice')} label={t('aiGenerator.brandVoice')} maxLength={200} hint={t('aiGenerator.brandVoiceHint')} />
      </>
    ),
    url_content: ({ field }) => (
      <>
        <TextField {...field('url')} type="url" label={t('aiGenerator.url')} placeholder="https://" maxLength={2048} hint={t('aiGenerator.urlHint')} />
        <TextField {...field('content_focus')} label={t('aiGenerator.contentFocus')} rows={3} maxLength={5000} hint={t('aiGenerator.contentFocusHint')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField {...field('transform_to')} label={t('aiGenerator.transformTo')} options={choices(OUTPUT_FORMATS, 'format')} />
          <SelectField {...field('target_length')} label={t('aiGenerator.targetLength')} options={lengths} />
          <SelectField {...field('writing_style')} label={t('aiGenerator.writingStyle')} options={choices(WRITING_STYLES, 'writingStyle')} />
          <SelectField {...field('target_audience')} label={t('aiGenerator.audience')} options={choices(AUDIENCES, 'audience')} />
        </div>
      </>
    ),
    document_analysis: ({ field }) => (
      <>
        {filePicker(t('aiGenerator.document'))}
        <TextField {...field('analysis_focus')} label={t('aiGenerator.analysisFocus')} rows={3} maxLength={5000} hint={t('aiGenerator.analysisFocusHint')} />
        <div className="sm:w-1/2">
          <SelectField {...field('analysis_output')} label={t('aiGenerator.analysisOutput')} options={choices(OUTPUT_FORMATS, 'format')} />
        </div>
        {optionChecks([
          { ...field('extract_tables'), label: t('aiGenerator.extractTables') },
          { ...field('extract_images'), label: t('aiGenerator.extractImages') },
          { ...field('create_glossary'), label: t('aiGenerator.createGlossary') },
        ])}
      </>
    ),
    assessment_generator: ({ draft, field, setField }) => {
      // The request has the types as a list (in the catalogue's order); the form, one checkbox each.
      const typeChecks = ASSESSMENT_TYPES.map((type) => ({
        name: type,
        label: t(`aiGenerator.choices.assessmentType.${type}`),
        value: draft.assessment_types.includes(type),
        onChange: (checked: boolean) =>
          setField('assessment_types', ASSESSMENT_TYPES.filter((other) => (other === type ? checked : draft.assessment_types.includes(other)))),
      }));
      return (
        <>
          {sourceFields(t('aiGenerator.sourceDocument'), field('content_source'), t('aiGenerator.contentSource'))}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField {...field('question_count')} label={t('aiGenerator.questionCount')} options={numbers(QUESTION_COUNTS)} />
            <SelectField {...field('difficulty_level')} label={t('aiGenerator.difficulty')} options={choices(DIFFICULTY_LEVELS, 'level')} />
          </div>
          <div data-field="assessment_types">
            <Checkboxes legend={t('aiGenerator.assessmentTypes')} items={typeChecks} error={errors.assessment_types} />
          </div>
          {optionChecks([
            { ...field('include_explanations'), label: t('aiGenerator.includeExplanations') },
            { ...field('scenario_based'), label: t('aiGenerator.scenarioBased') },
          ])}
        </>
      );
    },
    content_refresh: ({ field }) => (
      <>
        {sourceFields(t('aiGenerator.existingFile'), field('existing_content'), t('aiGenerator.existingContent'))}
        <TextField {...field('content_age')} label={t('aiGenerator.contentAge')} maxLength={200} hint={t('aiGenerator.contentAgeHint')} />
        {optionChecks([
          { ...field('modernize_language'), label: t('aiGenerator.modernizeLanguage') },
          { ...field('update_examples'), label: t('aiGenerator.updateExamples') },
          { ...field('improve_engagement'), label: t('aiGenerator.improveEngagement') },
          { ...field('maintain_core_concepts'), label: t('aiGenerator.maintainCoreConcepts') },
          { ...field('industry_updates'), label: t('aiGenerator.industryUpdates') },
        ])}
      </>
    ),
    learning_path: ({ draft, field }) => (
      <>
        <TextField {...field('main_topic')} label={t('aiGenerator.mainTopic')} maxLength={200} />
        {libraryField(draft.main_topic, topicQuery(draft.main_topic))}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField {...field('skill_level_start')} label={t('aiGenerator.skillStart')} options={choices(SKILL_LEVELS_START, 'level')} />
          <SelectField {...field('skill_level_target')} label={t('aiGenerator.skillTarget')} options={choices(SKILL_LEVELS_TARGET, 'level')} />
          <SelectField {...field('module_count')} label={t('aiGenerator.moduleCount')} options={numbers(MODULE_COUNTS)} />
          <SelectField {...field('industry_context')} label={t('aiGenerator.industryContext')} options={choices(INDUSTRIES, 'industry')} />
        </div>
        {optionChecks([
          { ...field('include_prerequisites'), label: t('aiGenerator.includePrerequisites') },
          { ...field('include_assessments'), label: t('aiGenerator.includeAssessments') },
          { ...field('practical_application'), label: t('aiGenerator.practicalApplication') },
        ])}
      </>
    ),
  };
  const fieldsOf = <M extends GeneratorType>(shown: M) =>
    methodFields[shown](bindDraft(drafts[shown], (change) => onDraft(shown, change), errors, fid));
  const fields = fieldsOf(method);

  return (
    <div className="space-y-5" data-testid="generator-fields" data-method={method}>
      <RadioCards
        legend={t('aiGenerator.method')}
        name={fid('method')}
        value={method}
        onChange={props.onMethod}
        options={options.map((o) => ({
          value: o.method,
          label: t(`aiGenerator.methods.${o.method}`),
          description: o.available ? t(`aiGenerator.methodHints.${o.method}`) : t('aiGenerator.lockedFrom', { plan: o.lowestPlan ? planName(t, o.lowestPlan) : '' }),
          disabled: !o.available,
        }))}
        note={
          anyLocked ? (
            <>
              {t('aiGenerator.lockedNote')}{' '}
              <Link to="/billing" className="font-medium text-indigo-600 underline hover:text-indigo-500">
                {t('aiGenerator.seePlans')}
              </Link>
            </>
          ) : undefined
        }
      />
      {fields}
    </div>
  );
}
