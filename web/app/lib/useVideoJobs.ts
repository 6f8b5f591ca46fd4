// The Advanced Video Processing dialog's runs (lib/video-processing.ts has the rules and calls): a
// tool's steps one after another, each job followed on the app's one event stream
// (`video_job.changed`, with its real progress) and read once it has ended (GET
// /api/video/jobs/{id}: its result); the results list and the status line. No timer polls: a job
// is read again only when the stream comes back after a drop (events may have been missed), or
// right after its start when the stream is not open. A run's subtitles step is a job too, started
// with the transcript the run's transcription just returned; `follow` runs one job outside a run
// (the results' subtitle downloads) with the same stream and reads.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useProjectEvents } from './useProjects';
import {
  fetchVideoJob,
  isTerminal,
  jobFailureOf,
  resultsReducer,
  startVideoJob,
  subtitlesJob,
  transcriptOf,
  type JobStep,
  type Transcript,
  type VideoJob,
  type VideoJobEvent,
  type VideoResult,
  type VideoStep,
} from './video-processing';

/** The status line: what runs now (the step n of m, its progress), how the last run ended. */
export type RunStatus =
  | { state: 'idle' }
  | { state: 'running'; step: number; steps: number; operation: string; jobId: string | null; status: string; progress: number; stage: string }
  | { state: 'done'; results: number }
  | { state: 'failed'; error: unknown; failure?: VideoResult['failure'] };

/** Events heard for jobs whose start has not answered yet (the stream can be faster), at most this many. */
const HEARD_LIMIT = 200;

interface Waiter {
  resolve: (job: VideoJob) => void;
  reject: (error: unknown) => void;
}

export function useVideoJobs() {
  const [results, dispatch] = useReducer(resultsReducer, []);
  const [status, setStatus] = useState<RunStatus>({ state: 'idle' });
  const resultsRef = useRef(results);
  resultsRef.current = results;
  const waiters = useRef(new Map<string, Waiter>());
  const heard = useRef(new Map<string, VideoJobEvent>());
  const reading = useRef(new Map<string, { again: boolean; ended: boolean }>());
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** GET the job; its end resolves the run waiting for it (a failed read of an ended job fails the run).
   * Asked again while a read is in flight, it reads once more after it (the first may predate the end). */
  const read = useCallback(async (jobId: string, ended: boolean): Promise<void> => {
    const inFlight = reading.current.get(jobId);
    if (inFlight) {
      inFlight.again = true;
      inFlight.ended ||= ended;
      return;
    }
    const state = { again: false, ended };
    reading.current.set(jobId, state);
    try {
      const job = await fetchVideoJob(jobId);
      if (!mounted.current) return;
      dispatch({ type: 'read', job });
      if (isTerminal(job.status)) {
        waiters.current.get(jobId)?.resolve(job);
        waiters.current.delete(jobId);
      }
    } catch (error) {
      if (state.ended && !state.again) {
        waiters.current.get(jobId)?.reject(error);
        waiters.current.delete(jobId);
      }
    } finally {
      reading.current.delete(jobId);
    }
    if (state.again && mounted.current && waiters.current.has(jobId)) await read(jobId, state.ended);
  }, []);

  const apply = useCallback(
    (event: VideoJobEvent) => {
      dispatch({ type: 'event', event });
      setStatus((s) => (s.state === 'running' && s.jobId === event.job_id && (event.status !== s.status || event.progress >= s.progress) ? { ...s, status: event.status, progress: event.progress, stage: event.stage } : s));
      if (isTerminal(event.status)) void read(event.job_id, true);
    },
    [read],
  );

  const connected = useProjectEvents({
    onStatusChanged: () => undefined,
    // The stream came back (or the project list changed): a job still running may have moved meanwhile.
    onListChanged: () => {
      for (const jobId of waiters.current.keys()) void read(jobId, false);
    },
    onVideoJobChanged: (event) => {
      if (waiters.current.has(event.job_id) || resultsRef.current.some((r) => r.id === event.job_id)) {
        apply(event);
        return;
      }
      if (heard.current.size >= HEARD_LIMIT) heard.current.delete(heard.current.keys().next().value as string);
      heard.current.set(event.job_id, event);
    },
  });
  const connectedRef = useRef(connected);
  connectedRef.current = connected;

  /** Starts one job and resolves with it once it has ended and been read; `listed`: a run's step, in the results and on the status line. */
  const startJob = useCallback(
    async (step: JobStep, listed: boolean): Promise<VideoJob> => {
      const { job_id } = await startVideoJob(step);
      const ended = new Promise<VideoJob>((resolve, reject) => waiters.current.set(job_id, { resolve, reject }));
      if (listed) {
        dispatch({ type: 'started', id: job_id, operation: step.operation, sources: step.sources });
        setStatus((s) => (s.state === 'running' ? { ...s, jobId: job_id } : s));
      }
      const early = heard.current.get(job_id);
      heard.current.delete(job_id);
      if (early) apply(early);
      else if (!connectedRef.current) void read(job_id, false);
      return ended;
    },
    [apply, read],
  );

  /** Runs a tool's steps in order; the first failure ends the run (later steps may need its result). */
  const run = useCallback(
    async (steps: VideoStep[]) => {
      let transcript: Transcript | null = null;
      let made = 0;
      for (const [i, step] of steps.entries()) {
        const operation = step.kind === 'job' ? step.operation : 'subtitles';
        setStatus({ state: 'running', step: i + 1, steps: steps.length, operation, jobId: null, status: 'queued', progress: 0, stage: '' });
        try {
          // Subtitles are made from the transcript the transcription before them returned (an
          // empty one fails the job with the server's reason).
          const job = await startJob(step.kind === 'job' ? step : subtitlesJob(transcript, step.subtitle_format, step.sources, step.burn_in), true);
          if (!mounted.current) return;
          made++;
          if (job.status === 'failed') {
            setStatus({ state: 'failed', error: null, failure: jobFailureOf(job) });
            return;
          }
          if (step.kind === 'job' && step.operation === 'transcribe') transcript = transcriptOf(job.result?.data);
        } catch (error) {
          if (mounted.current) setStatus({ state: 'failed', error });
          return;
        }
      }
      setStatus({ state: 'done', results: made });
    },
    [startJob],
  );

  /** One job outside a run (not in the results, not on the status line): resolves with it once it has ended and been read. */
  const follow = useCallback((step: JobStep) => startJob(step, false), [startJob]);

  const busy = status.state === 'running';
  return { results, status, busy, run, follow, connected };
}

export type VideoJobsState = ReturnType<typeof useVideoJobs>;
