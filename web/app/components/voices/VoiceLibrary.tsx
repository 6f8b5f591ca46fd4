// The voice library (part 2 sections 2-5, 7-9; docs/api.md "Downloads and voices"): tabs Premade
// Voices (GET /api/voices/available with the category filter), Custom Voices (GET
// /api/voices/user/custom) and Clone Voice (multipart POST /api/voices/clone with the bytes sent
// shown). Cards: name, Premium badge, description, gender and age, Preview (POST
// /api/voices/preview/{id}, played in an <audio>: idle -> playing -> idle on end or a second click)
// and Select, which reports {voice_id, name, category} and closes. A voice the plan does not unlock
// shows a lock; Select and Preview then show its message. Opened from the dashboard's 'AI Voices'
// (Workspace) and the create form's voice chooser (VoiceChooser).
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { ApiError, isAbortError } from '~/lib/api';
import { serverErrorText, serverMessageText } from '~/lib/errors';
import { titleCaseStatus } from '~/lib/projects';
import { formatBytes, UploadCancelled, type MultipartHandle } from '~/lib/uploads';
import {
  categoryFilters,
  checkCloneRequest,
  cloneCheckText,
  cloneFileProblem,
  cloneFileProblemText,
  cloneVoice,
  CLONE_MAX_FILES,
  CLONE_RULE,
  filterVoices,
  listCustomVoices,
  listVoices,
  previewAudioUrl,
  previewVoice,
  voiceLockText,
  voiceSelectionOf,
  type Voice,
  type VoiceListResponse,
  type VoiceSelection,
} from '~/lib/voices';
import { CloseIcon, LockIcon, MicIcon, PlayIcon, StopIcon } from '../icons';
import { Modal } from '../Modal';
import { DropZone, UploadProgress } from '../projects/FileUpload';
import { useWorkspace } from '../projects/workspace-context';
import { Badge, Button, EmptyState, ErrorBox, Field, Spinner, TabPanel, Tabs, cx, describedBy, inputClass } from '../ui';

export type PreviewPhase = 'idle' | 'loading' | 'playing';

/** A label of the server's (gender, age, category) in the interface language, else title-cased. */
function useLabel() {
  const { t } = useTranslation();
  return (group: 'genders' | 'ages' | 'categories', value: string) => t(`voices.${group}.${value}`, { defaultValue: titleCaseStatus(value) });
}

