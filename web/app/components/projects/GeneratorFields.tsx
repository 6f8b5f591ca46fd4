// The create form's fields for the AI content generator (part 1, sections 3, 5 and 9): the method
// picker (methods outside the user's plan are locked and name the plan that has them) and the
// fields of each method, with the catalogue's option lists and defaults (lib/ai.ts). Uploads are
// chosen here and sent with the create call, with the bytes sent shown while it runs.
import { useId, useState, type ReactNode } from 'react';
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
  type AssessmentType,
  type GeneratorType,
} from '@trainwright/catalogue';
import { generatorMethodOptions, generatorUploadRule, type GeneratorDrafts, type SourceMode } from '~/lib/ai';
import { planName } from '~/lib/format';
import { formatBytes, maxUploadBytes, precheckFile } from '~/lib/uploads';
import { CloseIcon } from '../icons';
import { Field, describedBy, inputClass } from '../ui';
import { DropZone, UploadProgress, usePrecheckText } from './FileUpload';
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
  /** Bytes sent while the create call uploads the file. */
  progress: { sent: number; total: number } | null;
  busy: boolean;
}

function Checkboxes<K extends string>({
  legend,
  items,
  value,
  onChange,
  error,
}: {
  legend: string;
  items: { key: K; label: string }[];
  value: Record<K, boolean>;
  onChange: (key: K, checked: boolean) => void;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 grid gap-2 sm:grid-cols-2">
        {items.map((item) => (
          <label key={item.key} htmlFor={`${id}-${item.key}`} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              id={`${id}-${item.key}`}
              type="checkbox"
              checked={value[item.key]}
              onChange={(e) => onChange(item.key, e.target.checked)}
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
  return (
    <div data-field={name}>
      <Field id={id} label={label} hint={hint} error={error}>
        {rows ? (
          <textarea
            id={id}
            rows={rows}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder={placeholder}
            maxLength={maxLength}
            className={inputClass}
            {...describedBy(id, hint, error)}
          />
        ) : (
          <input
            id={id}
            type={type}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder={placeholder}
            maxLength={maxLength}
            className={inputClass}
            {...describedBy(id, hint, error)}
          />
        )}
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
        <div className="mt-2 rounded-md border border-slate-200 px-3 py-2 text-sm" data-testid="generator-file">
          <div className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate font-medium text-slate-800">
              {t('aiGenerator.chosenFile', { name: file.name, size: formatBytes(file.size, i18n.language) })}
            </span>
            {!busy && (
              <button
                type="button"
                onClick={() => onFile(null)}
                className="shrink-0 rounded p-0.5 text-slate-600 hover:bg-slate-100"
                aria-label={t('aiGenerator.removeFile', { name: file.name })}
              >
                <CloseIcon className="h-4 w-4" />
              </button>
            )}
          </div>
          {progress ? (
            <UploadProgress label={t('aiGenerator.uploading', { name: file.name })} sent={progress.sent} total={progress.total} />
          ) : (
            <p className="mt-1 text-xs text-slate-500">{t('aiGenerator.sentOnCreate')}</p>
          )}
        </div>
      )}
    </div>
  );
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

  /** Upload OR paste (assessment and refresh). */
  const sourceFields = (fileLabel: string, textName: 'content_source' | 'existing_content', textLabel: string, text: string, onText: (v: string) => void) => (
    <div className="space-y-3 rounded-lg border border-slate-200 p-4" data-field={textName}>
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
          {!errors.file && errors[textName] && (
            <p className="text-xs text-red-600" role="alert">
              {errors[textName]}
            </p>
          )}
        </>
      ) : (
        <TextField id={fid(textName)} name={textName} label={textLabel} value={text} onChange={onText} rows={8} error={errors[textName] ?? errors.file} />
      )}
    </div>
  );

  let fields: ReactNode = null;
  switch (method) {
    case 'topic_to_content': {
      const d = drafts.topic_to_content;
      const set = (change: Partial<GeneratorDrafts['topic_to_content']>) => onDraft('topic_to_content', change);
      fields = (
        <>
          <TextField
            id={fid('topic')}
            name="topic"
            label={t('aiGenerator.topic')}
            value={d.topic}
            onChange={(topic) => set({ topic })}
            placeholder={t('aiGenerator.topicPlaceholder')}
            maxLength={200}
            error={errors.topic}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id={fid('subtopics')}
              name="subtopics"
              label={t('aiGenerator.subtopics')}
              value={d.subtopics}
              onChange={(subtopics) => set({ subtopics })}
              rows={4}
              hint={t('aiGenerator.onePerLine')}
              error={errors.subtopics}
            />
            <TextField
              id={fid('learning_objectives')}
              name="learning_objectives"
              label={t('aiGenerator.learningObjectives')}
              value={d.learning_objectives}
              onChange={(learning_objectives) => set({ learning_objectives })}
              rows={4}
              hint={t('aiGenerator.onePerLine')}
              error={errors.learning_objectives}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField id={fid('length')} name="length" label={t('aiGenerator.length')} value={d.length} options={lengths} onChange={(length) => set({ length })} error={errors.length} />
            <SelectField id={fid('format')} name="format" label={t('aiGenerator.format')} value={d.format} options={choices(OUTPUT_FORMATS, 'format')} onChange={(format) => set({ format })} error={errors.format} />
            <SelectField
              id={fid('writing_style')} name="writing_style"
              label={t('aiGenerator.writingStyle')}
              value={d.writing_style}
              options={choices(WRITING_STYLES, 'writingStyle')}
              onChange={(writing_style) => set({ writing_style })}
              error={errors.writing_style}
            />
            <SelectField
              id={fid('target_audience')} name="target_audience"
              label={t('aiGenerator.audience')}
              value={d.target_audience}
              options={choices(AUDIENCES, 'audience')}
              onChange={(target_audience) => set({ target_audience })}
              error={errors.target_audience}
            />
            <SelectField
              id={fid('industry_domain')} name="industry_domain"
              label={t('aiGenerator.industry')}
              value={d.industry_domain}
              options={choices(INDUSTRIES, 'industry')}
              onChange={(industry_domain) => set({ industry_domain })}
              error={errors.industry_domain}
            />
            <SelectField
              id={fid('complexity_level')} name="complexity_level"
              label={t('aiGenerator.complexity')}
              value={d.complexity_level}
              options={choices(COMPLEXITY_LEVELS, 'level')}
              onChange={(complexity_level) => set({ complexity_level })}
              error={errors.complexity_level}
            />
          </div>
          <Checkboxes
            legend={t('aiGenerator.options')}
            value={d}
            onChange={(key, checked) => set({ [key]: checked })}
            items={[
              { key: 'include_examples', label: t('aiGenerator.includeExamples') },
              { key: 'include_visuals', label: t('aiGenerator.includeVisuals') },
              { key: 'include_assessments', label: t('aiGenerator.includeAssessments') },
              { key: 'exclude_ai_phrases', label: t('aiGenerator.excludeAiPhrases') },
            ]}
          />
          <TextField
            id={fid('company_context')}
            name="company_context"
            label={t('aiGenerator.companyContext')}
            value={d.company_context}
            onChange={(company_context) => set({ company_context })}
            rows={3}
            maxLength={5000}
            hint={t('aiGenerator.companyContextHint')}
            error={errors.company_context}
          />
          <TextField
            id={fid('brand_voice')}
            name="brand_voice"
            label={t('aiGenerator.brandVoice')}
            value={d.brand_voice}
            onChange={(brand_voice) => set({ brand_voice })}
            maxLength={200}
            hint={t('aiGenerator.brandVoiceHint')}
            error={errors.brand_voice}
          />
        </>
      );
      break;
    }
    case 'url_content': {
      const d = drafts.url_content;
      const set = (change: Partial<GeneratorDrafts['url_content']>) => onDraft('url_content', change);
      fields = (
        <>
          <TextField
            id={fid('url')}
            name="url"
            type="url"
            label={t('aiGenerator.url')}
            value={d.url}
            onChange={(url) => set({ url })}
            placeholder="https://"
            maxLength={2048}
            hint={t('aiGenerator.urlHint')}
            error={errors.url}
          />
          <TextField
            id={fid('content_focus')}
            name="content_focus"
            label={t('aiGenerator.contentFocus')}
            value={d.content_focus}
            onChange={(content_focus) => set({ content_focus })}
            rows={3}
            maxLength={5000}
            hint={t('aiGenerator.contentFocusHint')}
            error={errors.content_focus}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id={fid('transform_to')} name="transform_to"
              label={t('aiGenerator.transformTo')}
              value={d.transform_to}
              options={choices(OUTPUT_FORMATS, 'format')}
              onChange={(transform_to) => set({ transform_to })}
              error={errors.transform_to}
            />
            <SelectField
              id={fid('target_length')} name="target_length"
              label={t('aiGenerator.targetLength')}
              value={d.target_length}
              options={lengths}
              onChange={(target_length) => set({ target_length })}
              error={errors.target_length}
            />
            <SelectField
              id={fid('writing_style')} name="writing_style"
              label={t('aiGenerator.writingStyle')}
              value={d.writing_style}
              options={choices(WRITING_STYLES, 'writingStyle')}
              onChange={(writing_style) => set({ writing_style })}
              error={errors.writing_style}
            />
            <SelectField
              id={fid('target_audience')} name="target_audience"
              label={t('aiGenerator.audience')}
              value={d.target_audience}
              options={choices(AUDIENCES, 'audience')}
              onChange={(target_audience) => set({ target_audience })}
              error={errors.target_audience}
            />
          </div>
        </>
      );
      break;
    }
    case 'document_analysis': {
      const d = drafts.document_analysis;
      const set = (change: Partial<GeneratorDrafts['document_analysis']>) => onDraft('document_analysis', change);
      fields = (
        <>
          {filePicker(t('aiGenerator.document'))}
          <TextField
            id={fid('analysis_focus')}
            name="analysis_focus"
            label={t('aiGenerator.analysisFocus')}
            value={d.analysis_focus}
            onChange={(analysis_focus) => set({ analysis_focus })}
            rows={3}
            maxLength={5000}
            hint={t('aiGenerator.analysisFocusHint')}
            error={errors.analysis_focus}
          />
          <div className="sm:w-1/2">
            <SelectField
              id={fid('analysis_output')} name="analysis_output"
              label={t('aiGenerator.analysisOutput')}
              value={d.analysis_output}
              options={choices(OUTPUT_FORMATS, 'format')}
              onChange={(analysis_output) => set({ analysis_output })}
              error={errors.analysis_output}
            />
          </div>
          <Checkboxes
            legend={t('aiGenerator.options')}
            value={d}
            onChange={(key, checked) => set({ [key]: checked })}
            items={[
              { key: 'extract_tables', label: t('aiGenerator.extractTables') },
              { key: 'extract_images', label: t('aiGenerator.extractImages') },
              { key: 'create_glossary', label: t('aiGenerator.createGlossary') },
            ]}
          />
        </>
      );
      break;
    }
    case 'assessment_generator': {
      const d = drafts.assessment_generator;
      const set = (change: Partial<GeneratorDrafts['assessment_generator']>) => onDraft('assessment_generator', change);
      const types = Object.fromEntries(ASSESSMENT_TYPES.map((type) => [type, d.assessment_types.includes(type)])) as Record<AssessmentType, boolean>;
      fields = (
        <>
          {sourceFields(t('aiGenerator.sourceDocument'), 'content_source', t('aiGenerator.contentSource'), d.content_source, (content_source) => set({ content_source }))}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id={fid('question_count')} name="question_count"
              label={t('aiGenerator.questionCount')}
              value={d.question_count}
              options={numbers(QUESTION_COUNTS)}
              onChange={(question_count) => set({ question_count })}
              error={errors.question_count}
            />
            <SelectField
              id={fid('difficulty_level')} name="difficulty_level"
              label={t('aiGenerator.difficulty')}
              value={d.difficulty_level}
              options={choices(DIFFICULTY_LEVELS, 'level')}
              onChange={(difficulty_level) => set({ difficulty_level })}
              error={errors.difficulty_level}
            />
          </div>
          <div data-field="assessment_types">
            <Checkboxes
              legend={t('aiGenerator.assessmentTypes')}
              value={types}
              error={errors.assessment_types}
              onChange={(key, checked) =>
                set({ assessment_types: ASSESSMENT_TYPES.filter((type) => (type === key ? checked : d.assessment_types.includes(type))) })
              }
              items={ASSESSMENT_TYPES.map((key) => ({ key, label: t(`aiGenerator.choices.assessmentType.${key}`) }))}
            />
          </div>
          <Checkboxes
            legend={t('aiGenerator.options')}
            value={d}
            onChange={(key, checked) => set({ [key]: checked })}
            items={[
              { key: 'include_explanations', label: t('aiGenerator.includeExplanations') },
              { key: 'scenario_based', label: t('aiGenerator.scenarioBased') },
            ]}
          />
        </>
      );
      break;
    }
    case 'content_refresh': {
      const d = drafts.content_refresh;
      const set = (change: Partial<GeneratorDrafts['content_refresh']>) => onDraft('content_refresh', change);
      fields = (
        <>
          {sourceFields(t('aiGenerator.existingFile'), 'existing_content', t('aiGenerator.existingContent'), d.existing_content, (existing_content) => set({ existing_content }))}
          <TextField
            id={fid('content_age')}
            name="content_age"
            label={t('aiGenerator.contentAge')}
            value={d.content_age}
            onChange={(content_age) => set({ content_age })}
            maxLength={200}
            hint={t('aiGenerator.contentAgeHint')}
            error={errors.content_age}
          />
          <Checkboxes
            legend={t('aiGenerator.options')}
            value={d}
            onChange={(key, checked) => set({ [key]: checked })}
            items={[
              { key: 'modernize_language', label: t('aiGenerator.modernizeLanguage') },
              { key: 'update_examples', label: t('aiGenerator.updateExamples') },
              { key: 'improve_engagement', label: t('aiGenerator.improveEngagement') },
              { key: 'maintain_core_concepts', label: t('aiGenerator.maintainCoreConcepts') },
              { key: 'industry_updates', label: t('aiGenerator.industryUpdates') },
            ]}
          />
        </>
      );
      break;
    }
    case 'learning_path': {
      const d = drafts.learning_path;
      const set = (change: Partial<GeneratorDrafts['learning_path']>) => onDraft('learning_path', change);
      fields = (
        <>
          <TextField
            id={fid('main_topic')}
            name="main_topic"
            label={t('aiGenerator.mainTopic')}
            value={d.main_topic}
            onChange={(main_topic) => set({ main_topic })}
            maxLength={200}
            error={errors.main_topic}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              id={fid('skill_level_start')} name="skill_level_start"
              label={t('aiGenerator.skillStart')}
              value={d.skill_level_start}
              options={choices(SKILL_LEVELS_START, 'level')}
              onChange={(skill_level_start) => set({ skill_level_start })}
              error={errors.skill_level_start}
            />
            <SelectField
              id={fid('skill_level_target')} name="skill_level_target"
              label={t('aiGenerator.skillTarget')}
              value={d.skill_level_target}
              options={choices(SKILL_LEVELS_TARGET, 'level')}
              onChange={(skill_level_target) => set({ skill_level_target })}
              error={errors.skill_level_target}
            />
            <SelectField
              id={fid('module_count')} name="module_count"
              label={t('aiGenerator.moduleCount')}
              value={d.module_count}
              options={numbers(MODULE_COUNTS)}
              onChange={(module_count) => set({ module_count })}
              error={errors.module_count}
            />
            <SelectField
              id={fid('industry_context')} name="industry_context"
              label={t('aiGenerator.industryContext')}
              value={d.industry_context}
              options={choices(INDUSTRIES, 'industry')}
              onChange={(industry_context) => set({ industry_context })}
              error={errors.industry_context}
            />
          </div>
          <Checkboxes
            legend={t('aiGenerator.options')}
            value={d}
            onChange={(key, checked) => set({ [key]: checked })}
            items={[
              { key: 'include_prerequisites', label: t('aiGenerator.includePrerequisites') },
              { key: 'include_assessments', label: t('aiGenerator.includeAssessments') },
              { key: 'practical_application', label: t('aiGenerator.practicalApplication') },
            ]}
          />
        </>
      );
      break;
    }
  }

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
