// The Advanced Video Processing dialog (part 2 sections 2, 3, 5, 7-9; docs/web.md "Advanced Video
// Processing"): left, the video (upload, preview, file facts, the company's videos); right, four
// tools in tabs, each running its chosen steps one after another as jobs of the gateway's
// /api/video/* calls; below, the status line and the results. Opened from the dashboard's Advanced
// Video Processing panel and from /video. A plan without advancedVideoProcessing (nor its add-on)
// sees the upgrade message instead; a role that may not process videos sees them but cannot run.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '~/lib/auth';
import { mayAct } from '~/lib/roles';
import { useSeededLoad } from '~/lib/server-data';
import { tierOf } from '~/lib/format';
import { useVideoJobs } from '~/lib/useVideoJobs';
import {
  deleteVideoFile,
  VIDEO_TOOLS,
  defaultVideoSettings,
  fetchVideoFiles,
  stepsFor,
  type VideoFile,
  type VideoSettings,
  type VideoTool,
} from '~/lib/video-processing';
import { LockIcon } from '../icons';
import { Modal } from '../Modal';
import { hasCapability } from '../RequireCapability';
import { ButtonLink, ErrorBox, TabPanel, Tabs } from '../ui';
import { ResultsList, StatusLine } from './Results';
import { AnalyticsPanel, BatchPanel, EffectsPanel, EnhancementPanel } from './ToolPanels';
import { VideoSource } from './VideoSource';

function Locked() {
  const { t } = useTranslation();
  return (
    <div className="rounded-md border border-amber-200 bg-amber-50 px-4 py-4 text-sm text-amber-900" data-testid="video-processing-locked">
      <h3 className="flex items-center gap-2 font-semibold">
        <LockIcon className="h-4 w-4" />
        {t('guard.title')}
      </h3>
      <p className="mt-1">{t('guard.text')}</p>
      <ButtonLink to="/billing" size="sm" className="mt-3">
        {t('guard.upgrade')}
      </ButtonLink>
    </div>
  );
}

/** Newest first, each file once (an upload or a job's outputs added to what was read). */
function withFiles(list: VideoFile[], added: VideoFile[]): VideoFile[] {
  const fresh = added.filter((f) => !list.some((g) => g.video_path === f.video_path));
  return fresh.length === 0 ? list : [...fresh, ...list];
}

