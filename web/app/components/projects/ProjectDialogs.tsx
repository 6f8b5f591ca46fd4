// The dialogs a project card opens: Preview (GET /api/projects/{id}, 5 s, else the list's data;
// drawn in the project's template from GET /api/templates, a video project's player, under each
// slide the company library documents it cites, and what the AI generator made besides the
// slides; in each language the project is available in; its comment threads), Edit (GET with
// 10 s; PATCH on save) and the
// delete confirmation. AI Quality Scoring and the Enhanced AI Dashboard have their own files.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROJECT_LIMITS } from '@trainwright/catalogue';
import { editableField, editableText, projectDeck, type EditableField } from '@trainwright/formats';
import { api, get, isAbortError, patch, withTimeout } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { isVideoFormat } from '~/lib/downloads';
import { useCollabText, type Peer } from '~/lib/collab';
import { formatDate } from '~/lib/format';
import { templateLookOf, type TemplateLook } from '~/lib/preview';
import { citationsBySlide, citationsOf } from '~/lib/library';
import { isHttpUrl, projectPreviewSource, type Project, type ProjectSummary } from '~/lib/projects';
import type { TemplateListResponse } from '~/lib/templates';
import { fetchTranslation } from '~/lib/translations';
import { CommentsPanel } from '../comments/CommentsPanel';
import { SlideCitations } from '../library/SlideCitations';
import { LanguagePicker } from '../translation/LanguagePicker';
import { Editor } from '../Editor';
import { Modal } from '../Modal';
import { Button, ErrorBox, Field, FormActions, Spinner, describedBy, inputClass } from '../ui';
import { ProjectPreview } from './ContentView';
import { GeneratedDetails } from './GeneratedDetails';
import { StatusBadge } from './ProjectCard';
import {
  BrandingFields,
  BurnSubtitlesField,
  DEFAULT_DOCUMENT_FORMAT,
  DEFAULT_FONT_STYLE,
  DEFAULT_IMAGE_STYLE,
  DEFAULT_VISUAL_FORMAT,
  FormatFields,
  StyleFields,
  type BrandingDraft,
  type BrandingErrors,
} from './ProjectFormFields';

export const PREVIEW_TIMEOUT_MS = 5_000;
export const EDIT_TIMEOUT_MS = 10_000;