/** One voice: name, badges, description, characteristics, the lock, Preview and Select. */
export function VoiceCard({
  voice,
  selected,
  preview,
  lockShown,
  upgradeLink,
  onPreview,
  onSelect,
}: {
  voice: Voice;
  selected: boolean;
  preview: PreviewPhase;
  /** The lock message is shown (after Select or Preview on a locked voice). */
  lockShown: boolean;
  /** Where to upgrade, shown with the lock message. */
  upgradeLink?: ReactNode;
  onPreview: () => void;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const id = useId();
  const lockText = voiceLockText(voice, t);
  const traits = [
    voice.labels?.gender ? label('genders', voice.labels.gender) : '',
    voice.labels?.age ? label('ages', voice.labels.age) : '',
    voice.labels?.accent ?? '',
  ].filter(Boolean);
  const lockedProps = voice.locked ? { 'aria-disabled': true, 'aria-describedby': lockShown ? `${id}-lock` : undefined } : {};

  return (
    <li
      data-testid="voice-card"
      data-voice-id={voice.voice_id}
      data-locked={voice.locked ? 'true' : 'false'}
      aria-labelledby={`${id}-name`}
      className={cx(
        'flex flex-col gap-2 rounded-lg border p-3',
        selected ? 'border-indigo-500 bg-indigo-50/60 ring-1 ring-indigo-500' : voice.locked ? 'border-slate-200 bg-slate-50' : 'border-slate-200 bg-white',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={`${id}-name`} className="font-semibold text-slate-900">
          {voice.name}
        </h3>
        <div className="flex flex-wrap gap-1">
          {voice.is_premium && <Badge tone="amber">{t('voices.premium')}</Badge>}
          {voice.category !== 'premade' && <Badge tone="indigo">{label('categories', voice.category)}</Badge>}
          {voice.locked && (
            <span className="inline-flex items-center gap-1 rounded-full bg-slate-800 px-2 py-0.5 text-xs font-medium text-white" data-testid="voice-locked">
              <LockIcon className="h-3 w-3" />
              {t('voices.locked')}
            </span>
          )}
          {selected && <Badge tone="green">{t('voices.selectedBadge')}</Badge>}
        </div>
      </div>
      <p className="text-sm text-slate-600">{voice.description?.trim() || t('voices.defaultDescription')}</p>
      {voice.category === 'matched' && <p className="text-xs text-slate-500">{t('voices.matchedNote')}</p>}
      {traits.length > 0 && (
        <p className="text-xs text-slate-500">
          <span className="sr-only">{t('voices.traits')}: </span>
          {traits.join(' · ')}
        </p>
      )}
      {lockShown && lockText && (
        <p
          id={`${id}-lock`}
          role="alert"
          className="flex items-start gap-2 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-900"
          data-testid="voice-lock-message"
        >
          <LockIcon className="mt-0.5 h-3.5 w-3.5 shrink-0" />
          <span>
            {lockText} {upgradeLink}
          </span>
        </p>
      )}
      <div className="mt-auto flex gap-2 pt-1">
        <Button
          variant="secondary"
          size="sm"
          onClick={onPreview}
          aria-label={preview === 'playing' ? t('voices.stopNamed', { name: voice.name }) : t('voices.previewNamed', { name: voice.name })}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          {...lockedProps}
        >
          {preview === 'loading' ? (
            <Spinner className="h-3.5 w-3.5" />
          ) : preview === 'playing' ? (
            <StopIcon className="h-3.5 w-3.5" />
          ) : (
            <PlayIcon className="h-3.5 w-3.5" />
          )}
          {preview === 'loading' ? t('voices.previewLoading') : preview === 'playing' ? t('voices.stop') : t('voices.preview')}
        </Button>
        <Button
          size="sm"
          onClick={onSelect}
          aria-label={t('voices.selectNamed', { name: voice.name })}
          className="aria-disabled:cursor-not-allowed aria-disabled:bg-indigo-300"
          {...lockedProps}
        >
          {t('voices.select')}
        </Button>
      </div>
    </li>
  );
}

interface Loaded<T> {
  data: T | null;
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/** Loads once on mount; reload() loads again, keeping the last answer while it runs. */
function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const controller = useRef<AbortController | null>(null);
  const reload = useCallback(() => {
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setState((s) => ({ ...s, error: null, loading: true }));
    load(c.signal).then(
      (data) => {
        if (!c.signal.aborted) setState({ data, error: null, loading: false });
      },
      (error: unknown) => {
        if (c.signal.aborted) return;
        console.warn('voices could not be loaded', error);
        setState((s) => ({ data: s.data, error, loading: false }));
      },
    );
  }, [load]);
  useEffect(() => {
    reload();
    return () => controller.current?.abort();
  }, [reload]);
  return { ...state, reload };
}

const loadAvailable = (signal: AbortSignal): Promise<VoiceListResponse> => listVoices(signal);
const loadCustom = (signal: AbortSignal): Promise<Voice[]> => listCustomVoices(signal).then((answer) => answer.voices ?? []);

/** The clone form: name (required), description, audio samples (MP3, WAV, M4A, AAC, 10 MB each). */
function CloneVoiceForm({ onCloned }: { onCloned: (voice: Voice) => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ name?: boolean; files?: boolean }>({});
  const [sending, setSending] = useState<{ sent: number; total: number } | null>(null);
  const handle = useRef<MultipartHandle<Voice> | null>(null);

  // A clone still being sent when the dialog closes is cancelled.
  useEffect(() => () => handle.current?.cancel(), []);

  const addFiles = (incoming: File[]) => {
    const problems: string[] = [];
    const accepted: File[] = [];
    for (const file of incoming) {
      const problem = cloneFileProblem(file);
      if (problem) problems.push(cloneFileProblemText(problem, t, i18n.language));
      else if (!files.some((f) => f.name === file.name && f.size === file.size) && !accepted.some((f) => f.name === file.name && f.size === file.size))
        accepted.push(file);
    }
    const room = CLONE_MAX_FILES - files.length;
    if (accepted.length > room) problems.push(t('voices.clone.errors.tooMany', { max: CLONE_MAX_FILES }));
    const kept = accepted.slice(0, Math.max(0, room));
    if (kept.length > 0) {
      setFiles((list) => [...list, ...kept]);
      setMissing((m) => ({ ...m, files: false }));
      setError(null);
    }
    setFileError(problems.length > 0 ? problems.join(' ') : null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const check = checkCloneRequest({ name, description, files });
    if (!check.ok) {
      setMissing({ name: !name.trim(), files: files.length === 0 });
      setError(cloneCheckText(check, t, i18n.language));
      return;
    }
    setError(null);
    setSending({ sent: 0, total: files.reduce((sum, f) => sum + f.size, 0) });
    const h = cloneVoice({ name: check.name, description: check.description, files }, (sent, total) => setSending({ sent, total }));
    handle.current = h;
    try {
      const voice = await h.promise;
      onCloned(voice);
    } catch (err) {
      if (err instanceof UploadCancelled) return;
      const message = err instanceof ApiError && err.status >= 400 && err.status < 500 ? serverErrorText(err, t) : null;
      setError(message ? t('voices.clone.failedWith', { message }) : t('voices.clone.failed'));
    } finally {
      if (handle.current === h) handle.current = null;
      setSending(null);
    }
  };

  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const uploaded = sending !== null && sending.total > 0 && sending.sent >= sending.total;

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-busy={sending !== null} data-testid="clone-form">
      {error && <ErrorBox takeFocus>{error}</ErrorBox>}
      <div className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <p className="font-medium">{t('voices.clone.instructionsTitle')}</p>
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs text-slate-600">
          <li>{t('voices.clone.instructionsSamples')}</li>
          <li>{t('voices.clone.instructionsQuality')}</li>
          <li>{t('voices.clone.instructionsMatched')}</li>
        </ul>
      </div>
      <Field id={`${id}-name`} label={t('voices.clone.name')} error={missing.name ? t('voices.clone.nameRequired') : undefined}>
        <input
          id={`${id}-name`}
          value={name}
          maxLength={100}
          required
          aria-required="true"
          disabled={sending !== null}
          onChange={(e) => {
            setName(e.target.value);
            if (e.target.value.trim()) setMissing((m) => ({ ...m, name: false }));
          }}
          className={inputClass}
          {...describedBy(`${id}-name`, undefined, missing.name ? t('voices.clone.nameRequired') : undefined)}
        />
      </Field>
      <Field id={`${id}-description`} label={t('voices.clone.description')} hint={t('projectForm.optional')}>
        <textarea
          id={`${id}-description`}
          rows={2}
          maxLength={500}
          value={description}
          disabled={sending !== null}
          onChange={(e) => setDescription(e.target.value)}
          className={inputClass}
          {...describedBy(`${id}-description`, true, undefined)}
        />
      </Field>
      <div>
        <DropZone
          id={`${id}-files`}
          label={t('voices.clone.samples')}
          extensions={CLONE_RULE.extensions}
          maxBytes={CLONE_RULE.maxBytes}
          multiple
          disabled={sending !== null}
          error={fileError ?? (missing.files ? t('voices.clone.filesRequired') : undefined)}
          onFiles={addFiles}
        />
        {files.length > 0 && (
          <ul className="mt-2 space-y-2" aria-label={t('voices.clone.filesLabel')} data-testid="clone-files">
            {files.map((file, index) => (
              <li
                key={`${file.name}-${file.size}-${index}`}
                className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <MicIcon className="h-4 w-4 shrink-0 text-slate-400" />
                  <span className="truncate font-medium text-slate-800">{file.name}</span>
                  <span className="shrink-0 text-xs text-slate-500">{size(file.size)}</span>
                </span>
                <button
                  type="button"
                  disabled={sending !== null}
                  onClick={() => setFiles((list) => list.filter((_, i) => i !== index))}
                  className="shrink-0 rounded p-0.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-50"
                  aria-label={t('upload.removeNamed', { name: file.name })}
                >
                  <CloseIcon className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {sending && (
        <div>
          <UploadProgress label={t('voices.clone.progressLabel')} sent={sending.sent} total={sending.total} />
          {uploaded && (
            <p className="mt-1 flex items-center gap-2 text-xs text-slate-600" role="status">
              <Spinner className="h-3.5 w-3.5 text-indigo-600" />
              {t('voices.clone.analysing')}
            </p>
          )}
        </div>
      )}
      <div className="flex justify-end gap-2">
        {sending && (
          <Button variant="secondary" onClick={() => handle.current?.cancel()}>
            {t('upload.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={sending !== null}>
          {sending && <Spinner />}
          {sending ? t('voices.clone.cloning') : t('voices.clone.submit')}
        </Button>
      </div>
    </form>
  );
}

type Tab = 'premade' | 'custom' | 'clone';

function VoiceGrid({
  voices,
  selected,
  preview,
  lockShown,
  upgradeLink,
  onPreview,
  onSelect,
  label,
}: {
  voices: Voice[];
  selected: VoiceSelection | null;
  preview: { id: string; phase: PreviewPhase } | null;
  lockShown: string | null;
  upgradeLink: ReactNode;
  onPreview: (voice: Voice) => void;
  onSelect: (voice: Voice) => void;
  label: string;
}) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label={label}>
      {voices.map((voice) => (
        <VoiceCard
          key={voice.voice_id}
          voice={voice}
          selected={selected?.voice_id === voice.voice_id}
          preview={preview?.id === voice.voice_id ? preview.phase : 'idle'}
          lockShown={lockShown === voice.voice_id}
          upgradeLink={upgradeLink}
          onPreview={() => onPreview(voice)}
          onSelect={() => onSelect(voice)}
        />
      ))}
    </ul>
  );
}

function VoiceLibrary({ selected, onSelect, onClose }: { selected: VoiceSelection | null; onSelect: (voice: VoiceSelection) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { notify } = useWorkspace();
  const label = useLabel();
  const idBase = useId();
  const [tab, setTab] = useState<Tab>('premade');
  const [category, setCategory] = useState('');
  const [preview, setPreview] = useState<{ id: string; phase: PreviewPhase } | null>(null);
  const [lockShown, setLockShown] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [cloneKey, setCloneKey] = useState(0);
  const available = useLoaded(loadAvailable);
  const custom = useLoaded(loadCustom);
  const audioRef = useRef<HTMLAudioElement | null>(null);
  const previewController = useRef<AbortController | null>(null);
  const audioUrls = useRef(new Map<string, string>());
  // The element is kept when React detaches it, so closing the dialog can still pause it (a media
  // element removed from the page goes on playing).
  const keepAudio = useCallback((element: HTMLAudioElement | null) => {
    if (element) audioRef.current = element;
  }, []);

  const stopAudio = useCallback(() => {
    previewController.current?.abort();
    previewController.current = null;
    const audio = audioRef.current;
    if (audio) {
      audio.pause();
      audio.currentTime = 0;
    }
  }, []);

  // Closing the dialog stops a preview.
  useEffect(() => stopAudio, [stopAudio]);

  const stop = (voice?: Voice) => {
    stopAudio();
    setPreview(null);
    if (voice) setAnnouncement(t('voices.stopped'));
  };

  const onPreview = async (voice: Voice) => {
    if (voice.locked) {
      setLockShown(voice.voice_id);
      return;
    }
    if (preview?.id === voice.voice_id) {
      stop(voice);
      return;
    }
    stopAudio();
    setError(null);
    const c = new AbortController();
    previewController.current = c;
    setPreview({ id: voice.voice_id, phase: 'loading' });
    try {
      let url = audioUrls.current.get(voice.voice_id);
      if (!url) {
        const answer = await previewVoice(voice.voice_id, c.signal);
        const playable = previewAudioUrl(answer?.audio_url, window.location.origin);
        if (!playable) throw new Error('The preview has no playable address');
        url = playable;
        audioUrls.current.set(voice.voice_id, url);
      }
      const audio = audioRef.current;
      if (c.signal.aborted || !audio) return;
      audio.src = url;
      await audio.play();
      if (c.signal.aborted) return;
      setPreview({ id: voice.voice_id, phase: 'playing' });
      setAnnouncement(t('voices.playing', { name: voice.name }));
    } catch (err) {
      if (c.signal.aborted || isAbortError(err)) return;
      setPreview(null);
      audioUrls.current.delete(voice.voice_id);
      const locked = err instanceof ApiError && err.messageRef?.id === 'voices.locked' ? serverMessageText(err.messageRef, t) : null;
      setError(locked ?? t('voices.previewFailed'));
    }
  };

  const choose = (voice: Voice) => {
    if (voice.locked) {
      setLockShown(voice.voice_id);
      return;
    }
    onSelect(voiceSelectionOf(voice));
    onClose();
  };

  const changeTab = (next: Tab) => {
    stop();
    setLockShown(null);
    setError(null);
    setTab(next);
  };

  const upgradeLink = (
    <Link to="/billing" onClick={onClose} className="font-semibold underline hover:text-amber-700">
      {t('voices.seePlans')}
    </Link>
  );

  const gridProps = { selected, preview, lockShown, upgradeLink, onPreview: (v: Voice) => void onPreview(v), onSelect: choose };

  const loading = (
    <p className="flex items-center gap-2 text-sm text-slate-600" role="status">
      <Spinner className="h-4 w-4 text-indigo-600" /> {t('common.loading')}
    </p>
  );

  const premade = () => {
    if (!available.data) {
      if (available.error != null && !available.loading) {
        return (
          <ErrorBox onRetry={available.reload} retryLabel={t('common.retry')}>
            {t('voices.loadFailed')}
          </ErrorBox>
        );
      }
      return loading;
    }
    const filters = categoryFilters(available.data);
    const shown = filterVoices(available.data.voices, category);
    return (
      <div className="space-y-3">
        <div role="group" aria-label={t('voices.categoryLabel')} className="flex flex-wrap gap-2">
          {filters.map((f) => (
            <button
              key={f.category || 'all'}
              type="button"
              aria-pressed={category === f.category}
              onClick={() => setCategory(f.category)}
              className={cx(
                'rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600',
                category === f.category ? 'bg-indigo-600 text-white ring-indigo-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {f.category ? t('voices.categoryCount', { category: label('categories', f.category), number: f.count }) : t('voices.all', { number: f.count })}
            </button>
          ))}
        </div>
        {shown.length === 0 ? (
          <EmptyState icon={<MicIcon className="h-10 w-10" />} title={t('voices.empty')} />
        ) : (
          <VoiceGrid voices={shown} label={t('voices.tabs.premade')} {...gridProps} />
        )}
      </div>
    );
  };

  const customPanel = () => {
    if (!custom.data) {
      if (custom.error != null && !custom.loading) {
        return (
          <ErrorBox onRetry={custom.reload} retryLabel={t('common.retry')}>
            {t('voices.customLoadFailed')}
          </ErrorBox>
        );
      }
      return loading;
    }
    if (custom.data.length === 0) {
      return (
        <EmptyState icon={<MicIcon className="h-10 w-10" />} title={t('voices.customEmptyTitle')} text={t('voices.customEmptyText')}>
          <Button onClick={() => changeTab('clone')}>{t('voices.cloneFirst')}</Button>
        </EmptyState>
      );
    }
    return <VoiceGrid voices={custom.data} label={t('voices.tabs.custom')} {...gridProps} />;
  };

  return (
    <div className="space-y-4" data-testid="voice-library" data-tab={tab}>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {/* One player for every preview; it has no controls of its own (Preview / Stop are the controls). */}
      <audio
        ref={keepAudio}
        preload="none"
        className="hidden"
        data-testid="voice-preview-audio"
        onEnded={() => {
          setPreview(null);
          setAnnouncement(t('voices.stopped'));
        }}
      />
      <Tabs
        idBase={idBase}
        label={t('voices.tabsLabel')}
        value={tab}
        onChange={changeTab}
        tabs={[
          { key: 'premade', label: t('voices.tabs.premade') },
          { key: 'custom', label: custom.data ? t('voices.tabs.customCount', { number: custom.data.length }) : t('voices.tabs.custom') },
          { key: 'clone', label: t('voices.tabs.clone') },
        ]}
      />
      {error && <ErrorBox>{error}</ErrorBox>}
      <TabPanel idBase={idBase} tab={tab} className="max-h-[60vh] overflow-y-auto pr-1">
        {tab === 'premade' && premade()}
        {tab === 'custom' && customPanel()}
        {tab === 'clone' && (
          <CloneVoiceForm
            key={cloneKey}
            onCloned={() => {
              setCloneKey((k) => k + 1);
              custom.reload();
              changeTab('custom');
              notify(t('voices.clone.success'));
            }}
          />
        )}
      </TabPanel>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-4">
        <p className="text-sm text-slate-600" data-testid="selected-voice">
          {t('voices.footerSelected', { name: selected?.name ?? t('voices.defaultVoice') })}
        </p>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </div>
    </div>
  );
}

export function VoiceLibraryDialog({
  open,
  selected,
  onSelect,
  onClose,
}: {
  open: boolean;
  /** The voice chosen so far (null: the default premade voice). */
  selected: VoiceSelection | null;
  /** Called with the chosen voice; the dialog then closes. */
  onSelect: (voice: VoiceSelection) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('voices.title')} description={t('voices.subtitle')} size="lg">
      <VoiceLibrary selected={selected} onSelect={onSelect} onClose={onClose} />
    </Modal>
  );
}

/**
 * The create form's voice chooser: the chosen voice (none = the default premade voice), 'Choose
 * voice' and 'Use default voice'. The form renders the VoiceLibraryDialog itself, outside its
 * <form>: the clone form must not sit inside another form, whose submit its own would reach.
 */
export function VoiceChooser({ value, onChoose, onReset }: { value: VoiceSelection | null; onChoose: () => void; onReset: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} aria-describedby={`${id}-hint`} className="rounded-lg border border-slate-200 p-4" data-testid="voice-chooser">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-sm font-medium text-slate-700">
          {t('voices.chooser.title')}
        </h3>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={onChoose}>
            <MicIcon className="h-3.5 w-3.5" />
            {value ? t('voices.chooser.change') : t('voices.chooser.choose')}
          </Button>
          {value && (
            <Button variant="ghost" size="sm" onClick={onReset}>
              {t('voices.chooser.useDefault')}
            </Button>
          )}
        </div>
      </div>
      <p className="mt-2 text-sm text-slate-800" data-testid="chosen-voice">
        {value ? (
          <>
            <span className="font-medium">{value.name}</span> <span className="text-xs text-slate-500">({label('categories', value.category)})</span>
          </>
        ) : (
          t('voices.chooser.default')
        )}
      </p>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {t('voices.chooser.hint')}
      </p>
    </section>
  );
}