function VideoProcessing() {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  const idBase = useId();
  const canProcess = mayAct(user.role, 'video.process');
  const planLimitMB = user.subscription?.limits?.fileUploadLimitMB ?? tierOf(user.subscription?.tier).limits.fileUploadLimitMB;

  const [allFiles, setFiles] = useState<VideoFile[]>([]);
  // Deleted files stay out of the list, also when a job's outputs would bring them back.
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const files = useMemo(() => allFiles.filter((f) => !deleted.has(f.video_path)), [allFiles, deleted]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const files$ = useSeededLoad(
    fetchVideoFiles,
    // What arrived while the list was read (an upload, a job's outputs) stays in it.
    useCallback((list: VideoFile[]) => setFiles((current) => withFiles(list, current)), []),
  );
  const [settings, setSettings] = useState<VideoSettings>(defaultVideoSettings);
  const [tab, setTab] = useState<VideoTool>('effects');
  // The alert of a check before a run, again (and announced again) at each refused run.
  const [alert, setAlert] = useState<{ text: string; n: number } | null>(null);
  const jobs = useVideoJobs();
  const previewRef = useRef<HTMLVideoElement>(null);
  const pendingSeek = useRef<number | null>(null);

  const videos = useMemo(() => files.filter((f) => f.kind === 'video'), [files]);
  const images = useMemo(() => files.filter((f) => f.kind === 'image'), [files]);
  const chosen = files.find((f) => f.video_path === chosenId && f.kind === 'video') ?? null;

  // A job's outputs join the list (a processed video can be worked on in turn).
  useEffect(() => {
    const outputs = jobs.results.flatMap((r) => (r.status === 'completed' ? (r.job?.result?.files ?? []) : []));
    if (outputs.length > 0) setFiles((list) => withFiles(list, outputs));
  }, [jobs.results]);

  const patch = <K extends keyof VideoSettings>(tool: K) => (change: Partial<VideoSettings[K]>) => setSettings((s) => ({ ...s, [tool]: { ...s[tool], ...change } }));

  const onUploaded = (file: VideoFile) => {
    setFiles((list) => withFiles(list, [file]));
    setChosenId(file.video_path);
    setAlert(null);
  };

  const choose = (id: string) => {
    setChosenId(id);
    setAlert(null);
  };

  const remove = (file: VideoFile) => {
    deleteVideoFile(file.video_path).then(
      () => {
        setDeleted((gone) => new Set(gone).add(file.video_path));
        if (chosenId === file.video_path) setChosenId(null);
        setAlert(null);
      },
      () => setAlert((a) => ({ text: t('videoProcessing.source.deleteFailed'), n: (a?.n ?? 0) + 1 })),
    );
  };

  const run = (tool: VideoTool) => {
    const outcome = stepsFor(tool, settings, chosen, files);
    if ('problem' in outcome) {
      setAlert((a) => ({ text: t(`videoProcessing.${outcome.problem}`), n: (a?.n ?? 0) + 1 }));
      return;
    }
    setAlert(null);
    void jobs.run(outcome.steps);
  };

  /** Plays the preview from a moment of a result's source (chosen first when another video is shown). */
  const seek = (source: VideoFile | undefined, seconds: number) => {
    if (source && source.video_path !== chosenId && files.some((f) => f.video_path === source.video_path)) {
      pendingSeek.current = seconds;
      setChosenId(source.video_path);
      return;
    }
    const player = previewRef.current;
    if (!player) return;
    player.currentTime = seconds;
    player.scrollIntoView({ block: 'nearest' });
  };
  const onPreviewReady = () => {
    const player = previewRef.current;
    if (player && pendingSeek.current !== null) {
      player.currentTime = pendingSeek.current;
      player.scrollIntoView({ block: 'nearest' });
    }
    pendingSeek.current = null;
  };

  const disabled = jobs.busy || !canProcess;
  const common = { busy: jobs.busy, disabled, onRun: () => run(tab) };
  return (
    <div className="space-y-5" data-testid="video-processing">
      {!canProcess && <p className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">{t('videoProcessing.roleNote')}</p>}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <VideoSource
          files={files}
          loading={files$.loading}
          loadError={files$.error}
          onRetry={() => void files$.reload()}
          chosen={chosen}
          onChoose={choose}
          onUploaded={onUploaded}
          previewRef={previewRef}
          onPreviewReady={onPreviewReady}
          planLimitMB={planLimitMB}
          {...(canProcess ? { onDelete: remove } : {})}
          canProcess={canProcess}
        />
        <div className="min-w-0">
          <Tabs idBase={idBase} label={t('videoProcessing.tabs.label')} tabs={VIDEO_TOOLS.map((key) => ({ key, label: t(`videoProcessing.tabs.${key}`) }))} value={tab} onChange={setTab} />
          <TabPanel idBase={idBase} tab={tab} className="pt-4">
            {tab === 'effects' && <EffectsPanel settings={settings.effects} onChange={patch('effects')} images={images} onImageUploaded={(f) => setFiles((list) => withFiles(list, [f]))} {...common} />}
            {tab === 'enhancement' && <EnhancementPanel settings={settings.enhancement} onChange={patch('enhancement')} {...common} />}
            {tab === 'analytics' && <AnalyticsPanel settings={settings.analytics} onChange={patch('analytics')} chosen={chosen} {...common} />}
            {tab === 'batch' && <BatchPanel settings={settings.batch} onChange={patch('batch')} videos={videos} {...common} />}
          </TabPanel>
        </div>
      </div>
      {alert && (
        <ErrorBox key={alert.n} takeFocus>
          {alert.text}
        </ErrorBox>
      )}
      <StatusLine status={jobs.status} />
      <ResultsList results={jobs.results} onSeek={seek} follow={jobs.follow} />
    </div>
  );
}

export function VideoProcessingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSignedInUser();
  return (
    <Modal open onClose={onClose} title={t('videoProcessing.title')} description={t('videoProcessing.description')} size="xl">
      {hasCapability(user, 'advancedVideoProcessing') ? <VideoProcessing /> : <Locked />}
    </Modal>
  );
}
