// The create-project form (part 1, sections 3 and 5; docs/api.md POST /api/projects): title,
// description, project type, the script or slides (typed in the editor or uploaded), software
// details, formats, branding, AI instructions, font and image style, a template, and a live
// preview. 'Creating...' while the request runs; 30 s time limit. The AI content generator type
// has its own fields (GeneratorFields) and calls (lib/ai.ts): the method's request, the title as
// project_name and the branding, as JSON or, with a file, multipart with the bytes sent shown.
// For the video formats a voice chooser picks the narration voice (voice_selection; none is the
// default premade voice) and a checkbox burns the subtitles into the picture (burn_subtitles),
// for both kinds of project.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PROJECT_LIMITS, lowestTierWithMethod, roleAllows, type GeneratorType } from '@trainwright/catalogue';
import {
  buildGeneratorSubmission,
  createGeneratorProject,
  defaultGeneratorDrafts,
  generatorErrorField,
  planGeneratorMethods,
  uploadGeneratorProject,
  type GeneratorCreated,
  type GeneratorDrafts,
  type SourceMode,
} from '~/lib/ai';
import { ApiError, api, NETWORK_ERROR, TimeoutError, withTimeout } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { isVideoFormat } from '~/lib/downloads';
import { errorText, messageText } from '~/lib/errors';
import { planName, tierOf } from '~/lib/format';
import type { Branding } from '~/lib/project-types';
import { CREATE_PROJECT_TYPES, detectContentView, isHttpUrl, type ContentView, type CreateProjectType } from '~/lib/projects';
import { shownTemplate, templateToSlideText, type MarketplaceTemplate } from '~/lib/templates';
import { UploadCancelled, type MultipartHandle } from '~/lib/uploads';
import { notifyProjectsChanged } from '~/lib/useProjects';
import type { VoiceSelection } from '~/lib/voices';
import { Editor } from '../Editor';
import { Modal } from '../Modal';
import { TemplateMarketplaceModal } from '../templates/TemplateMarketplace';
import { Button, ErrorBox, Field, Spinner, cx, describedBy, inputClass } from '../ui';
import { VoiceChooser, VoiceLibraryDialog } from '../voices/VoiceLibrary';
import { LivePreview } from './ContentView';
import { FileUpload, type UploadState } from './FileUpload';
import { GeneratorFields, type GeneratorErrors } from './GeneratorFields';
import {
  BrandingFields,
  BurnSubtitlesField,
  DEFAULT_DOCUMENT_FORMAT,
  DEFAULT_FONT_STYLE,
  DEFAULT_IMAGE_STYLE,
  DEFAULT_VISUAL_FORMAT,
  FormatFields,
  RadioCards,
  StyleFields,
  type BrandingDraft,
  type BrandingErrors,
} from './ProjectFormFields';
import { useWorkspace } from './workspace-context';

export const CREATE_TIMEOUT_MS = 30_000;

type InputMethod = 'text' | 'file';

interface Form {
  title: string;
  description: string;
  project_type: CreateProjectType;
  input_method: InputMethod;
  script_content: string;
  slides_content: string;
  software_details: string;
  visual_format: string;
  document_format: string;
  branding: BrandingDraft;
  ai_instructions: string;
  font_style: string;
  image_style: string;
  template: MarketplaceTemplate | null;
  /** The narration voice for video formats; null is the default premade voice. */
  voice: VoiceSelection | null;
  /** Burn the subtitles into the video (video formats only). */
  burn_subtitles: boolean;
}

type FieldName = 'title' | 'content' | 'software_details' | 'uploads';
type Errors = Partial<Record<FieldName, string>> & BrandingErrors;

const EMPTY_UPLOADS: UploadState = { files: [], busy: false };

interface GeneratorForm {
  method: GeneratorType;
  drafts: GeneratorDrafts;
  sourceMode: SourceMode;
  file: File | null;
}

function brandingOf(draft: BrandingDraft): Branding | null {
  return draft.include ? { company_name: draft.company_name.trim(), logo_url: draft.logo_url.trim(), website: draft.website.trim() } : null;
}

function withTemplate(form: Form, template: MarketplaceTemplate): Form {
  const content = form.project_type === 'slides_to_script' ? form.slides_content : form.script_content;
  const prefill = content.trim() === '' ? templateToSlideText(template) : null;
  return {
    ...form,
    template,
    font_style: template.fontStyle ?? form.font_style,
    image_style: template.imageStyle ?? form.image_style,
    ...(prefill !== null
      ? form.project_type === 'slides_to_script'
        ? { slides_content: prefill, input_method: 'text' as const }
        : { script_content: prefill, input_method: 'text' as const }
      : {}),
  };
}

