// Below the tools (part 2 section 2): the status line (what runs, its real progress from the event
// stream, a busy bar; 'Error: {message}' when a run failed) and the results, newest first: each
// with its operation, status and source; a processed video as Before / After players with its
// download link; a scene detection's scenes (thumbnails and times, each playing the preview from
// there); a transcript whose words play the preview from their time, with subtitles to make (a
// subtitles job each) and download; an analysis's card (AnalysisCard); the subtitles a run made,
// as their stored file (and the video they were burned into).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { SUBTITLE_FORMATS } from '@trainwright/catalogue';
import type { StoredFailure } from '~/lib/errors';
import { formatMoment } from '~/lib/format';
import { languageName } from '~/lib/language-names';
import type { RunStatus } from '~/lib/useVideoJobs';
import { analysisOf } from '~/lib/video-analysis';
import {
  inlineUrl,
  isTerminal,
  jobFailureOf,
  jobFailureText,
  operationName,
  outputsOf,
  sceneDataOf,
  subtitlesDataOf,
  subtitlesJob,
  transcriptOf,
  transcriptParagraphs,
  videoErrorMessage,
  type JobStep,
  type SubtitleFormat,
  type Transcript,
  type VideoFile,
  type VideoJob,
  type VideoResult,
} from '~/lib/video-processing';
import { DownloadIcon } from '../icons';
import { Badge, Button, Spinner, cx } from '../ui';
import { AnalysisCard } from './AnalysisCard';

/** Starts one job outside a run and resolves with it once it has ended (useVideoJobs' `follow`). */
export type FollowJob = (step: JobStep) => Promise<VideoJob>;

const STATUS_TONES: Record<string, 'slate' | 'indigo' | 'green' | 'red'> = { queued: 'slate', running: 'indigo', completed: 'green', failed: 'red' };

export function statusName(status: string, t: TFunction): string {
  return t(`videoProcessing.statuses.${status}`, { defaultValue: status });
}

/** A job's stage ('burning in subtitles') in the interface language when this app has it, else as sent. */
export function stageName(stage: string, t: TFunction): string {
  const key = stage.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');
  return t(`videoProcessing.stages.${key}`, { defaultValue: stage.replace(/_/g, ' ') });
}

/** The status line's text. */
export function statusText(status: RunStatus, t: TFunction): string {
  if (status.state === 'running') {
    const operation = operationName(status.operation, t);
    const position = { step: status.step, steps: status.steps };
    if (status.status === 'queued') return t('videoProcessing.status.queued', { operation, ...position });
    const stage = status.stage && status.stage !== status.operation ? stageName(status.stage, t) : '';
    return t(stage ? 'videoProcessing.status.runningStage' : 'videoProcessing.status.running', { operation, progress: status.progress, stage, ...position });
  }
  if (status.state === 'done') return t('videoProcessing.status.done', { count: status.results });
  if (status.state === 'failed') {
    const message = status.failure ? jobFailureText(status.failure, t) : videoErrorMessage(status.error, t);
    return t('videoProcessing.status.error', { message });
  }
  return t('videoProcessing.status.idle');
}

export function StatusLine({ status }: { status: RunStatus }) {
  const { t } = useTranslation();
  const busy = status.state === 'running';
  const text = statusText(status, t);
  const known = busy && status.progress > 0;
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3" data-testid="video-status" data-state={status.state}>
      <p role="status" aria-live="polite" className={cx('flex items-center gap-2 text-sm', status.state === 'failed' ? 'font-medium text-red-700' : 'text-slate-700')} data-testid="video-status-text">
        {busy && <Spinner />}
        {text}
      </p>
      {busy && (
        <div
          role="progressbar"
          aria-label={t('videoProcessing.status.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={known ? status.progress : undefined}
          aria-valuetext={known ? `${status.progress}%` : t('videoProcessing.status.working')}
          className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
          data-testid="video-busy-bar"
        >
          <div className={cx('h-full rounded-full bg-indigo-500', known ? 'transition-[width]' : 'w-1/3 animate-pulse')} style={known ? { width: `${status.progress}%` } : undefined} />
        </div>
      )}
    </div>
  );
}

/** A file's download link: the gateway's attachment through the same session. */
function DownloadLink({ file, children, testId = 'result-download' }: { file: VideoFile; children?: ReactNode; testId?: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={file.download_url}
      download={file.filename}
      className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200 hover:bg-indigo-50"
      aria-label={t('videoProcessing.results.downloadNamed', { name: file.filename })}
      data-testid={testId}
    >
      <DownloadIcon className="h-4 w-4" />
      {children ?? t('videoProcessing.results.download')}
    </a>
  );
}

function Player({ file, label, testId }: { file: VideoFile; label: string; testId: string }) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</figcaption>
      <video controls preload="metadata" src={inlineUrl(file.download_url)} aria-label={`${label}: ${file.filename}`} className="aspect-video w-full rounded-md bg-slate-900" data-testid={testId} />
    </figure>
  );
}

