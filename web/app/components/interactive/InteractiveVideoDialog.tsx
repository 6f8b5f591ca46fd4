// The Interactive Video creator (card menu 'Interactive Video', premium; part 2 sections 2-5, 7-9;
// docs/web.md "Interactive video"). Left: 'Use Template' (loads the project's template; 'Reload
// Template' only while it is on; a failed load is only logged), the duration (30-3600 s), the
// preview in the real player with the current edits, the timeline (drag or arrow keys to move an
// element), and the template's branching scenarios, read-only. Right: tabs with counts (Hotspots,
// Quizzes, CTAs, Chapters), '+ Add' with the catalogue's defaults, an editor per element. Footer:
// the element count, the duration as m:ss, Cancel and Create ('Creating...'; disabled with no
// elements or while creating). Create checks validateInteractiveVideo first and shows the issue at
// its field; the server's 4xx reason is shown the same way. When the project has an interactive
// video the dialog starts from its elements and shows its state live, and once a version is ready
// the share link and the embed code with copy buttons. A plan without videoGeneration sees the
// upgrade message instead.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type MutableRefObject } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  INTERACTIVE_VIDEO_LIMITS as L,
  INTERACTIVE_VIDEO_MESSAGES,
  durationForVideo,
  formatDuration,
  interactiveElementCount,
  validateInteractiveVideo,
  videoEndIssue,
  type Branch,
  type BranchingScenario,
  type InteractiveElements,
  type InteractiveVideoMetadata,
} from '@trainwright/catalogue';
import type { PlayerHandle } from '@trainwright/interactive-player';
import { ApiError } from '~/lib/api';
import { useSignedInUser } from '~/lib/auth';
import { errorText, messageText, storedFailureText } from '~/lib/errors';
import { planName } from '~/lib/format';
import {
  EDITABLE_KINDS,
  absoluteUrl,
  addElement,
  createFailureText,
  createInteractiveVideo,
  createRequestOf,
  draftFromTemplate,
  draftFromVideo,
  embedCode,
  fetchTemplate,
  initialDraft,
  interactiveLock,
  interactivePaths,
  isShareable,
  issueLocation,
  issueMessage,
  issueText,
  longerThanVideo,
  metadataOf,
  moveElement,
  newQuizOption,
  removeElement,
  serverIssue,
  updateElement,
  type CreateInteractiveVideoAnswer,
  type EditableKind,
  type EditorIssue,
  type ElementKind,
  type InteractiveDraft,
  type InteractiveVideo,
} from '~/lib/interactive-video';
import { previewVideoSrc } from '~/lib/preview';
import { useVideoSeconds } from '~/lib/useVideoSeconds';
import type { ProjectSummary } from '~/lib/projects';
import { useInteractiveVideo } from '~/lib/useInteractiveVideo';
import { LockIcon } from '../icons';
import { Modal } from '../Modal';
import { ProgressBar } from '../projects/ProjectCard';
import { Badge, Button, ButtonLink, ErrorBox, LoadingLine, Spinner, TabPanel, Tabs, cx, inputClass } from '../ui';
import { ChapterEditor, CtaEditor, HotspotEditor, NumberField, QuizEditor, checkboxClass } from './ElementEditors';
import { InteractivePlayer } from './InteractivePlayer';
import { Timeline } from './Timeline';

/** How long the preview waits after the last edit before it shows it (the player is mounted again). */
const PREVIEW_DEBOUNCE_MS = 700;

function Locked({ plan }: { plan: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="iv-locked">
      <p className="flex items-center gap-2 font-semibold">
        <LockIcon className="h-4 w-4" />
        {t('guard.title')}
      </p>
      <p className="mt-1">{t('guard.text')}</p>
      <p className="mt-1">{t('interactiveVideo.locked', { plan })}</p>
      <ButtonLink to="/billing" size="sm" className="mt-3">
        {t('guard.upgrade')}
      </ButtonLink>
    </div>
  );
}

const STATUS_TONES = { processing: 'indigo', ready: 'green', failed: 'red' } as const;

