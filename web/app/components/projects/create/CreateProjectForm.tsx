// The create-project form (part 1, sections 3 and 5; docs/web.md "Create-project form"), the page
// /projects/new: title, description, project type, then the type's panel (the script or slides
// typed or uploaded, software details, or the AI content generator), formats (a narration voice
// and burned-in subtitles for the video formats), styles, AI instructions, branding, a template
// and a live preview. It posts to the route's action (useFetcher, `intent` create or generate);
// a generator request with a file goes up from the browser with its progress. After a create the
// app returns to the dashboard it came from, else to My Projects, whose loader reads the new list.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { PROJECT_LIMITS, lowestTierWithMethod } from '@trainwright/catalogue';
import { buildGeneratorSubmission, generatorErrorField, uploadGeneratorProject, type GeneratorCreated } from '~/lib/ai';
import { failureError } from '~/lib/action-failure';
import { ApiError, NETWORK_ERROR, TimeoutError } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import {
  CREATE_FIELD_OF,
  brandingErrors,
  createProjectBody,
  createProjectErrors,
  type CreateAnswer,
  type CreateFieldErrors,
  type CreateIntent,
  type CreateProjectDraft,
} from '~/lib/create-project';
import { isVideoFormat } from '~/lib/downloads';
import { errorText, messageText, serverErrorText } from '~/lib/errors';
import { planName, tierOf } from '~/lib/format';
import { CREATE_PROJECT_TYPES, detectContentView, type ContentView, type CreateProjectType } from '~/lib/projects';
import { useActionAnswer } from '~/lib/server-data';
import { templateToSlideText, type MarketplaceTemplate } from '~/lib/templates';
import { UploadCancelled, type MultipartHandle } from '~/lib/uploads';
import type { VoiceSelection } from '~/lib/voices';
import { TemplateMarketplaceModal } from '../../templates/TemplateMarketplace';
import { Button, ErrorBox, Field, PageHeader, Spinner, cx, describedBy, inputClass } from '../../ui';
import { VoiceChooser, VoiceLibraryDialog } from '../../voices/VoiceLibrary';
import { LivePreview } from '../ContentView';
import type { UploadState } from '../FileUpload';
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
} from '../ProjectFormFields';
import { useWorkspace } from '../workspace-context';
import { GeneratorPanel, useGeneratorDraft } from './GeneratorPanel';
import { SoftwareDetailsPanel } from './SoftwareDetailsPanel';
import { TemplatePanel } from './TemplatePanel';
import { TypedContentPanel } from './TypedContentPanel';
import { UploadedContentPanel } from './UploadedContentPanel';
import { mayAct } from '~/lib/roles';

/** Where the form was opened from (Link state), to return there after a create or Cancel. */
export interface CreateFormOrigin {
  from?: string;
}

interface Form {
  title: string;
  description: string;
  project_type: CreateProjectType;
  input_method: 'text' | 'file';
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
  voice: VoiceSelection | null;
  burn_subtitles: boolean;
}

/** Messages shown by field, in the interface language. */
type Errors = Partial<Record<keyof CreateFieldErrors, string>>;

const NO_UPLOADS: UploadState = { files: [], busy: false };

/** Which messages a change of a form field answers, so a message goes once the user acts on it. */
const ERRORS_OF: Partial<Record<keyof Form, (keyof Errors)[]>> = {
  title: ['title'],
  script_content: ['content'],
  slides_content: ['content'],
  software_details: ['software_details'],
  project_type: ['content', 'uploads', 'software_details'],
  input_method: ['content', 'uploads'],
  branding: ['logo_url', 'website'],
};

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

function brandingOf(draft: BrandingDraft) {
  return draft.include ? { company_name: draft.company_name.trim(), logo_url: draft.logo_url.trim(), website: draft.website.trim() } : null;
}