export function CreateProjectDialog({ initialTemplate, onClose }: { initialTemplate: MarketplaceTemplate | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { user, refreshUser } = useSignedInUser();
  const { notify, voice: pageVoice } = useWorkspace();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [form, setForm] = useState<Form>(() => {
    const base: Form = {
      title: '',
      description: '',
      project_type: 'script_to_slides',
      input_method: 'text',
      script_content: '',
      slides_content: '',
      software_details: '',
      visual_format: DEFAULT_VISUAL_FORMAT,
      document_format: DEFAULT_DOCUMENT_FORMAT,
      branding: { include: true, company_name: user.company ?? '', logo_url: '', website: '' },
      ai_instructions: '',
      font_style: DEFAULT_FONT_STYLE,
      image_style: DEFAULT_IMAGE_STYLE,
      template: null,
      voice: pageVoice,
      burn_subtitles: false,
    };
    return initialTemplate ? withTemplate(base, initialTemplate) : base;
  });
  const [scriptUpload, setScriptUpload] = useState<UploadState>(EMPTY_UPLOADS);
  const [slidesUpload, setSlidesUpload] = useState<UploadState>(EMPTY_UPLOADS);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPreview, setShowPreview] = useState(false);
  const [chosenView, setChosenView] = useState<ContentView | null>(null);
  const [picking, setPicking] = useState(false);
  const [choosingVoice, setChoosingVoice] = useState(false);
  const allowedMethods = planGeneratorMethods(user);
  const [generator, setGenerator] = useState<GeneratorForm>(() => ({
    method: (allowedMethods.find((m) => m === 'topic_to_content') ?? allowedMethods[0] ?? 'topic_to_content') as GeneratorType,
    drafts: defaultGeneratorDrafts(),
    sourceMode: 'file',
    file: null,
  }));
  const [generatorErrors, setGeneratorErrors] = useState<GeneratorErrors>({});
  const [sending, setSending] = useState<{ sent: number; total: number } | null>(null);
  const uploadRef = useRef<MultipartHandle<GeneratorCreated> | null>(null);
  // A file still being sent when the form closes is cancelled, like the uploads of FileUpload.
  useEffect(() => () => uploadRef.current?.cancel(), []);
  const isGenerator = form.project_type === 'ai_content_generator';

  /** Changing a generator field clears its message; another method or source clears them all. */
  const setGeneratorField = (change: Partial<GeneratorForm>, clear: string[] | 'all') => {
    setGenerator((g) => ({ ...g, ...change }));
    setGeneratorErrors((e) => (clear === 'all' ? {} : Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k)))));
  };
  const setDraft = <K extends GeneratorType>(method: K, change: Partial<GeneratorDrafts[K]>) => {
    setGenerator((g) => ({ ...g, drafts: { ...g.drafts, [method]: { ...g.drafts[method], ...change } } }));
    const fields = Object.keys(change);
    setGeneratorErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k))));
  };

  /** Which error a change of a form field answers, so the message goes once the user acts on it. */
  const ERRORS_OF: Partial<Record<keyof Form, (keyof Errors)[]>> = {
    title: ['title'],
    script_content: ['content'],
    slides_content: ['content'],
    software_details: ['software_details'],
    project_type: ['content', 'uploads', 'software_details'],
    input_method: ['content', 'uploads'],
    branding: ['logo_url', 'website'],
  };
  const clearErrors = (fields: (keyof Errors)[] | undefined) =>
    fields && setErrors((e) => (fields.some((f) => e[f]) ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k as keyof Errors))) : e));
  const chosenTemplate = form.template ? shownTemplate(form.template, i18n.language) : null;
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearErrors(ERRORS_OF[key]);
  };
  const planLimitMB = user.subscription?.limits?.fileUploadLimitMB ?? tierOf(user.subscription?.tier).limits.fileUploadLimitMB;
  const canCreate = !user.role || roleAllows(user.role, 'project.create');

  const isSlides = form.project_type === 'slides_to_script';
  const typed = form.input_method === 'text';
  const contentText = !typed ? '' : isSlides ? form.slides_content : form.project_type === 'script_to_slides' ? form.script_content : '';
  const autoView = detectContentView(contentText, isSlides ? 'slides' : 'script');
  const view = chosenView ?? autoView;
  const upload = isSlides ? slidesUpload : scriptUpload;
  // The voice narrates video only: it is offered, and sent, for the MP4 and MOV formats.
  const videoFormat = isVideoFormat(form.visual_format);
  const chosenVoice = videoFormat ? form.voice : null;

  const look = useMemo(
    () => ({
      fontStyle: form.font_style,
      imageStyle: form.image_style,
      branding: form.branding.include
        ? { company_name: form.branding.company_name.trim(), logo_url: form.branding.logo_url.trim(), website: form.branding.website.trim() }
        : null,
      colors: form.template?.colorScheme ?? null,
      fonts: form.template?.fonts ?? null,
      layout: form.template?.layout ?? null,
    }),
    [form.font_style, form.image_style, form.branding, form.template],
  );

  const brandingErrors = (): BrandingErrors => {
    const found: BrandingErrors = {};
    if (form.branding.include) {
      const logo = form.branding.logo_url.trim();
      const website = form.branding.website.trim();
      if (logo && !isHttpUrl(logo)) found.logo_url = t('companies.invalidUrl');
      if (website && !isHttpUrl(website)) found.website = t('companies.invalidUrl');
    }
    return found;
  };

  const validate = (): Errors => {
    const found: Errors = {};
    if (!form.title.trim()) found.title = t('projectForm.errors.titleRequired');
    if (form.project_type === 'script_to_slides') {
      if (form.input_method === 'text' && !form.script_content.trim()) found.content = t('projectForm.errors.scriptRequired');
      if (form.input_method === 'file' && scriptUpload.files.length === 0 && !scriptUpload.busy) found.uploads = t('projectForm.errors.scriptFileRequired');
    }
    if (form.project_type === 'slides_to_script') {
      if (form.input_method === 'text' && !form.slides_content.trim()) found.content = t('projectForm.errors.slidesContentRequired');
      if (form.input_method === 'file' && slidesUpload.files.length === 0 && !slidesUpload.busy) found.uploads = t('projectForm.errors.slidesRequired');
    }
    if (form.project_type === 'software_analysis' && !form.software_details.trim()) {
      found.software_details = t('projectForm.errors.softwareRequired');
    }
    if (form.input_method === 'file' && form.project_type !== 'software_analysis' && upload.busy) {
      found.uploads = t('projectForm.errors.uploadBusy');
    }
    return { ...found, ...brandingErrors() };
  };

  const failureText = (err: unknown): string => {
    if (err instanceof TimeoutError) return t('projectForm.failed', { message: t('projectForm.timeout') });
    if (err instanceof ApiError) {
      if (err.code === NETWORK_ERROR) return t('projectForm.failed', { message: t('projectForm.networkFailed') });
      if (err.code === 'PLAN_LIMIT_REACHED') {
        const tier = tierOf(user.subscription?.tier);
        return t('projectForm.limitReached', {
          plan: planName(t, tier.id),
          limit: user.subscription?.limits?.projectLimit ?? tier.limits.projectLimit,
        });
      }
      // messageText: a locked voice's 403 reads in the interface language.
      if (err.serverMessage) return t('projectForm.failed', { message: messageText(err.serverMessage, t) });
      if (err.status >= 500) return t('projectForm.failed', { message: t('projectForm.serverError', { status: err.status }) });
      return t('projectForm.failed', { message: errorText(err, t) });
    }
    return t('projectForm.failed', { message: errorText(err, t) });
  };

  /** Focuses the first field with a message. */
  const focusField = (name: string | undefined) => {
    if (!name) return;
    document.querySelector<HTMLElement>(`[data-field="${name}"] input, [data-field="${name}"] textarea, [data-field="${name}"] select`)?.focus();
  };

  const created = (title: string) => {
    notify(t('projectForm.created', { title }));
    notifyProjectsChanged();
    void refreshUser().catch(() => undefined); // projects used
    onClose();
    if (location.pathname !== '/' && location.pathname !== '/projects') navigate('/projects');
  };

  const submitGenerator = async () => {
    const found: Errors = brandingErrors();
    const submission = buildGeneratorSubmission({
      method: generator.method,
      drafts: generator.drafts,
      sourceMode: generator.sourceMode,
      file: generator.file,
      projectName: form.title,
      branding: brandingOf(form.branding),
      visualFormat: form.visual_format,
      documentFormat: form.document_format,
      voice: chosenVoice,
      burnSubtitles: videoFormat && form.burn_subtitles,
    });
    const fieldErrors: GeneratorErrors = {};
    if (!submission.ok) {
      for (const [field, message] of Object.entries(submission.errors)) {
        if (field === 'project_name') found.title = messageText(message, t);
        else fieldErrors[field] = messageText(message, t);
      }
    }
    setErrors(found);
    setGeneratorErrors(fieldErrors);
    if (!submission.ok || Object.keys(found).length > 0) {
      focusField(found.title ? 'title' : (Object.keys(fieldErrors)[0] ?? Object.keys(found)[0]));
      return;
    }

    setBusy(true);
    try {
      let result: GeneratorCreated;
      if (submission.kind === 'json') {
        result = await createGeneratorProject(submission.body);
      } else {
        setSending({ sent: 0, total: submission.file.size });
        const handle = uploadGeneratorProject(submission.fields, submission.file, (sent, total) => setSending({ sent, total }));
        uploadRef.current = handle;
        result = await handle.promise;
      }
      created(result?.title || form.title.trim());
    } catch (err) {
      if (err instanceof UploadCancelled) return;
      if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') {
        const raw = (err.detail as { field?: unknown } | undefined)?.field;
        if (typeof raw === 'string' && err.serverMessage) {
          const field = generatorErrorField(raw);
          const text = messageText(err.serverMessage, t);
          if (field === 'project_name') setErrors({ title: text });
          else setGeneratorErrors({ [field]: text });
        }
      }
      if (err instanceof ApiError && err.code === 'FEATURE_NOT_AVAILABLE' && !allowedMethods.includes(generator.method)) {
        const plan = lowestTierWithMethod(generator.method);
        setError(
          t('projectForm.failed', {
            message: t('aiGenerator.methodLocked', { method: t(`aiGenerator.methods.${generator.method}`), plan: plan ? planName(t, plan.id) : '' }),
          }),
        );
      } else {
        setError(failureText(err));
      }
    } finally {
      uploadRef.current = null;
      setSending(null);
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (isGenerator) {
      await submitGenerator();
      return;
    }
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusField(Object.keys(found)[0]);
      return;
    }
    const fileMode = form.input_method === 'file' && form.project_type !== 'software_analysis';
    const body: Record<string, unknown> = {
      title: form.title.trim(),
      description: form.description.trim(),
      project_type: form.project_type,
      visual_format: form.visual_format,
      document_format: form.document_format,
      include_branding: form.branding.include,
      ai_instructions: form.ai_instructions.trim(),
      font_style: form.font_style,
      image_style: form.image_style,
    };
    if (form.project_type !== 'software_analysis') body.input_method = form.input_method;
    if (form.project_type === 'script_to_slides' && !fileMode) body.script_content = form.script_content;
    if (form.project_type === 'slides_to_script' && !fileMode) body.slides_content = form.slides_content;
    if (form.project_type === 'software_analysis') body.software_details = form.software_details.trim();
    if (fileMode) body.file_ids = upload.files.map((f) => f.id);
    if (form.branding.include) {
      body.company_name = form.branding.company_name.trim();
      if (form.branding.logo_url.trim()) body.logo_url = form.branding.logo_url.trim();
      if (form.branding.website.trim()) body.website = form.branding.website.trim();
    }
    if (form.template) body.template_id = form.template.id;
    if (chosenVoice) body.voice_selection = chosenVoice;
    if (videoFormat && form.burn_subtitles) body.burn_subtitles = true;

    setBusy(true);
    try {
      const answer = await withTimeout(CREATE_TIMEOUT_MS, (signal) => api<{ id: string; title: string }>('/projects', { method: 'POST', body, signal }));
      created(answer?.title ?? form.title.trim());
    } catch (err) {
      if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') {
        const field = (err.detail as { field?: unknown } | undefined)?.field;
        const map: Record<string, FieldName> = {
          title: 'title',
          script_content: 'content',
          slides_content: 'content',
          software_details: 'software_details',
          file_ids: 'uploads',
        };
        if (typeof field === 'string' && map[field] && err.serverMessage) setErrors({ [map[field]]: err.serverMessage });
      }
      setError(failureText(err));
    } finally {
      setBusy(false);
    }
  };

  const typeOptions = CREATE_PROJECT_TYPES.map((type) => ({
    value: type,
    label: t(`options.projectType.${type}`),
    description: t(`projectForm.typeHints.${type}`),
  }));

  const fieldId = (name: string) => `${id}-${name}`;

  const contentFields = () => {
    if (form.project_type === 'software_analysis') {
      return (
        <div data-field="software_details">
          <Field id={fieldId('software')} label={t('projectForm.softwareDetails')} hint={t('projectForm.softwareHint')} error={errors.software_details}>
            <textarea
              id={fieldId('software')}
              rows={5}
              value={form.software_details}
              onChange={(e) => set('software_details', e.target.value)}
              className={inputClass}
              {...describedBy(fieldId('software'), true, errors.software_details)}
            />
          </Field>
        </div>
      );
    }
    return (
      <>
        <RadioCards
          legend={isSlides ? t('projectForm.slidesInput') : t('projectForm.scriptInput')}
          name={fieldId('method')}
          value={form.input_method}
          columns={2}
          onChange={(v) => set('input_method', v)}
          options={[
            { value: 'text', label: t('projectForm.methodText') },
            { value: 'file', label: isSlides ? t('projectForm.methodSlidesFile') : t('projectForm.methodFile') },
          ]}
        />
        {form.input_method === 'text' ? (
          <div data-field="content">
            <Editor
              id={fieldId('content')}
              label={isSlides ? t('projectForm.slidesContent') : t('projectForm.scriptContent')}
              mode={isSlides ? 'slides' : 'script'}
              value={isSlides ? form.slides_content : form.script_content}
              onChange={(v) => set(isSlides ? 'slides_content' : 'script_content', v)}
              placeholder={isSlides ? t('projectForm.slidesPlaceholder') : t('projectForm.scriptPlaceholder')}
              error={errors.content}
            />
          </div>
        ) : (
          <div data-field="uploads">
            {isSlides ? (
              <FileUpload
                key="slides"
                id={fieldId('slides-file')}
                label={t('projectForm.slidesFile')}
                kind="slides"
                multiple
                planLimitMB={planLimitMB}
                companyId={user.currentCompanyId}
                onChange={(state) => {
                  setSlidesUpload(state);
                  if (state.files.length > 0) clearErrors(['uploads']);
                }}
                error={errors.uploads}
              />
            ) : (
              <FileUpload
                key="script"
                id={fieldId('script-file')}
                label={t('projectForm.scriptFile')}
                kind="script"
                planLimitMB={planLimitMB}
                companyId={user.currentCompanyId}
                onChange={(state) => {
                  setScriptUpload(state);
                  if (state.files.length > 0) clearErrors(['uploads']);
                }}
                error={errors.uploads}
              />
            )}
          </div>
        )}
      </>
    );
  };

  const formatFields = (
    <>
      <FormatFields
        user={user}
        visualFormat={form.visual_format}
        documentFormat={form.document_format}
        onVisualFormat={(v) => set('visual_format', v)}
        onDocumentFormat={(v) => set('document_format', v)}
      />
      {videoFormat && <VoiceChooser value={form.voice} onChoose={() => setChoosingVoice(true)} onReset={() => set('voice', null)} />}
      {videoFormat && <BurnSubtitlesField checked={form.burn_subtitles} onChange={(v) => set('burn_subtitles', v)} />}
    </>
  );

  const previewOn = showPreview && form.project_type !== 'software_analysis' && !isGenerator;

  return (
    <Modal open onClose={onClose} title={t('projectForm.title')} description={t('projectForm.subtitle')} size={previewOn ? 'xl' : 'lg'}>
      <form noValidate onSubmit={submit} className="space-y-5" aria-busy={busy}>
        {!canCreate && <ErrorBox>{t('projectForm.roleNotAllowed', { role: t(`roles.${user.role}`) })}</ErrorBox>}
        {error && <ErrorBox takeFocus>{error}</ErrorBox>}

        <div className={cx(previewOn && 'grid gap-6 lg:grid-cols-2')}>
          <div className="space-y-5">
            <div data-field="title">
              <Field id={fieldId('title')} label={t('projectForm.projectTitle')} error={errors.title}>
                <input
                  id={fieldId('title')}
                  value={form.title}
                  onChange={(e) => set('title', e.target.value)}
                  className={inputClass}
                  maxLength={PROJECT_LIMITS.title}
                  {...describedBy(fieldId('title'), undefined, errors.title)}
                />
              </Field>
            </div>
            {!isGenerator && (
              <Field id={fieldId('description')} label={t('projectForm.description')} hint={t('projectForm.optional')}>
                <textarea
                  id={fieldId('description')}
                  rows={2}
                  value={form.description}
                  onChange={(e) => set('description', e.target.value)}
                  className={inputClass}
                  {...describedBy(fieldId('description'), true, undefined)}
                />
              </Field>
            )}

            <RadioCards
              legend={t('projectForm.projectType')}
              name={fieldId('type')}
              value={form.project_type}
              columns={2}
              onChange={(v) => set('project_type', v)}
              options={typeOptions}
            />

            {isGenerator ? (
              <>
                <GeneratorFields
                  allowedMethods={allowedMethods}
                  planLimitMB={planLimitMB}
                  method={generator.method}
                  onMethod={(method) => setGeneratorField({ method, file: null }, 'all')}
                  drafts={generator.drafts}
                  onDraft={setDraft}
                  sourceMode={generator.sourceMode}
                  onSourceMode={(sourceMode) => setGeneratorField({ sourceMode }, 'all')}
                  file={generator.file}
                  onFile={(file) => setGeneratorField({ file }, ['file', 'content_source', 'existing_content'])}
                  errors={generatorErrors}
                  progress={sending}
                  busy={busy}
                />
                {formatFields}
              </>
            ) : (
              <>
                <section aria-labelledby={fieldId('template-heading')} className="rounded-lg border border-slate-200 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 id={fieldId('template-heading')} className="text-sm font-medium text-slate-700">
                      {t('projectForm.template')}
                    </h3>
                    <div className="flex gap-2">
                      <Button variant="secondary" size="sm" onClick={() => setPicking(true)}>
                        {form.template ? t('projectForm.changeTemplate') : t('projectForm.chooseTemplate')}
                      </Button>
                      {form.template && (
                        <Button variant="ghost" size="sm" onClick={() => set('template', null)}>
                          {t('projectForm.removeTemplate')}
                        </Button>
                      )}
                    </div>
                  </div>
                  {chosenTemplate ? (
                    <div className="mt-3 flex items-center gap-3" data-testid="chosen-template">
                      <img src={chosenTemplate.preview_image} alt={t('templates.previewAlt', { name: chosenTemplate.name })} className="aspect-video w-32 rounded border border-slate-200" />
                      <div className="text-sm">
                        <p className="font-medium text-slate-900">{chosenTemplate.name}</p>
                        <p className="text-xs text-slate-500">
                          {t(`templates.categories.${chosenTemplate.category}`, { defaultValue: chosenTemplate.category })} ·{' '}
                          {t('templates.slides', { count: chosenTemplate.slides })}
                        </p>
                      </div>
                    </div>
                  ) : (
                    <p className="mt-1 text-xs text-slate-500">{t('projectForm.noTemplate')}</p>
                  )}
                </section>

                {contentFields()}

                {formatFields}

                <StyleFields fontStyle={form.font_style} imageStyle={form.image_style} onFontStyle={(v) => set('font_style', v)} onImageStyle={(v) => set('image_style', v)} />

                <Field id={fieldId('ai')} label={t('projectForm.aiInstructions')} hint={t('projectForm.aiHint')}>
                  <textarea
                    id={fieldId('ai')}
                    rows={3}
                    value={form.ai_instructions}
                    onChange={(e) => set('ai_instructions', e.target.value)}
                    className={inputClass}
                    {...describedBy(fieldId('ai'), true, undefined)}
                  />
                </Field>
              </>
            )}

            <BrandingFields value={form.branding} onChange={(v) => set('branding', v)} errors={errors} />
          </div>

          {previewOn && (
            <div className="mt-6 lg:mt-0">
              <div className="lg:sticky lg:top-4 lg:max-h-[80vh] lg:overflow-y-auto">
                <LivePreview
                  text={contentText}
                  view={view}
                  onViewChange={setChosenView}
                  look={look}
                  empty={typed ? undefined : t('preview.fileMode')}
                />
              </div>
            </div>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {form.project_type !== 'software_analysis' && !isGenerator ? (
            <Button variant="secondary" aria-pressed={showPreview} onClick={() => setShowPreview((v) => !v)}>
              {showPreview ? t('projectForm.hidePreview') : t('projectForm.showPreview')}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={busy || !canCreate}>
              {busy && <Spinner />}
              {busy ? t('projectForm.creating') : t('projectForm.create')}
            </Button>
          </div>
        </div>
      </form>
      <TemplateMarketplaceModal
        open={picking}
        mode="pick"
        onClose={() => setPicking(false)}
        onUse={(template) => {
          setForm((f) => withTemplate(f, template));
          clearErrors(['content']);
          setPicking(false);
        }}
      />
      <VoiceLibraryDialog open={choosingVoice} selected={form.voice} onSelect={(v) => set('voice', v)} onClose={() => setChoosingVoice(false)} />
    </Modal>
  );
}