/** A read-only text with its Copy button; says when it was copied, or to copy it by hand. */
function CopyField({ label, value, copyLabel, multiline = false, testId }: { label: string; value: string; copyLabel: string; multiline?: boolean; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      // No clipboard access (permissions, an insecure context): the text is selected to copy by hand.
      (document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)?.select();
      setCopied('no');
    }
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex items-start gap-2">
        {multiline ? (
          <textarea id={id} readOnly value={value} rows={3} className={cx(inputClass, 'font-mono text-xs')} data-testid={testId} onFocus={(e) => e.target.select()} />
        ) : (
          <input id={id} readOnly value={value} className={inputClass} data-testid={testId} onFocus={(e) => e.target.select()} />
        )}
        <Button variant="secondary" size="sm" className="mt-1 shrink-0" onClick={() => void copy()} aria-label={copyLabel}>
          {t('interactiveVideo.share.copy')}
        </Button>
      </div>
      <p className="mt-1 min-h-[1rem] text-xs text-slate-600" role="status">
        {copied === 'yes' ? t('interactiveVideo.share.copied') : copied === 'no' ? t('interactiveVideo.share.copyManually') : ''}
      </p>
    </div>
  );
}

/** The project's interactive video: its state (live), and once a version is ready the link and embed code. */
function VideoStatus({ video, title }: { video: InteractiveVideo; title: string }) {
  const { t } = useTranslation();
  const status = video.status in STATUS_TONES ? (video.status as keyof typeof STATUS_TONES) : 'processing';
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const shareUrl = absoluteUrl(video.share_url || interactivePaths.watch(video.token), origin);
  const embedUrl = absoluteUrl(video.embed_url || interactivePaths.embed(video.token), origin);
  return (
    <section className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3" aria-label={t('interactiveVideo.status.heading')} data-testid="iv-status" data-status={video.status}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-sm font-semibold text-slate-900">{t('interactiveVideo.status.heading')}</h3>
        <Badge tone={STATUS_TONES[status]}>{t(`interactiveVideo.status.${status}`)}</Badge>
        <span className="text-xs text-slate-500">{t('interactiveVideo.status.version', { version: video.version })}</span>
      </div>
      {status === 'processing' && <ProgressBar label={t('interactiveVideo.status.preparing')} percent={video.progress} testId="iv-progress" />}
      {status === 'failed' && (
        <p className="rounded bg-red-50 px-2 py-1 text-xs text-red-700" role="note">
          {storedFailureText(video, t) ?? t('interactiveVideo.messages.createFailed')}
        </p>
      )}
      {status !== 'ready' && isShareable(video) && <p className="text-xs text-slate-600">{t('interactiveVideo.status.previousPublished', { version: video.published_version })}</p>}
      {isShareable(video) && (
        <div className="grid gap-3 md:grid-cols-2" data-testid="iv-share">
          <div>
            <CopyField label={t('interactiveVideo.share.link')} value={shareUrl} copyLabel={t('interactiveVideo.share.copyLink')} testId="iv-share-url" />
            <a href={shareUrl} target="_blank" rel="noopener noreferrer" className="text-xs font-medium text-indigo-700 underline hover:text-indigo-900">
              {t('interactiveVideo.share.open')}
            </a>
          </div>
          <CopyField label={t('interactiveVideo.share.embed')} value={embedCode(embedUrl, title)} copyLabel={t('interactiveVideo.share.copyEmbed')} multiline testId="iv-embed-code" />
        </div>
      )}
    </section>
  );
}

/** Where a branch leads, in words. */
function branchTarget(branch: Branch, chapters: InteractiveElements['chapters'], t: TFunction): string {
  if (branch.target_type === 'chapter') {
    const chapter = chapters.find((c) => c.id === branch.target_chapter_id);
    return t('interactiveVideo.branching.toChapter', { title: chapter?.title ?? branch.target_chapter_id ?? '' });
  }
  if (branch.target_type === 'time') return t('interactiveVideo.branching.toTime', { time: formatDuration(branch.target_time ?? 0) });
  return t('interactiveVideo.branching.toProject');
}