/** Focuses the first field with a message. */
function focusField(name: string | undefined) {
  if (!name) return;
  document.querySelector<HTMLElement>(`[data-field="${name}"] input, [data-field="${name}"] textarea, [data-field="${name}"] select`)?.focus();
}

export function CreateProjectForm({ initialTemplate }: { initialTemplate: MarketplaceTemplate | null }) {
  const { t } = useTranslation();
  const { user, refreshUser } = useSignedInUser();
  const { notify, voice: pageVoice } = useWorkspace();
  const navigate = useNavigate();
  const origin = (useLocation().state as CreateFormOrigin | null)?.from;
  const fetcher = useFetcher<CreateAnswer>();
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
  const [uploads, setUploads] = useState<{ script: UploadState; slides: UploadState }>({ script: NO_UPLOADS, slides: NO_UPLOADS });
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ shown: boolean; view: ContentView | null }>({ shown: false, view: null });
  const [dialog, setDialog] = useState<'template' | 'voice' | null>(null);
  const generator = useGeneratorDraft(user);
  const [sending, setSending] = useState<{ sent: number; total: number } | null>(null);
  const uploadRef = useRef<MultipartHandle<GeneratorCreated> | null>(null);
  // A file still being sent when the page is left is cancelled, like the uploads of FileUpload.
  useEffect(() => () => uploadRef.current?.cancel(), []);

  const busy = fetcher.state !== 'idle' || sending !== null;
  const isGenerator = form.project_type === 'ai_content_generator';
  const isSlides = form.project_type === 'slides_to_script';
  const typed = form.input_method === 'text';
  const upload = isSlides ? uploads.slides : uploads.script;
  const planLimitMB = user.subscription?.limits?.fileUploadLimitMB ?? tierOf(user.subscription?.tier).limits.fileUploadLimitMB;
  const canCreate = mayAct(user.role, 'project.create');
  // The voice narrates video only: it is offered, and sent, for the MP4 and MOV formats.
  const videoFormat = isVideoFormat(form.visual_format);
  const chosenVoice = videoFormat ? form.voice : null;
  const contentText = !typed ? '' : isSlides ? form.slides_content : form.project_type === 'script_to_slides' ? form.script_content : '';
  const view = preview.view ?? detectContentView(contentText, isSlides ? 'slides' : 'script');

  const clearErrors = (fields: (keyof Errors)[] | undefined) =>
    fields && setErrors((e) => (fields.some((f) => e[f]) ? Object.fromEntries(Object.entries(e).filter(([k]) => !fields.includes(k as keyof Errors))) : e));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    clearErrors(ERRORS_OF[key]);
  };
  const translated = (keys: CreateFieldErrors): Errors => Object.fromEntries(Object.entries(keys).map(([field, key]) => [field, t(key)]));

  const look = useMemo(
    () => ({
      fontStyle: form.font_style,
      imageStyle: form.image_style,
      branding: brandingOf(form.branding),
      colors: form.template?.colorScheme ?? null,
      fonts: form.template?.fonts ?? null,
      layout: form.template?.layout ?? null,
    }),
    [form.font_style, form.image_style, form.branding, form.template],
  );

  const failureText = (err: unknown): string => {
    if (err instanceof TimeoutError) return t('projectForm.failed', { message: t('projectForm.timeout') });
    if (err instanceof ApiError) {
      if (err.code === NETWORK_ERROR) return t('projectForm.failed', { message: t('projectForm.networkFailed') });
      if (err.code === 'PLAN_LIMIT_REACHED') {
        const tier = tierOf(user.subscription?.tier);
        return t('projectForm.limitReached', { plan: planName(t, tier.id), limit: user.subscription?.limits?.projectLimit ?? tier.limits.projectLimit });
      }
      if (err.code === 'FEATURE_NOT_AVAILABLE' && isGenerator && !generator.allowedMethods.includes(generator.draft.method)) {
        const plan = lowestTierWithMethod(generator.draft.method);
        const method = t(`aiGenerator.methods.${generator.draft.method}`);
        return t('projectForm.failed', { message: t('aiGenerator.methodLocked', { method, plan: plan ? planName(t, plan.id) : '' }) });
      }
      // By the message's id: a locked voice's 403 reads in the interface language.
      const said = serverErrorText(err, t);
      if (said) return t('projectForm.failed', { message: said });
      if (err.status >= 500) return t('projectForm.failed', { message: t('projectForm.serverError', { status: err.status }) });
    }
    return t('projectForm.failed', { message: errorText(err, t) });
  };

  /** A server refusal: its message at the field it names, and the failure in the box. */
  const refused = (err: unknown) => {
    if (err instanceof ApiError && err.code === 'VALIDATION_FAILED') {
      const named = (err.detail as { field?: unknown } | undefined)?.field;
      const text = serverErrorText(err, t);
      if (typeof named === 'string' && text) {
        if (isGenerator) {
          const field = generatorErrorField(named);
          if (field === 'project_name') setErrors({ title: text });
          else generator.setErrors({ [field]: text });
        } else if (CREATE_FIELD_OF[named]) {
          setErrors({ [CREATE_FIELD_OF[named]]: text });
        }
      }
    }
    setError(failureText(err));
  };

  const created = (title: string) => {
    notify(t('projectForm.created', { title }));
    void refreshUser().catch(() => undefined); // projects used
    navigate(origin === '/' ? '/' : '/projects');
  };

  // The action's answer: created, refused by field, or the server's failure.
  useActionAnswer(fetcher, (answer) => {
    if (answer.ok) created(answer.project.title || form.title.trim());
    else if ('errors' in answer) {
      setErrors(translated(answer.errors));
      focusField(Object.keys(answer.errors)[0]);
    } else refused(failureError(answer.failure));
  });

  const post = (intent: CreateIntent, body: Record<string, unknown>) =>
    fetcher.submit({ intent, ...body } as Parameters<typeof fetcher.submit>[0], { method: 'post', encType: 'application/json' });

  const submitGenerator = async () => {
    const submission = buildGeneratorSubmission({
      ...generator.draft,
      useLibrary: generator.library.useLibrary,
      projectName: form.title,
      branding: brandingOf(form.branding),
      visualFormat: form.visual_format,
      documentFormat: form.document_format,
      voice: chosenVoice,
      burnSubtitles: videoFormat && form.burn_subtitles,
    });
    const found = translated(brandingErrors(brandingOf(form.branding)));
    const fieldErrors: Record<string, string> = {};
    if (!submission.ok) {
      for (const [field, message] of Object.entries(submission.errors)) {
        if (field === 'project_name') found.title = messageText(message, t);
        else fieldErrors[field] = messageText(message, t);
      }
    }
    setErrors(found);
    generator.setErrors(fieldErrors);
    if (!submission.ok || Object.keys(found).length > 0) {
      focusField(found.title ? 'title' : (Object.keys(fieldErrors)[0] ?? Object.keys(found)[0]));
      return;
    }
    if (submission.kind === 'json') {
      post('generate', submission.body as unknown as Record<string, unknown>);
      return;
    }
    // A file: sent from the browser, so the bytes sent can be shown.
    setSending({ sent: 0, total: submission.file.size });
    const handle = uploadGeneratorProject(submission.fields, submission.file, (sent, total) => setSending({ sent, total }));
    uploadRef.current = handle;
    try {
      const result = await handle.promise;
      created(result?.title || form.title.trim());
    } catch (err) {
      if (!(err instanceof UploadCancelled)) refused(err);
    } finally {
      uploadRef.current = null;
      setSending(null);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    if (isGenerator) {
      void submitGenerator();
      return;
    }
    const draft: CreateProjectDraft = {
      ...form,
      project_type: form.project_type as CreateProjectDraft['project_type'],
      file_ids: upload.files.map((f) => f.id),
      branding: brandingOf(form.branding),
      template_id: form.template?.id ?? null,
      voice: chosenVoice,
      burn_subtitles: videoFormat && form.burn_subtitles,
    };
    const body = createProjectBody(draft);
    const found = translated(createProjectErrors(body));
    if (typeof body.input_method === 'string' && body.input_method === 'file' && upload.busy) found.uploads = t('projectForm.errors.uploadBusy');
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusField(Object.keys(found)[0]);
      return;
    }
    post('create', body);
  };

  const leave = () => navigate(origin ?? '/projects');
  const fieldId = (name: string) => `${id}-${name}`;
  const previewOn = preview.shown && form.project_type !== 'software_analysis' && !isGenerator;

  const typePanel = () => {
    if (isGenerator) return <GeneratorPanel state={generator} planLimitMB={planLimitMB} progress={sending} busy={busy} />;
    if (form.project_type === 'software_analysis') {
      return <SoftwareDetailsPanel id={fieldId('software')} value={form.software_details} onChange={(v) => set('software_details', v)} error={errors.software_details} />;
    }
    const onUploads = (state: UploadState) => {
      setUploads((u) => ({ ...u, [isSlides ? 'slides' : 'script']: state }));
      if (state.files.length > 0) clearErrors(['uploads']);
    };
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
        {typed ? (
          <TypedContentPanel
            id={fieldId('content')}
            slides={isSlides}
            value={isSlides ? form.slides_content : form.script_content}
            onChange={(v) => set(isSlides ? 'slides_content' : 'script_content', v)}
            error={errors.content}
          />
        ) : (
          <UploadedContentPanel id={fieldId('file')} slides={isSlides} planLimitMB={planLimitMB} companyId={user.currentCompanyId} onChange={onUploads} error={errors.uploads} />
        )}
      </>
    );
  };

  return (
    <>
      <PageHeader title={t('projectForm.title')} subtitle={t('projectForm.subtitle')} />
      <form noValidate onSubmit={submit} className="space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm" aria-busy={busy} aria-label={t('projectForm.title')}>
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
              options={CREATE_PROJECT_TYPES.map((type) => ({ value: type, label: t(`options.projectType.${type}`), description: t(`projectForm.typeHints.${type}`) }))}
            />

            {!isGenerator && <TemplatePanel template={form.template} onChoose={() => setDialog('template')} onRemove={() => set('template', null)} />}

            {typePanel()}

            <FormatFields
              user={user}
              visualFormat={form.visual_format}
              documentFormat={form.document_format}
              onVisualFormat={(v) => set('visual_format', v)}
              onDocumentFormat={(v) => set('document_format', v)}
            />
            {videoFormat && <VoiceChooser value={form.voice} onChoose={() => setDialog('voice')} onReset={() => set('voice', null)} />}
            {videoFormat && <BurnSubtitlesField checked={form.burn_subtitles} onChange={(v) => set('burn_subtitles', v)} />}

            {!isGenerator && (
              <>
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
                  onViewChange={(chosen) => setPreview((p) => ({ ...p, view: chosen }))}
                  look={look}
                  empty={typed ? undefined : t('preview.fileMode')}
                />
              </div>
            </div>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          {form.project_type !== 'software_analysis' && !isGenerator ? (
            <Button variant="secondary" aria-pressed={preview.shown} onClick={() => setPreview((p) => ({ ...p, shown: !p.shown }))}>
              {preview.shown ? t('projectForm.hidePreview') : t('projectForm.showPreview')}
            </Button>
          ) : (
            <span />
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={leave} disabled={busy}>
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
        open={dialog === 'template'}
        mode="pick"
        onClose={() => setDialog(null)}
        onUse={(template) => {
          setForm((f) => withTemplate(f, template));
          clearErrors(['content']);
          setDialog(null);
        }}
      />
      <VoiceLibraryDialog open={dialog === 'voice'} selected={form.voice} onSelect={(v) => set('voice', v)} onClose={() => setDialog(null)} />
    </>
  );
}