export function PreviewDialog({ project, onClose }: { project: ProjectSummary; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [full, setFull] = useState<Project | null>(null);
  const [loading, setLoading] = useState(true);
  const [fellBack, setFellBack] = useState(false);
  const [template, setTemplate] = useState<TemplateLook | null>(null);
  // '' (the project's own language) or a completed translation's language.
  const [language, setLanguage] = useState('');
  const [translated, setTranslated] = useState<Project['generated_content'] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    withTimeout(PREVIEW_TIMEOUT_MS, (signal) => get<Project>(`/projects/${encodeURIComponent(project.id)}`, signal), controller.signal)
      .then((p) => setFull(p))
      .catch((err: unknown) => {
        if (!controller.signal.aborted) setFellBack(true);
        if (!isAbortError(err)) console.warn('project detail unavailable, showing the list data', err);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [project.id]);

  const shown = full ?? project;
  const templateId = shown.template_id;
  const slideCount = useMemo(() => (full ? slideCountOf(full) : 0), [full]);
  // The library passages each slide drew on (the sources' own words, in any language shown).
  const citations = useMemo(() => citationsBySlide(citationsOf(full?.generated_content)), [full]);
  const slideFooter = citations.size > 0 ? (index: number) => <SlideCitations citations={citations.get(index) ?? []} /> : undefined;
  const source = projectPreviewSource(shown);
  const primary = shown.primary_language || 'en';
  const other = language && language !== primary ? language : '';

  // What the generator made besides the slides, in the chosen translation's words.
  useEffect(() => {
    setTranslated(null);
    if (!other) return;
    const controller = new AbortController();
    withTimeout(PREVIEW_TIMEOUT_MS, (signal) => fetchTranslation(shown.id, other, signal), controller.signal)
      .then((detail) => setTranslated(detail.generated_content ?? null))
      .catch((err: unknown) => {
        if (!isAbortError(err)) console.warn('translation unavailable, showing no generated details', err);
      });
    return () => controller.abort();
  }, [shown.id, other]);

  // The template's look: GET /api/templates lists the built-in ones and the company's own. Without
  // it (or on failure) the slides keep the default look.
  useEffect(() => {
    setTemplate(null);
    if (!templateId) return;
    const controller = new AbortController();
    withTimeout(PREVIEW_TIMEOUT_MS, (signal) => get<TemplateListResponse>('/templates', signal), controller.signal)
      .then((list) => setTemplate(templateLookOf(list.templates, templateId)))
      .catch((err: unknown) => {
        if (!isAbortError(err)) console.warn('templates unavailable, previewing with the default look', err);
      });
    return () => controller.abort();
  }, [templateId]);

  return (
    <Modal open onClose={onClose} title={shown.title} description={t('previewDialog.title')} size="lg">
      <div className="space-y-4" data-testid="preview-dialog">
        <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          <StatusBadge status={shown.status} />
          <span>{t('projects.card.createdOn', { date: formatDate(shown.created_at, i18n.language) })}</span>
          <span>·</span>
          <span>{source.generated ? t('previewDialog.generated') : t('previewDialog.ownContent')}</span>
        </div>
        {shown.description && <p className="whitespace-pre-line text-sm text-slate-600">{shown.description}</p>}
        {loading ? (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Spinner /> {t('common.loading')}
          </p>
        ) : (
          <>
            {fellBack && <p className="text-xs text-amber-700">{t('previewDialog.fallback')}</p>}
            <LanguagePicker primary={primary} available={shown.available_languages ?? []} value={language || primary} onChange={setLanguage} testId="preview-language" />
            <ProjectPreview
              project={shown}
              template={template}
              language={other}
              slideFooter={slideFooter}
              empty={shown.project_type === 'software_analysis' && full?.software_details ? (
                <span className="whitespace-pre-line text-left">{full.software_details}</span>
              ) : shown.files && shown.files.length > 0 ? (
                t('previewDialog.filesOnly', { files: shown.files.map((f) => f.filename).join(', ') })
              ) : (
                t('previewDialog.empty')
              )}
            />
            <GeneratedDetails content={other ? translated : (full?.generated_content ?? null)} />
            <CommentsPanel projectId={shown.id} slides={slideCount} hasVideo={isVideoFormat(shown.visual_format)} />
          </>
        )}
        <div className="flex justify-end border-t border-slate-200 pt-4">
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

type ContentField = EditableField;

interface EditDraft {
  title: string;
  description: string;
  content: string;
  visual_format: string;
  document_format: string;
  font_style: string;
  image_style: string;
  burn_subtitles: boolean;
  branding: BrandingDraft;
  ai_instructions: string;
}

/** Which text the dialog edits (the formats package's rule, which co-editing follows too). */
function contentFieldOf(project: Project): ContentField {
  return editableField(plainTexts(project));
}

function contentOf(project: Project, field: ContentField): string {
  return editableText(plainTexts(project), field);
}

function plainTexts(project: Project) {
  return { projectType: project.project_type, scriptContent: project.script_content ?? '', slidesContent: project.slides_content ?? '', generatedSlides: project.generated_content?.slides?.slide_content ?? '' };
}

function draftOf(project: Project, field: ContentField, fallbackCompany: string): EditDraft {
  return {
    title: project.title ?? '',
    description: project.description ?? '',
    content: contentOf(project, field),
    visual_format: project.visual_format || DEFAULT_VISUAL_FORMAT,
    document_format: project.document_format || DEFAULT_DOCUMENT_FORMAT,
    font_style: project.font_style || DEFAULT_FONT_STYLE,
    image_style: project.image_style || DEFAULT_IMAGE_STYLE,
    burn_subtitles: project.burn_subtitles === true,
    branding: project.branding
      ? { include: true, company_name: project.branding.company_name ?? '', logo_url: project.branding.logo_url ?? '', website: project.branding.website ?? '' }
      : { include: false, company_name: fallbackCompany, logo_url: '', website: '' },
    ai_instructions: project.ai_instructions ?? '',
  };
}

/** The slides a comment can point at: the deck the renders make of the project. */
function slideCountOf(project: Project): number {
  return projectDeck({ title: project.title, slidesContent: project.slides_content ?? '', scriptContent: project.script_content ?? '' }, project.generated_content?.slides?.slide_content ?? '')?.slides.length ?? 0;
}

/** Who else is editing the text now, each with their color and the line their caret is on. */
function LivePresence({ peers }: { peers: Peer[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="collab-presence" aria-live="polite">
      <span className="inline-flex items-center gap-1 font-medium text-emerald-700">
        <span className="h-2 w-2 rounded-full bg-emerald-500" aria-hidden="true" /> {t('collab.live')}
      </span>
      {peers.length === 0 ? (
        <span>{t('collab.alone')}</span>
      ) : (
        peers.map((peer) => (
          <span key={peer.clientId} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5" data-testid="collab-peer">
            <span className="flex h-4 w-4 items-center justify-center rounded-full text-[10px] font-bold text-white" style={{ backgroundColor: peer.color }} aria-hidden="true">
              {peer.name.slice(0, 1).toUpperCase()}
            </span>
            {peer.line === null ? peer.name : t('collab.peerAt', { name: peer.name, line: peer.line })}
          </span>
        ))
      )}
    </div>
  );
}

export function EditDialog({ project, onClose, onSaved }: { project: ProjectSummary; onClose: () => void; onSaved: (project: Project) => void }) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const id = useId();
  const [loaded, setLoaded] = useState<Project | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [draft, setDraft] = useState<EditDraft | null>(null);
  const [errors, setErrors] = useState<{ title?: string } & BrandingErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(false);
    withTimeout(EDIT_TIMEOUT_MS, (signal) => get<Project>(`/projects/${encodeURIComponent(project.id)}`, signal), controller.signal)
      .then((p) => {
        setLoaded(p);
        setDraft(draftOf(p, contentFieldOf(p), user.company));
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoadError(true);
      });
    return () => controller.abort();
  }, [project.id, attempt, user.company]);

  const field = loaded ? contentFieldOf(loaded) : 'script_content';
  // Where the company's plan has realtime collaboration (the server says), the text is shared live
  // with everyone editing the project and saved as it is typed.
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const live = useCollabText(project.id, loaded !== null, { id: user.id, name: user.name }, textareaRef);
  const liveText = live.status === 'live' && live.text !== null ? live.text : null;
  const original = useMemo(() => (loaded ? draftOf(loaded, field, user.company) : null), [loaded, field, user.company]);
  const set = <K extends keyof EditDraft>(key: K, value: EditDraft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d));

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!draft || !original || !loaded || saving) return;
    const found: { title?: string } & BrandingErrors = {};
    if (!draft.title.trim()) found.title = t('projectForm.errors.titleRequired');
    if (draft.branding.include) {
      if (draft.branding.logo_url.trim() && !isHttpUrl(draft.branding.logo_url.trim())) found.logo_url = t('companies.invalidUrl');
      if (draft.branding.website.trim() && !isHttpUrl(draft.branding.website.trim())) found.website = t('companies.invalidUrl');
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    // Only what changed is sent.
    const body: Record<string, unknown> = {};
    if (draft.title.trim() !== original.title) body.title = draft.title.trim();
    if (draft.description !== original.description) body.description = draft.description;
    // Shared live, the text is saved as it is typed; otherwise with the rest.
    if (liveText === null && draft.content !== original.content) body[field] = draft.content;
    for (const key of ['visual_format', 'document_format', 'font_style', 'image_style', 'ai_instructions'] as const) {
      if (draft[key] !== original[key]) body[key] = draft[key];
    }
    // Offered (and sent) for the video formats only.
    if (isVideoFormat(draft.visual_format) && draft.burn_subtitles !== original.burn_subtitles) body.burn_subtitles = draft.burn_subtitles;
    const b = draft.branding;
    const ob = original.branding;
    if (b.include !== ob.include || (b.include && (b.company_name !== ob.company_name || b.logo_url !== ob.logo_url || b.website !== ob.website))) {
      body.branding = b.include ? { company_name: b.company_name.trim(), logo_url: b.logo_url.trim(), website: b.website.trim() } : null;
    }
    if (Object.keys(body).length === 0) {
      onClose();
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const updated = await patch<Project>(`/projects/${encodeURIComponent(loaded.id)}`, body);
      onSaved(updated ?? { ...loaded, ...(body as Partial<Project>) });
    } catch {
      setSaveError(t('editDialog.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const contentLabel =
    field === 'generated_slides' ? t('editDialog.generatedSlides') : field === 'slides_content' ? t('projectForm.slidesContent') : t('projectForm.scriptContent');
  const editorMode = field === 'script_content' ? 'script' : 'slides';

  return (
    <Modal open onClose={onClose} title={t('editDialog.title')} description={project.title} size="lg">
      {loadError ? (
        <ErrorBox onRetry={() => setAttempt((a) => a + 1)} retryLabel={t('common.retry')}>
          {t('editDialog.loadFailed')}
        </ErrorBox>
      ) : !draft ? (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {t('common.loading')}
        </p>
      ) : (
        <form noValidate onSubmit={save} className="space-y-5">
          {saveError && <ErrorBox takeFocus>{saveError}</ErrorBox>}
          <Field id={`${id}-title`} label={t('projectForm.projectTitle')} error={errors.title}>
            <input
              id={`${id}-title`}
              value={draft.title}
              maxLength={PROJECT_LIMITS.title}
              onChange={(e) => set('title', e.target.value)}
              className={inputClass}
              {...describedBy(`${id}-title`, undefined, errors.title)}
            />
          </Field>
          <Field id={`${id}-description`} label={t('projectForm.description')}>
            <textarea id={`${id}-description`} rows={2} value={draft.description} onChange={(e) => set('description', e.target.value)} className={inputClass} />
          </Field>
          {liveText !== null && <LivePresence peers={live.peers} />}
          <Editor
            id={`${id}-content`}
            label={contentLabel}
            mode={editorMode}
            value={liveText ?? draft.content}
            onChange={(v) => (liveText !== null ? live.change(v) : set('content', v))}
            textareaRef={textareaRef}
            onCaret={live.caret}
            hint={liveText !== null ? t('collab.liveHint') : field === 'generated_slides' ? t('editDialog.generatedHint') : undefined}
          />
          {live.status === 'closed' && <p className="text-xs text-amber-700">{t('collab.closed')}</p>}
          <FormatFields
            user={user}
            visualFormat={draft.visual_format}
            documentFormat={draft.document_format}
            onVisualFormat={(v) => set('visual_format', v)}
            onDocumentFormat={(v) => set('document_format', v)}
          />
          {isVideoFormat(draft.visual_format) && <BurnSubtitlesField checked={draft.burn_subtitles} onChange={(v) => set('burn_subtitles', v)} />}
          <StyleFields fontStyle={draft.font_style} imageStyle={draft.image_style} onFontStyle={(v) => set('font_style', v)} onImageStyle={(v) => set('image_style', v)} />
          <BrandingFields value={draft.branding} onChange={(v) => set('branding', v)} errors={errors} />
          <Field id={`${id}-ai`} label={t('projectForm.aiInstructions')} hint={t('projectForm.aiHint')}>
            <textarea
              id={`${id}-ai`}
              rows={3}
              value={draft.ai_instructions}
              onChange={(e) => set('ai_instructions', e.target.value)}
              className={inputClass}
              {...describedBy(`${id}-ai`, true, undefined)}
            />
          </Field>
          <FormActions saving={saving} onCancel={onClose} />
        </form>
      )}
      {draft && (
        // The review beside the text: the same threads as the preview's (outside the edit form: its
        // own forms post comments, not the project).
        <details className="mt-4 rounded-lg border border-slate-200 px-3 py-2" data-testid="editor-comments">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">{t('comments.inEditor')}</summary>
          <CommentsPanel projectId={project.id} slides={loaded ? slideCountOf(loaded) : 0} hasVideo={isVideoFormat(draft.visual_format)} />
        </details>
      )}
    </Modal>
  );
}

export function DeleteDialog({ project, onClose, onDeleted }: { project: ProjectSummary; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await api<void>(`/projects/${encodeURIComponent(project.id)}`, { method: 'DELETE' });
      onDeleted();
    } catch {
      setError(t('deleteDialog.failed'));
      setBusy(false);
    }
  };
  return (
    <Modal open onClose={onClose} title={t('deleteDialog.title')} description={project.title}>
      <div className="space-y-4">
        {error && <ErrorBox takeFocus>{error}</ErrorBox>}
        <p className="text-sm text-slate-700">{t('deleteDialog.confirm')}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={busy}>
            {busy && <Spinner />}
            {t('deleteDialog.delete')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}