/** The template's branching scenarios: kept as they are and sent back, not editable here. */
function BranchingList({ scenarios, chapters }: { scenarios: readonly BranchingScenario[]; chapters: InteractiveElements['chapters'] }) {
  const { t } = useTranslation();
  if (scenarios.length === 0) return null;
  return (
    <section className="space-y-2" aria-labelledby="iv-branching-heading" data-testid="iv-branching">
      <h4 id="iv-branching-heading" className="text-sm font-semibold text-slate-900">
        {t('interactiveVideo.branching.heading')}
      </h4>
      <p className="text-xs text-slate-500">{t('interactiveVideo.branching.hint')}</p>
      <ul className="space-y-2">
        {scenarios.map((s) => (
          <li key={s.id} className="rounded-md border border-slate-200 p-2 text-sm" data-element-id={s.id}>
            <p className="font-medium text-slate-900">
              {s.title} <span className="font-normal text-slate-500">· {formatDuration(s.show_time)} · {t(`interactiveVideo.branching.types.${s.type}`)}</span>
            </p>
            {s.prompt && <p className="text-xs text-slate-600">{s.prompt}</p>}
            <ul className="mt-1 list-disc pl-5 text-xs text-slate-600">
              {s.branches.map((b) => (
                <li key={b.id}>
                  {s.type === 'score' ? t('interactiveVideo.branching.scoreBranch', { label: b.label, score: b.min_score }) : b.label} → {branchTarget(b, chapters, t)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The preview in the real player, showing the edits once they pass the checks (the last good ones until then). */
function Preview({ src, metadata, stale, player }: { src: string | null; metadata: InteractiveVideoMetadata | null; stale: boolean; player: MutableRefObject<PlayerHandle | null> }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-2" aria-labelledby="iv-preview-heading">
      <h4 id="iv-preview-heading" className="text-sm font-semibold text-slate-900">
        {t('interactiveVideo.preview.heading')}
      </h4>
      {src && metadata ? (
        <InteractivePlayer videoUrl={src} metadata={metadata} handleRef={player} testId="iv-preview" className="overflow-hidden rounded-md" />
      ) : (
        <p className="rounded-md bg-slate-100 px-3 py-6 text-center text-sm text-slate-600" data-testid="iv-preview-none">
          {src ? t('common.loading') : messageText(INTERACTIVE_VIDEO_MESSAGES.noVideo, t)}
        </p>
      )}
      {stale && <p className="text-xs text-amber-800">{t('interactiveVideo.preview.stale')}</p>}
    </section>
  );
}

type Failure = { text: string; issue: EditorIssue | null; upgrade: boolean };

export function InteractiveVideoDialog({
  project,
  onClose,
  onCreated,
}: {
  project: ProjectSummary;
  onClose: () => void;
  /** Creation started: the caller says so and closes the dialog. */
  onCreated: (answer: CreateInteractiveVideoAnswer) => void;
}) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const idBase = useId();
  const lock = interactiveLock(user, project);
  const state = useInteractiveVideo(lock ? null : project.id);
  const [draft, setDraft] = useState<InteractiveDraft | null>(null);
  const [tab, setTab] = useState<EditableKind>('hotspots');
  const [useTemplate, setUseTemplate] = useState(false);
  const [templateLoading, setTemplateLoading] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** Set by Create when it stops at an issue or a refusal: the box takes focus then, not while typing. */
  const [focusProblem, setFocusProblem] = useState(false);
  const player = useRef<PlayerHandle | null>(null);
  const live = useRef(true);
  const templateRequest = useRef(0);
  /** The duration was chosen (typed, or set by the template): the measured video no longer sets it. */
  const durationChosen = useRef(false);
  const videoSrc = lock ? null : previewVideoSrc(project);
  /** The project's narrated video as the browser measures it (null until known or without one). */
  const videoSeconds = useVideoSeconds(videoSrc);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  // The editor starts from the project's interactive video when it has one, else empty (300 s).
  useEffect(() => {
    if (state.loaded && draft === null) setDraft(state.video ? draftFromVideo(state.video) : initialDraft());
  }, [state.loaded, state.video, draft]);

  // A new interactive video takes the narrated video's length once the browser has measured it.
  useEffect(() => {
    if (videoSeconds === null || state.video || durationChosen.current) return;
    setDraft((d) => (d ? { ...d, duration: durationForVideo(videoSeconds) } : d));
  }, [videoSeconds, state.video, draft === null]);

  /** Every change of the draft: a refusal the server gave about the previous one no longer applies. */
  const change = useCallback((update: (d: InteractiveDraft) => InteractiveDraft) => {
    setDraft((d) => (d ? update(d) : d));
    setFailure((f) => (f?.issue ? null : f));
    setFocusProblem(false);
  }, []);
  const changeElements = useCallback((update: (e: InteractiveElements, duration: number) => InteractiveElements) => change((d) => ({ ...d, elements: update(d.elements, d.duration) })), [change]);

  const loadTemplate = async () => {
    if (!draft) return;
    const request = ++templateRequest.current;
    setTemplateLoading(true);
    try {
      const answer = await fetchTemplate(project.id, Number.isFinite(draft.duration) ? draft.duration : L.editorDefaultDuration);
      if (!live.current || request !== templateRequest.current) return;
      durationChosen.current = true;
      change((d) => draftFromTemplate(d, answer));
    } catch (error) {
      // The specification: a template that cannot be loaded is only logged.
      console.error('Failed to load the interactive video template', error);
    } finally {
      if (live.current && request === templateRequest.current) setTemplateLoading(false);
    }
  };

  const metadata = useMemo(() => (draft ? metadataOf(project.id, draft) : null), [draft, project.id]);
  const localIssue = useMemo(() => (metadata ? validateInteractiveVideo(metadata) : null), [metadata]);
  // Times past the real video's end (the server refuses them too); the preview still follows them.
  const endIssue = useMemo(() => (metadata && videoSeconds !== null ? videoEndIssue(metadata, videoSeconds) : null), [metadata, videoSeconds]);
  const issue = failure?.issue ?? (submitted ? (localIssue ?? endIssue) : null);
  const count = draft ? interactiveElementCount(draft.elements) : 0;

  // The preview follows the edits a moment after the last one, while they pass the checks (no
  // element at all is fine to preview).
  const [previewMetadata, setPreviewMetadata] = useState<InteractiveVideoMetadata | null>(null);
  const previewable = !!metadata && (localIssue === null || localIssue.path === 'video_metadata');
  useEffect(() => {
    if (!metadata || !previewable) return;
    const timer = setTimeout(() => setPreviewMetadata(metadata), previewMetadata ? PREVIEW_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
    // (previewMetadata is read, not followed: the first preview shows at once, later ones after the pause.)
  }, [metadata, previewable]);

  const goTo = (found: EditorIssue) => {
    const { kind } = issueLocation(found.path);
    if (kind && kind !== 'branching_scenarios') setTab(kind);
  };

  const create = async () => {
    if (!draft || creating || count === 0) return;
    setSubmitted(true);
    setFailure(null);
    setFocusProblem(false);
    const checked = metadataOf(project.id, draft);
    const found = validateInteractiveVideo(checked) ?? (videoSeconds !== null ? videoEndIssue(checked, videoSeconds) : null);
    if (found) {
      goTo(found);
      setFocusProblem(true);
      return;
    }
    setCreating(true);
    const request = createRequestOf(project.id, draft);
    try {
      const answer = await createInteractiveVideo(request);
      if (!live.current) return;
      state.created(answer.interactive_video);
      onCreated(answer);
    } catch (error) {
      if (!live.current) return;
      const refused = serverIssue(error, request.video_metadata);
      setFailure({ text: createFailureText(error, t, refused), issue: refused, upgrade: error instanceof ApiError && error.code === 'FEATURE_NOT_AVAILABLE' });
      if (refused) goTo(refused);
      setFocusProblem(true);
    } finally {
      if (live.current) setCreating(false);
    }
  };

  const moveOnTimeline = useCallback((kind: ElementKind, id: string, to: number) => changeElements((e, duration) => moveElement(e, kind, id, to, duration)), [changeElements]);

  const body = () => {
    if (lock) return <Locked plan={planName(t, lock.plan)} />;
    if (state.error != null && !state.loaded) {
      return (
        <ErrorBox onRetry={() => void state.reload()} retryLabel={t('common.retry')}>
          {t('interactiveVideo.loadFailed')} {errorText(state.error, t)}
        </ErrorBox>
      );
    }
    if (!draft || !metadata) return <LoadingLine />;
    const disabled = creating;
    const e = draft.elements;
    const pathOf = (kind: EditableKind, index: number) => `${kind}[${index}]`;
    const tabLabels: Record<EditableKind, string> = {
      hotspots: t('interactiveVideo.tabs.hotspots', { n: e.hotspots.length }),
      quizzes: t('interactiveVideo.tabs.quizzes', { n: e.quizzes.length }),
      call_to_actions: t('interactiveVideo.tabs.call_to_actions', { n: e.call_to_actions.length }),
      chapters: t('interactiveVideo.tabs.chapters', { n: e.chapters.length }),
    };
    const durationIssue = issue?.path === 'video_duration' ? issueMessage(issue, t) : undefined;

    return (
      <>
        {state.video && <VideoStatus video={state.video} title={project.title} />}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
          className="space-y-4"
        >
          <div className="grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
            {/* Left: settings, preview, timeline, branching. */}
            <div className="space-y-4" data-testid="iv-left">
              <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">{t('interactiveVideo.settings')}</legend>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex items-center gap-2">
                    <input
                      id={`${idBase}-template`}
                      type="checkbox"
                      className={checkboxClass}
                      checked={useTemplate}
                      disabled={disabled}
                      aria-describedby={`${idBase}-template-hint`}
                      onChange={(event) => {
                        setUseTemplate(event.target.checked);
                        if (event.target.checked) void loadTemplate();
                      }}
                    />
                    <label htmlFor={`${idBase}-template`} className="text-sm font-medium text-slate-900">
                      {t('interactiveVideo.useTemplate')}
                    </label>
                    {templateLoading && <Spinner className="h-4 w-4 text-indigo-600" />}
                  </div>
                  {useTemplate && (
                    <Button variant="secondary" size="sm" disabled={disabled || templateLoading} onClick={() => void loadTemplate()}>
                      {t('interactiveVideo.reloadTemplate')}
                    </Button>
                  )}
                </div>
                <p id={`${idBase}-template-hint`} className="text-xs text-slate-500">
                  {t('interactiveVideo.useTemplateHint')}
                </p>
                <div aria-live="polite" className="sr-only">
                  {templateLoading ? t('interactiveVideo.loadingTemplate') : ''}
                </div>
                <NumberField
                  id={`${idBase}-duration`}
                  label={t('interactiveVideo.duration')}
                  value={draft.duration}
                  min={L.durationMin}
                  max={L.durationMax}
                  disabled={disabled}
                  error={durationIssue}
                  hint={t('interactiveVideo.durationHint', { min: L.durationMin, max: L.durationMax, time: formatDuration(Number.isFinite(draft.duration) ? draft.duration : 0) })}
                  onChange={(duration) => {
                    durationChosen.current = true;
                    change((d) => ({ ...d, duration }));
                  }}
                />
                {videoSeconds !== null && longerThanVideo(draft.duration, videoSeconds) && (
                  <p className="text-xs text-amber-800" data-testid="iv-longer-than-video">
                    {t('interactiveVideo.longerThanVideo', { time: formatDuration(Math.round(videoSeconds)) })}
                  </p>
                )}
              </fieldset>
              <Preview src={videoSrc} metadata={previewMetadata} stale={!previewable && !!previewMetadata} player={player} />
              <Timeline duration={draft.duration} elements={e} disabled={disabled} onMove={moveOnTimeline} player={player} />
              <BranchingList scenarios={e.branching_scenarios} chapters={e.chapters} />
            </div>

            {/* Right: the elements, a tab per kind. */}
            <div className="space-y-3" data-testid="iv-right">
              <div className="flex items-end justify-between gap-2">
                <div className="min-w-0 flex-1">
                  <Tabs idBase={idBase} label={t('interactiveVideo.tabsLabel')} value={tab} onChange={setTab} tabs={EDITABLE_KINDS.map((key) => ({ key, label: tabLabels[key] }))} />
                </div>
                <Button size="sm" disabled={disabled || count >= L.elementsMax} onClick={() => changeElements((els, duration) => addElement(els, tab, duration, player.current?.state().time))}>
                  {t('interactiveVideo.add')}
                </Button>
              </div>
              <TabPanel idBase={idBase} tab={tab} className="max-h-[60vh] space-y-3 overflow-y-auto pr-1">
                {e[tab].length === 0 && <p className="py-4 text-center text-sm text-slate-500">{t(`interactiveVideo.empty.${tab}`)}</p>}
                {tab === 'hotspots' &&
                  e.hotspots.map((hotspot, index) => (
                    <HotspotEditor
                      key={hotspot.id}
                      hotspot={hotspot}
                      index={index}
                      path={pathOf('hotspots', index)}
                      issue={issue}
                      disabled={disabled}
                      update={(c) => changeElements((els) => updateElement(els, 'hotspots', hotspot.id, c))}
                      onRemove={() => changeElements((els) => removeElement(els, 'hotspots', hotspot.id))}
                    />
                  ))}
                {tab === 'quizzes' &&
                  e.quizzes.map((quiz, index) => (
                    <QuizEditor
                      key={quiz.id}
                      quiz={quiz}
                      index={index}
                      path={pathOf('quizzes', index)}
                      issue={issue}
                      disabled={disabled}
                      update={(c) => changeElements((els) => updateElement(els, 'quizzes', quiz.id, c))}
                      onAddOption={() =>
                        changeElements((els) => {
                          const current = els.quizzes.find((q) => q.id === quiz.id);
                          if (!current) return els;
                          return updateElement(els, 'quizzes', quiz.id, { options: [...current.options, newQuizOption(els, quiz.id, current.options)] });
                        })
                      }
                      onRemove={() => changeElements((els) => removeElement(els, 'quizzes', quiz.id))}
                    />
                  ))}
                {tab === 'call_to_actions' &&
                  e.call_to_actions.map((cta, index) => (
                    <CtaEditor
                      key={cta.id}
                      cta={cta}
                      index={index}
                      path={pathOf('call_to_actions', index)}
                      issue={issue}
                      disabled={disabled}
                      update={(c) => changeElements((els) => updateElement(els, 'call_to_actions', cta.id, c))}
                      onRemove={() => changeElements((els) => removeElement(els, 'call_to_actions', cta.id))}
                    />
                  ))}
                {tab === 'chapters' &&
                  e.chapters.map((chapter, index) => (
                    <ChapterEditor
                      key={chapter.id}
                      chapter={chapter}
                      index={index}
                      path={pathOf('chapters', index)}
                      issue={issue}
                      disabled={disabled}
                      update={(c) => changeElements((els) => updateElement(els, 'chapters', chapter.id, c))}
                      onRemove={() => changeElements((els) => removeElement(els, 'chapters', chapter.id))}
                    />
                  ))}
              </TabPanel>
            </div>
          </div>

          {failure ? (
            <ErrorBox takeFocus={focusProblem}>
              <span data-testid="iv-result" data-result="failure">
                {failure.text}
              </span>
              {failure.issue && issueLocation(failure.issue.path).kind && <span className="block">{issueText(failure.issue, t)}</span>}
              {failure.upgrade && (
                <ButtonLink to="/billing" size="sm" className="ml-2">
                  {t('guard.upgrade')}
                </ButtonLink>
              )}
            </ErrorBox>
          ) : (
            issue && (
              <ErrorBox takeFocus={focusProblem}>
                <span data-testid="iv-issue" data-path={issue.path}>
                  {issueText(issue, t)}
                </span>
              </ErrorBox>
            )
          )}

          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-4">
            <p className="text-sm text-slate-600" data-testid="iv-summary">
              <span data-testid="iv-count">{t('interactiveVideo.footer.elements', { count })}</span>
              <span aria-hidden="true"> · </span>
              <span data-testid="iv-duration">{t('interactiveVideo.footer.duration', { time: formatDuration(Number.isFinite(draft.duration) ? draft.duration : 0) })}</span>
            </p>
            <div className="flex gap-2">
              <Button variant="secondary" onClick={onClose} disabled={creating}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" disabled={creating || count === 0}>
                {creating && <Spinner />}
                {creating ? t('interactiveVideo.creating') : t('interactiveVideo.create')}
              </Button>
            </div>
          </div>
        </form>
      </>
    );
  };

  return (
    <Modal open onClose={onClose} title={t('interactiveVideo.title')} description={project.title} size="xl" dismissible={!creating}>
      <div className="space-y-4" data-testid="iv-dialog" aria-busy={creating || templateLoading}>
        {body()}
      </div>
    </Modal>
  );
}