/** A processed video beside the one it was made from. */
function BeforeAfter({ before, after }: { before: VideoFile | undefined; after: VideoFile }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2" data-testid="before-after">
      <div className={cx('grid gap-3', before && 'sm:grid-cols-2')}>
        {before && <Player file={before} label={t('videoProcessing.results.before')} testId="before-player" />}
        <Player file={after} label={t('videoProcessing.results.after')} testId="after-player" />
      </div>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <DownloadLink file={after} />
        <span className="text-slate-600">
          {after.filename} · {t('videoProcessing.source.pixels', { width: after.width, height: after.height })} · {formatMoment(after.duration)}
        </span>
      </p>
    </div>
  );
}

function Scenes({ result, onSeek }: { result: VideoResult; onSeek: (seconds: number) => void }) {
  const { t } = useTranslation();
  const data = sceneDataOf(result.job?.result?.data);
  if (!data) return null;
  const { images } = outputsOf(result.job);
  return (
    <div data-testid="scenes">
      <h5 className="text-sm font-semibold text-slate-900">{t('videoProcessing.results.scenes', { count: data.scenes.length })}</h5>
      {data.scenes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">{t('videoProcessing.results.noScenes')}</p>
      ) : (
        <ol className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {data.scenes.map((scene, i) => {
            const image = images[i];
            const times = { number: i + 1, start: formatMoment(scene.start), end: formatMoment(scene.end) };
            return (
              <li key={scene.index}>
                <button type="button" onClick={() => onSeek(scene.start)} className="w-full rounded-md text-left ring-1 ring-slate-200 hover:ring-indigo-400 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600" data-testid="scene">
                  {image && <img src={inlineUrl(image.download_url)} alt="" className="aspect-video w-full rounded-t-md bg-slate-100 object-cover" />}
                  <span className="block px-2 py-1 text-xs text-slate-700">{t('videoProcessing.results.scene', times)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

type Made = { state: 'working' } | { state: 'ready'; file: VideoFile; cues: number } | { state: 'failed'; failure: StoredFailure | null; error: unknown };

/**
 * Subtitles of a transcript in one of the formats: each button starts a subtitles job (POST
 * /api/video/subtitles) and, once it has ended, offers the stored file's download_url.
 */
function SubtitleDownloads({ transcript, sources, follow }: { transcript: Transcript; sources: VideoFile[]; follow: FollowJob }) {
  const { t } = useTranslation();
  const [made, setMade] = useState<Partial<Record<SubtitleFormat, Made>>>({});
  const [announced, setAnnounced] = useState('');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const set = (format: SubtitleFormat, value: Made) => mounted.current && setMade((m) => ({ ...m, [format]: value }));
  const make = async (format: SubtitleFormat) => {
    const label = format.toUpperCase();
    set(format, { state: 'working' });
    setAnnounced(t('videoProcessing.results.making', { format: label }));
    try {
      const job = await follow(subtitlesJob(transcript, format, sources));
      const file = outputsOf(job).subtitles[0];
      if (job.status !== 'completed' || !file) {
        set(format, { state: 'failed', failure: job.status === 'failed' ? jobFailureOf(job) : null, error: null });
        return;
      }
      set(format, { state: 'ready', file, cues: subtitlesDataOf(job.result?.data)?.cue_count ?? 0 });
      if (mounted.current) setAnnounced(t('videoProcessing.results.subtitlesReady', { format: label }));
    } catch (error) {
      set(format, { state: 'failed', failure: null, error });
    }
  };
  const failures = SUBTITLE_FORMATS.flatMap((format) => {
    const m = made[format];
    return m?.state === 'failed' ? [{ format, text: m.failure || !m.error ? jobFailureText(m.failure, t) : videoErrorMessage(m.error, t) }] : [];
  });
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="subtitle-downloads">
      <span className="font-medium text-slate-700">{t('videoProcessing.results.subtitles')}</span>
      {SUBTITLE_FORMATS.map((format) => {
        const m = made[format];
        if (m?.state === 'ready') {
          return (
            <DownloadLink key={format} file={m.file} testId="subtitles-download">
              {format.toUpperCase()} <span className="font-normal text-slate-600">({t('videoProcessing.results.cues', { count: m.cues })})</span>
            </DownloadLink>
          );
        }
        return (
          <Button key={format} variant="secondary" size="sm" disabled={m?.state === 'working'} onClick={() => void make(format)} aria-label={t('videoProcessing.results.subtitlesAs', { format: format.toUpperCase() })}>
            {m?.state === 'working' ? <Spinner className="h-3 w-3" /> : <DownloadIcon className="h-3.5 w-3.5" />}
            {format.toUpperCase()}
          </Button>
        );
      })}
      <span className="sr-only" aria-live="polite">
        {announced}
      </span>
      {failures.map(({ format, text }) => (
        <p key={format} role="alert" className="w-full text-xs text-red-700" data-testid="subtitles-error">
          {format.toUpperCase()}: {t('videoProcessing.status.error', { message: text })}
        </p>
      ))}
    </div>
  );
}

function TranscriptView({ transcript, onSeek, sources, follow }: { transcript: Transcript; onSeek: (seconds: number) => void; sources: VideoFile[]; follow: FollowJob }) {
  const { t, i18n } = useTranslation();
  const paragraphs = transcriptParagraphs(transcript);
  const facts = [
    transcript.language_code && languageName(transcript.language_code, i18n.language),
    transcript.engine && t('videoProcessing.results.engine', { engine: transcript.engine }),
    transcript.diarization && t('videoProcessing.results.speakers', { count: transcript.diarization.speakers }),
  ].filter(Boolean);
  return (
    <div className="space-y-2" data-testid="transcript">
      <h5 className="text-sm font-semibold text-slate-900">{t('videoProcessing.results.transcript')}</h5>
      {facts.length > 0 && <p className="text-xs text-slate-600">{facts.join(' · ')}</p>}
      {transcript.words.length > 0 && <p className="text-xs text-slate-600">{t('videoProcessing.results.seekHint')}</p>}
      {transcript.text.trim() === '' ? (
        <p className="text-sm text-slate-600">{t('videoProcessing.results.noSpeech')}</p>
      ) : (
        <div className="max-h-64 space-y-2 overflow-y-auto rounded-md border border-slate-200 p-3 text-sm leading-relaxed text-slate-800" tabIndex={0} aria-label={t('videoProcessing.results.transcript')}>
          {paragraphs.map((p, i) => (
            <p key={i}>
              <span className="mr-2 text-xs tabular-nums text-slate-600">{formatMoment(p.start)}</span>
              {p.speaker !== undefined && <span className="mr-1 text-xs font-semibold text-indigo-700">{t('videoProcessing.results.speaker', { speaker: p.speaker })}</span>}
              {p.words.length === 0
                ? p.text
                : p.words.map((w, j) => (
                    <span key={j}>
                      <button
                        type="button"
                        onClick={() => onSeek(w.start)}
                        title={formatMoment(w.start)}
                        className="rounded px-0.5 hover:bg-indigo-50 hover:text-indigo-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
                        data-testid="transcript-word"
                        data-start={w.start}
                      >
                        {w.word}
                      </button>{' '}
                    </span>
                  ))}
            </p>
          ))}
        </div>
      )}
      <SubtitleDownloads transcript={transcript} sources={sources} follow={follow} />
    </div>
  );
}

/** The subtitle file a subtitles job stored, with its number of subtitles. */
function SubtitlesFile({ file, cues }: { file: VideoFile; cues: number | null }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="subtitles-file">
      <DownloadLink file={file} />
      <span>
        {file.filename}
        {cues !== null && <> · {t('videoProcessing.results.cues', { count: cues })}</>}
      </span>
    </p>
  );
}

function ResultCard({ result, onSeek, follow }: { result: VideoResult; onSeek: (source: VideoFile | undefined, seconds: number) => void; follow: FollowJob }) {
  const { t } = useTranslation();
  const source = result.sources[0];
  const { videos, subtitles } = outputsOf(result.job);
  const data = result.job?.result?.data;
  const analysis = result.operation === 'analyze' ? analysisOf(data) : null;
  // A transcription's transcript, or the one an analysis was asked to include.
  const transcript = result.operation === 'transcribe' ? transcriptOf(data) : (analysis?.transcript ?? null);
  const done = result.status === 'completed';
  const seek = (seconds: number) => onSeek(source, seconds);
  const subtitlesData = subtitlesDataOf(data);
  return (
    <li className="space-y-3 rounded-lg border border-slate-200 bg-white p-4" data-testid="video-result" data-operation={result.operation} data-status={result.status} data-job-id={result.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 className="font-semibold text-slate-900">{operationName(result.operation, t)}</h4>
          {result.sources.length > 0 && (
            <p className="truncate text-xs text-slate-600">
              {result.sources.length === 1 ? t('videoProcessing.results.source', { name: source?.filename ?? '' }) : t('videoProcessing.results.sources', { count: result.sources.length })}
            </p>
          )}
        </div>
        <span data-testid="result-status">
          <Badge tone={STATUS_TONES[result.status] ?? 'slate'}>
            {statusName(result.status, t)}
            {!isTerminal(result.status) && result.status !== 'queued' ? ` · ${result.progress}%` : ''}
          </Badge>
        </span>
      </div>
      {!isTerminal(result.status) && (
        <div role="progressbar" aria-label={t('videoProcessing.results.progressOf', { operation: operationName(result.operation, t) })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={result.progress} className="h-1.5 w-full overflow-hidden rounded-full bg-slate-100">
          <div className="h-full rounded-full bg-indigo-500 transition-[width]" style={{ width: `${result.progress}%` }} />
        </div>
      )}
      {result.status === 'failed' && (
        <p className="text-sm text-red-700" data-testid="result-error">
          {t('videoProcessing.status.error', { message: jobFailureText(result.failure, t) })}
        </p>
      )}
      {done && result.job && (
        <>
          {videos.length === 1 && result.sources.length <= 1 && <BeforeAfter before={source?.kind === 'video' ? source : undefined} after={videos[0]!} />}
          {videos.length > 0 && (videos.length > 1 || result.sources.length > 1) && (
            <div className="space-y-2">
              <h5 className="text-sm font-semibold text-slate-900">{t('videoProcessing.results.outputs', { count: videos.length })}</h5>
              <ul className="grid gap-3 sm:grid-cols-2">
                {videos.map((video) => (
                  <li key={video.video_path} className="space-y-1">
                    <Player file={video} label={video.filename} testId="output-player" />
                    <DownloadLink file={video} />
                  </li>
                ))}
              </ul>
            </div>
          )}
          {subtitles.map((file) => (
            <SubtitlesFile key={file.video_path} file={file} cues={subtitlesData?.cue_count ?? null} />
          ))}
          <Scenes result={result} onSeek={seek} />
          {analysis && <AnalysisCard analysis={analysis} />}
          {result.operation === 'analyze' && !analysis && <p className="text-sm text-slate-600">{t('videoProcessing.analysis.unreadable')}</p>}
          {transcript && <TranscriptView transcript={transcript} onSeek={seek} sources={result.sources} follow={follow} />}
          {videos.length === 0 && subtitles.length === 0 && !transcript && !sceneDataOf(data) && result.operation !== 'analyze' && <p className="text-sm text-slate-600">{t('videoProcessing.results.noOutput')}</p>}
        </>
      )}
    </li>
  );
}

export function ResultsList({ results, onSeek, follow }: { results: VideoResult[]; onSeek: (source: VideoFile | undefined, seconds: number) => void; follow: FollowJob }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3" data-testid="video-results">
      <h3 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
        {t('videoProcessing.results.heading')}
      </h3>
      {results.length === 0 ? (
        <p className="text-sm text-slate-600">{t('videoProcessing.results.empty')}</p>
      ) : (
        <ul className="space-y-3">
          {results.map((result) => (
            <ResultCard key={result.id} result={result} onSeek={onSeek} follow={follow} />
          ))}
        </ul>
      )}
    </section>
  );
}
