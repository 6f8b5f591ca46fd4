// Advanced Video Processing (lib/video-processing.ts, lib/useVideoJobs.ts, components/video-processing):
// the settings from the catalogue's defaults, the steps each tool runs and the checks before them
// ('Please upload a video first', 'Please select video files for batch processing'), the ranges,
// the live events and job reads folded into the results, the subtitles as a job (after the
// transcription, burned in on request, a failure's reason), the error texts ('HTTP {status}: {text}'
// without the API's message, the server's message by its id in en / es / fr), the transcript and
// scenes read from a job, the analysis's card (engagement, quality verdicts, loudness, scenes,
// speech) in en / es / fr, the upload checks, and the dialog rendered on the server.
import { describe, expect, it } from '@jest/globals';
import React, { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { VIDEO_DEFAULTS, VIDEO_PROCESSING_MESSAGES, VIDEO_RANGES, catalogueMessage } from '@trainwright/catalogue';
import { VideoProcessingDialog } from '../app/components/video-processing/VideoProcessingDialog.js';
import { AnalysisCard } from '../app/components/video-processing/AnalysisCard.js';
import { stageName, statusText } from '../app/components/video-processing/Results.js';
import en from '../app/i18n/en.js';
import i18n from '../app/i18n/index.js';
import { ApiError, NETWORK_ERROR, toError } from '../app/lib/api.js';
import { AuthProvider } from '../app/lib/auth.js';
import type { User } from '../app/lib/types.js';
import { testUser } from './users.js';
import {
  analysisOf,
  factorsByEffect,
  loudnessDetails,
  loudnessText,
  pointsText,
  qualityRows,
  scenesText,
  speechText,
  type VideoAnalysis,
} from '../app/lib/video-analysis.js';
import {
  VideoHttpError,
  defaultVideoSettings,
  inRange,
  inlineUrl,
  jobFailureText,
  parseVideoJobEvent,
  precheckBackground,
  precheckVideo,
  resultsReducer,
  sceneDataOf,
  outputsOf,
  sizeInMb,
  stepsFor,
  subtitlesDataOf,
  subtitlesJob,
  subtitlesRequest,
  transcriptOf,
  transcriptParagraphs,
  videoCallError,
  videoErrorMessage,
  videoPaths,
  vocabularyOf,
  type VideoFile,
  type VideoJob,
  type VideoResult,
  type VideoSettings,
} from '../app/lib/video-processing.js';

(globalThis as { React?: unknown }).React = React;

const R = VIDEO_RANGES;
/** Colour correction at the catalogue's defaults (unchanged picture). */
const NEUTRAL = { contrast: R.contrast.default, saturation: R.saturation.default, hue_shift: R.hue_shift.default, gamma: R.gamma.default };

const t = i18n.getFixedT('en');
const es = i18n.getFixedT('es');
const fr = i18n.getFixedT('fr');

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();

function file(id: string, overrides: Partial<VideoFile> = {}): VideoFile {
  return {
    video_path: id,
    kind: 'video',
    origin: 'upload',
    filename: `${id}.mp4`,
    content_type: 'video/mp4',
    size: 1_234_567,
    duration: 2,
    width: 320,
    height: 180,
    has_audio: true,
    video_codec: 'h264',
    job_id: null,
    created_at: '2026-01-01T00:00:00Z',
    download_url: `/api/video/files/${id}/download`,
    ...overrides,
  };
}

function settingsWith(change: (s: VideoSettings) => void): VideoSettings {
  const s = defaultVideoSettings();
  change(s);
  return s;
}

describe('settings', () => {
  it("start from the catalogue's defaults, with no step chosen", () => {
    const s = defaultVideoSettings();
    expect(s.effects).toMatchObject({ chromaKey: false, colorCorrection: false, chroma_color: VIDEO_DEFAULTS.chroma_color, sensitivity: R.sensitivity.default, brightness: R.brightness.default, ...NEUTRAL });
    expect(s.enhancement).toMatchObject({ sceneDetection: false, smartCrop: false, quality: false, upscale_factor: R.upscale_factor.default, target_aspect: VIDEO_DEFAULTS.target_aspect, focus_detection: VIDEO_DEFAULTS.focus_detection, preserve_motion: VIDEO_DEFAULTS.preserve_motion });
    // The specification's defaults (part 2 section 9), as the catalogue holds them.
    expect(s.enhancement).toMatchObject({ denoise: true, sharpen: true, enhance_contrast: false });
    expect(s.analytics).toMatchObject({ transcribe: false, analyze: false, enable_speaker_diarization: true, analysis_depth: 'standard', language_code: 'en-US', subtitle_format: VIDEO_DEFAULTS.subtitle_format });
    expect(s.batch).toEqual({ video_files: [], operations: [], chunk_duration: 300, parallel_processing: true });
  });

  it('keep numbers in their range and on their step', () => {
    expect(inRange(0.3, VIDEO_RANGES.brightness)).toBe(0.3);
    expect(inRange(0.1 + 0.2, VIDEO_RANGES.brightness)).toBe(0.3);
    expect(inRange(5, VIDEO_RANGES.brightness)).toBe(1);
    expect(inRange(-7, VIDEO_RANGES.brightness)).toBe(-1);
    expect(inRange(13, VIDEO_RANGES.hue_shift)).toBe(10);
    expect(inRange(2.3, VIDEO_RANGES.upscale_factor)).toBe(2.5);
    expect(inRange(0.05, VIDEO_RANGES.sensitivity)).toBe(0.1);
    expect(inRange(50, VIDEO_RANGES.chunk_duration)).toBe(60);
    expect(inRange(1000, VIDEO_RANGES.chunk_duration)).toBe(1020);
    expect(inRange(Number.NaN, VIDEO_RANGES.contrast)).toBe(1);
  });

  it('read the custom vocabulary one phrase a line', () => {
    expect(vocabularyOf(' Trainwright \n\nforklift mast\r\nTrainwright\n')).toEqual(['Trainwright', 'forklift mast']);
  });
});

describe('the steps of a tool', () => {
  const clip = file('v1');
  const silent = file('v2', { has_audio: false });

  it("alerts 'Please upload a video first' for each of the four tools' single steps without a video", () => {
    for (const tool of ['effects', 'enhancement', 'analytics'] as const) {
      expect(stepsFor(tool, defaultVideoSettings(), null)).toEqual({ problem: 'messages.uploadFirst' });
    }
    expect(t('videoProcessing.messages.uploadFirst')).toBe('Please upload a video first');
    // An image is not a video to process.
    expect(stepsFor('effects', settingsWith((s) => (s.effects.colorCorrection = true)), file('i1', { kind: 'image' }))).toEqual({ problem: 'messages.uploadFirst' });
  });

  it("alerts 'Please select video files for batch processing' when none is selected", () => {
    expect(stepsFor('batch', settingsWith((s) => (s.batch.operations = ['sharpening'])), clip, [clip])).toEqual({ problem: 'messages.selectBatchFiles' });
    expect(t('videoProcessing.messages.selectBatchFiles')).toBe('Please select video files for batch processing');
    expect(stepsFor('batch', settingsWith((s) => (s.batch.video_files = ['v1'])), clip, [clip])).toEqual({ problem: 'alerts.chooseOperation' });
  });

  it('asks for a step when none is chosen', () => {
    expect(stepsFor('effects', defaultVideoSettings(), clip)).toEqual({ problem: 'alerts.chooseStep' });
  });

  it('runs colour correction with the chosen values, on the chosen video', () => {
    const outcome = stepsFor('effects', settingsWith((s) => Object.assign(s.effects, { colorCorrection: true, brightness: 0.3 })), clip);
    expect(outcome).toEqual({
      steps: [{ kind: 'job', operation: 'color_correction', sources: [clip], body: { video_path: 'v1', brightness: 0.3, ...NEUTRAL } }],
    });
    expect(videoPaths.operations.color_correction).toBe('/video/effects/color-correction');
  });

  it('runs the chosen steps in order, each with its own parameters', () => {
    const effects = stepsFor('effects', settingsWith((s) => Object.assign(s.effects, { chromaKey: true, colorCorrection: true, background_image: 'img1' })), clip);
    expect('steps' in effects && effects.steps.map((s) => (s.kind === 'job' ? s.operation : s.kind))).toEqual(['chroma_key', 'color_correction']);
    expect('steps' in effects && effects.steps[0]).toMatchObject({ body: { video_path: 'v1', chroma_color: VIDEO_DEFAULTS.chroma_color, sensitivity: R.sensitivity.default, background_image: 'img1' } });

    const enhance = stepsFor('enhancement', settingsWith((s) => Object.assign(s.enhancement, { sceneDetection: true, smartCrop: true, quality: true, target_aspect: '9:16', upscale_factor: 2 })), clip);
    expect('steps' in enhance && enhance.steps.map((s) => (s.kind === 'job' ? [s.operation, s.body] : s.kind))).toEqual([
      ['scene_detection', { video_path: 'v1', sensitivity: R.scene_sensitivity.default, min_scene_duration: R.min_scene_duration.default, max_scenes: R.max_scenes.default }],
      ['smart_crop', { video_path: 'v1', target_aspect: '9:16', focus_detection: VIDEO_DEFAULTS.focus_detection, preserve_motion: VIDEO_DEFAULTS.preserve_motion }],
      ['quality', { video_path: 'v1', denoise: true, sharpen: true, upscale_factor: 2, enhance_contrast: VIDEO_DEFAULTS.enhance_contrast, stabilization: VIDEO_DEFAULTS.stabilization }],
    ]);

    const analytics = stepsFor('analytics', settingsWith((s) => Object.assign(s.analytics, { transcribe: true, subtitles: true, subtitle_format: 'vtt', analyze: true, language_code: 'fr-FR', custom_vocabulary: 'Trainwright' })), clip);
    expect('steps' in analytics && analytics.steps.map((s) => (s.kind === 'job' ? [s.operation, s.body] : [s.kind, s.subtitle_format, s.burn_in]))).toEqual([
      ['transcribe', { video_path: 'v1', language_code: 'fr-FR', enable_speaker_diarization: true, enable_word_timestamps: true, custom_vocabulary: ['Trainwright'] }],
      ['subtitles', 'vtt', false],
      ['analyze', { video_path: 'v1', include_transcript: VIDEO_DEFAULTS.include_transcript, include_quality_metrics: VIDEO_DEFAULTS.include_quality_metrics, include_engagement_prediction: VIDEO_DEFAULTS.include_engagement_prediction, analysis_depth: 'standard' }],
    ]);
  });

  it('refuses to transcribe a video without sound', () => {
    expect(stepsFor('analytics', settingsWith((s) => (s.analytics.transcribe = true)), silent)).toEqual({ problem: 'messages.noAudio' });
    expect(stepsFor('analytics', settingsWith((s) => (s.analytics.analyze = true)), silent)).toMatchObject({ steps: [{ operation: 'analyze' }] });
  });

  it('batches the selected videos with the operations in the catalogue order and their settings', () => {
    const other = file('v3');
    const s = settingsWith((x) => {
      x.batch = { video_files: ['v3', 'v1', 'gone'], operations: ['upscaling', 'color_correction', 'noise_reduction'], chunk_duration: 600, parallel_processing: false };
      x.effects.brightness = 0.2;
      x.enhancement.upscale_factor = 2;
    });
    expect(stepsFor('batch', s, null, [clip, other])).toEqual({
      steps: [
        {
          kind: 'job',
          operation: 'batch',
          sources: [other, clip],
          body: {
            video_files: ['v3', 'v1'],
            operations: ['color_correction', 'noise_reduction', 'upscaling'],
            processing_parameters: { color_correction: { brightness: 0.2, ...NEUTRAL }, upscaling: { upscale_factor: 2 } },
            chunk_duration: 600,
            parallel_processing: false,
          },
        },
      ],
    });
  });

  it('makes subtitles from a transcript with the specification\'s line and duration limits', () => {
    const transcript = transcriptOf({ engine: 'e', language_code: 'en-US', text: 'Hi', words: [], segments: [], duration_seconds: 1 })!;
    expect(subtitlesRequest(transcript, 'ass')).toEqual({ transcript_data: transcript, max_chars_per_line: 50, max_duration_per_subtitle: 5, subtitle_format: 'ass' });
    expect([R.max_chars_per_line.default, R.max_duration_per_subtitle.default]).toEqual([50, 5]);
  });

  it('makes the subtitles a job: after the transcription, from the transcript it returned, burned in on request', () => {
    expect(videoPaths.operations.subtitles).toBe('/video/subtitles');
    const s = settingsWith((x) => Object.assign(x.analytics, { transcribe: true, subtitles: true, subtitle_format: 'srt', burn_in: true }));
    const outcome = stepsFor('analytics', s, clip);
    expect('steps' in outcome && outcome.steps.map((step) => step.kind)).toEqual(['job', 'subtitles']);
    const step = 'steps' in outcome ? outcome.steps[1]! : null;
    expect(step).toEqual({ kind: 'subtitles', subtitle_format: 'srt', burn_in: true, sources: [clip] });
    // The run fills the job's body with the transcript the transcription job returned.
    const transcript = transcriptOf({ engine: 'e', language_code: 'en-US', text: 'Check the forks', words: [{ word: 'Check', start: 0.1, end: 0.3, speaker: 1 }], segments: [{ start: 0.1, end: 0.3, text: 'Check', speaker: 1 }], duration_seconds: 2 })!;
    expect(subtitlesJob(transcript, 'srt', [clip], true)).toEqual({
      kind: 'job',
      operation: 'subtitles',
      sources: [clip],
      body: { transcript_data: transcript, max_chars_per_line: 50, max_duration_per_subtitle: 5, subtitle_format: 'srt', video_path: 'v1', burn_in: true },
    });
    // Without burning in, no video is sent (a results' download too).
    expect(subtitlesJob(transcript, 'vtt', [clip]).body).toEqual({ transcript_data: transcript, max_chars_per_line: 50, max_duration_per_subtitle: 5, subtitle_format: 'vtt' });
    // No transcript read: an empty one, which the server refuses with its reason.
    expect(subtitlesJob(null, 'srt', [clip]).body.transcript_data).toEqual({ text: '', words: [], segments: [] });
    // Burning in needs subtitles; without them it adds nothing.
    const plain = stepsFor('analytics', settingsWith((x) => Object.assign(x.analytics, { transcribe: true, burn_in: true })), clip);
    expect('steps' in plain && plain.steps.map((st) => st.kind)).toEqual(['job']);
    expect(defaultVideoSettings().analytics.burn_in).toBe(false);
  });
});

describe('jobs and results', () => {
  const clip = file('v1');
  const job = (overrides: Partial<VideoJob> = {}): VideoJob => ({
    job_id: 'j1',
    operation: 'color_correction',
    status: 'completed',
    progress: 100,
    stage: '',
    video_files: ['v1'],
    parameters: {},
    result: { output: null, files: [file('o1', { origin: 'output', job_id: 'j1' })], data: null },
    error: null,
    ...overrides,
  });

  it('reads video_job.changed', () => {
    expect(parseVideoJobEvent({ operation: 'x' })).toBeNull();
    expect(parseVideoJobEvent({ job_id: 'j1', operation: 'color_correction', status: 'running', progress: 42.6, stage: 'color_correction', error: null })).toEqual({
      job_id: 'j1',
      operation: 'color_correction',
      status: 'running',
      progress: 43,
      stage: 'color_correction',
      error: '',
      error_message_id: undefined,
      error_params: undefined,
    });
    expect(parseVideoJobEvent({ job_id: 'j1', status: 'completed', progress: 97 })?.progress).toBe(100);
    expect(parseVideoJobEvent({ job_id: 'j1', status: 'failed', error: 'x', error_message_id: 'videoProcessing.failed', error_params: [] })).toMatchObject({ error_message_id: 'videoProcessing.failed', error_params: [] });
  });

  it('follows a job from its start to its read result, never backwards', () => {
    let results: VideoResult[] = [];
    results = resultsReducer(results, { type: 'started', id: 'j1', operation: 'color_correction', sources: [clip] });
    expect(results[0]).toMatchObject({ id: 'j1', status: 'queued', progress: 0, job: null });
    results = resultsReducer(results, { type: 'event', event: parseVideoJobEvent({ job_id: 'j1', status: 'running', progress: 40 })! });
    results = resultsReducer(results, { type: 'event', event: parseVideoJobEvent({ job_id: 'j1', status: 'running', progress: 20 })! });
    expect(results[0]).toMatchObject({ status: 'running', progress: 40 });
    results = resultsReducer(results, { type: 'event', event: parseVideoJobEvent({ job_id: 'j1', status: 'completed' })! });
    results = resultsReducer(results, { type: 'event', event: parseVideoJobEvent({ job_id: 'j1', status: 'queued' })! });
    expect(results[0]).toMatchObject({ status: 'completed', progress: 100 });
    results = resultsReducer(results, { type: 'read', job: job() });
    expect(results[0]!.job?.result?.files[0]?.video_path).toBe('o1');
    // Events of other jobs and a second start change nothing.
    expect(resultsReducer(results, { type: 'event', event: parseVideoJobEvent({ job_id: 'other', status: 'running' })! })).toBe(results);
    expect(resultsReducer(results, { type: 'started', id: 'j1', operation: 'x', sources: [] })).toBe(results);
    // Newest first.
    expect(resultsReducer(results, { type: 'started', id: 'j2', operation: 'quality', sources: [clip] }).map((r) => r.id)).toEqual(['j2', 'j1']);
  });

  it("keeps a failed job's reason, shown by its message id in the interface language", () => {
    let results = resultsReducer([], { type: 'started', id: 'j1', operation: 'quality', sources: [clip] });
    const failed = job({ status: 'failed', result: null, error: VIDEO_PROCESSING_MESSAGES.failed, message_id: 'videoProcessing.failed', params: [] });
    results = resultsReducer(results, { type: 'read', job: failed });
    expect(results[0]!.failure).toEqual({ error: VIDEO_PROCESSING_MESSAGES.failed, error_message_id: 'videoProcessing.failed', error_params: [] });
    expect(jobFailureText(results[0]!.failure, t)).toBe(VIDEO_PROCESSING_MESSAGES.failed);
    expect(jobFailureText(results[0]!.failure, fr)).toBe(fr('videoProcessing.messages.failed'));
    expect(jobFailureText({ error: 'ffmpeg said no' }, es)).toBe('ffmpeg said no');
  });

  it('follows a subtitles job to its stored file, and to the video they were burned into', () => {
    const subtitlesFile = file('s1', { kind: 'subtitles', origin: 'output', filename: 'v1-subtitles.srt', content_type: 'application/x-subrip', duration: 0, width: 0, height: 0, has_audio: false, video_codec: '', job_id: 'j9' });
    const burned = file('o9', { origin: 'output', filename: 'v1-subtitles.mp4', job_id: 'j9' });
    let results = resultsReducer([], { type: 'started', id: 'j9', operation: 'subtitles', sources: [clip] });
    results = resultsReducer(results, { type: 'event', event: parseVideoJobEvent({ job_id: 'j9', operation: 'subtitles', status: 'running', progress: 40, stage: 'burning in subtitles' })! });
    expect(results[0]).toMatchObject({ operation: 'subtitles', status: 'running', progress: 40, stage: 'burning in subtitles' });
    const data = { subtitle_format: 'srt', cue_count: 2, content: '1\n00:00:00,100 --> 00:00:00,300\nCheck\n' };
    results = resultsReducer(results, { type: 'read', job: job({ job_id: 'j9', operation: 'subtitles', result: { output: { video_path: 'o9', download_url: burned.download_url, metadata: burned }, files: [burned, subtitlesFile], data } }) });
    const outputs = outputsOf(results[0]!.job);
    expect(outputs.videos.map((f) => f.video_path)).toEqual(['o9']);
    expect(outputs.subtitles.map((f) => [f.filename, f.download_url])).toEqual([['v1-subtitles.srt', '/api/video/files/s1/download']]);
    expect(subtitlesDataOf(results[0]!.job!.result!.data)).toEqual(data);
    expect(subtitlesDataOf({ scenes: [] })).toBeNull();
  });

  it("shows a failed subtitles job's reason as 'Error: {message}'", () => {
    const reason = 'The transcript has no words to make subtitles from.';
    let results = resultsReducer([], { type: 'started', id: 'j8', operation: 'subtitles', sources: [clip] });
    results = resultsReducer(results, { type: 'read', job: job({ job_id: 'j8', operation: 'subtitles', status: 'failed', result: null, error: reason }) });
    expect(results[0]).toMatchObject({ status: 'failed', failure: { error: reason } });
    expect(t('videoProcessing.status.error', { message: jobFailureText(results[0]!.failure, t) })).toBe(`Error: ${reason}`);
    expect(statusText({ state: 'failed', error: null, failure: results[0]!.failure! }, t)).toBe(`Error: ${reason}`);
  });

  it('reads a scene detection and a transcript from the job data', () => {
    expect(sceneDataOf({ scenes: [{ index: 0, start: 0, end: 2.5, duration: 2.5, score: 0 }], threshold: 0.3 })).toEqual({ scenes: [{ index: 0, start: 0, end: 2.5, duration: 2.5, score: 0 }], threshold: 0.3 });
    expect(sceneDataOf({ text: 'x' })).toBeNull();
    const transcript = transcriptOf({
      engine: 'pocketsphinx',
      language_code: 'en-US',
      text: 'hello there general kenobi',
      words: [
        { word: 'hello', start: 0.1, end: 0.4, speaker: 1 },
        { word: 'there', start: 0.5, end: 0.8, speaker: 1 },
        { word: 'general', start: 1.2, end: 1.6, speaker: 2 },
        { word: 'kenobi', start: 1.7, end: 2.0, speaker: 2 },
      ],
      segments: [
        { start: 0.1, end: 0.8, text: 'hello there', speaker: 1 },
        { start: 1.2, end: 2.0, text: 'general kenobi', speaker: 2 },
      ],
      duration_seconds: 2,
      diarization: { method: 'offline', speakers: 2 },
    })!;
    expect(transcriptParagraphs(transcript).map((p) => [p.speaker, p.words.map((w) => w.word)])).toEqual([
      [1, ['hello', 'there']],
      [2, ['general', 'kenobi']],
    ]);
    expect(transcriptOf({ scenes: [] })).toBeNull();
  });
});

describe('texts', () => {
  it("shows a refusal without the API's message as 'HTTP {status}: {text}' in 'Error: {message}'", () => {
    const error = videoCallError(502, 'Bad Gateway', undefined);
    expect(error).toBeInstanceOf(VideoHttpError);
    expect(videoErrorMessage(error, t)).toBe('HTTP 502: Bad Gateway');
    expect(t('videoProcessing.status.error', { message: videoErrorMessage(error, t) })).toBe('Error: HTTP 502: Bad Gateway');
    expect(videoErrorMessage(videoCallError(404, '', '<html>'), t)).toBe('HTTP 404: Not Found');
    expect(fr('videoProcessing.status.error', { message: 'x' })).toBe('Erreur : x');
  });

  it("prefers the server's message, by its id when this app has the text", () => {
    const named = videoCallError(400, 'Bad Request', { code: 'VALIDATION_FAILED', message: VIDEO_PROCESSING_MESSAGES.notVideo, message_id: 'videoProcessing.notVideo', params: [], detail: { field: 'video_path' } });
    expect(videoErrorMessage(named, t)).toBe(VIDEO_PROCESSING_MESSAGES.notVideo);
    expect(videoErrorMessage(named, es)).toBe('Este archivo es una imagen: elige un vídeo.');
    const busy = catalogueMessage(VIDEO_PROCESSING_MESSAGES, 'tooManyActive', 10);
    const tooMany = toError(429, { code: 'RATE_LIMITED', message: busy.text, message_id: busy.id, params: busy.params });
    expect(videoErrorMessage(tooMany, t)).toBe(busy.text);
    expect(videoErrorMessage(tooMany, fr)).toContain('10 traitements vidéo');
    const plain = videoCallError(403, 'Forbidden', { code: 'FEATURE_NOT_AVAILABLE', message: 'Advanced video processing is not in your plan.' });
    expect(videoErrorMessage(plain, es)).toBe('Advanced video processing is not in your plan.');
    expect(videoErrorMessage(new ApiError(0, NETWORK_ERROR), t)).toBe(t('errors.network'));
  });

  it("keeps the English of the catalogue's messages", () => {
    for (const [key, value] of Object.entries(VIDEO_PROCESSING_MESSAGES)) {
      const english = typeof value === 'function' ? (value as (n: number) => string)(7) : value;
      const shown = t(`videoProcessing.messages.${key}`, { n0: '7', p0: 7 });
      expect({ key, shown }).toEqual({ key, shown: english });
    }
    expect(Object.keys(en.videoProcessing.messages).sort()).toEqual(Object.keys(VIDEO_PROCESSING_MESSAGES).sort());
  });

  it('tells what runs in the status line', () => {
    const running = { state: 'running', step: 1, steps: 2, operation: 'color_correction', jobId: 'j1', status: 'running', progress: 45, stage: 'color_correction' } as const;
    expect(statusText(running, t)).toBe('Colour correction: 45% (step 1 of 2)');
    expect(statusText({ ...running, status: 'queued', progress: 0 }, t)).toBe('Colour correction: waiting to start (step 1 of 2)');
    expect(statusText({ state: 'done', results: 2 }, t)).toBe('Done: 2 results');
    expect(statusText({ state: 'failed', error: new VideoHttpError(500, 'Internal Server Error') }, es)).toBe('Error: HTTP 500: Internal Server Error');
    // Subtitles are a job step like the others, with the stage of burning them in.
    const subtitles = { ...running, step: 2, steps: 2, operation: 'subtitles', status: 'queued', progress: 0, stage: '' } as const;
    expect(statusText(subtitles, t)).toBe('Subtitles: waiting to start (step 2 of 2)');
    expect(statusText({ ...subtitles, status: 'running', progress: 40, stage: 'burning in subtitles' }, t)).toBe('Subtitles, burning in the subtitles: 40% (step 2 of 2)');
    expect(statusText({ ...subtitles, status: 'running', progress: 40, stage: 'burning in subtitles' }, fr)).toBe('Sous-titres, incrustation des sous-titres : 40 % (étape 2 sur 2)');
    expect(stageName('chunk 2 of 3', t)).toBe('chunk 2 of 3');
  });

  it('gives sizes in MB and plays files inline', () => {
    expect(sizeInMb(1_234_567, 'en')).toBe('1.18 MB');
    expect(sizeInMb(1_234_567, 'fr')).toMatch(/^1,18\sMo$/);
    expect(inlineUrl('/api/video/files/a/download')).toBe('/api/video/files/a/download?inline=1');
    expect(inlineUrl('/x?y=1')).toBe('/x?y=1&inline=1');
  });
});

/** An analysis as media-render answers it (analyzeVideo on the e2e's 2 s testsrc2 clip with a 440 Hz tone, 'standard'). */
const ANALYSIS = {
  depth: 'standard',
  duration_seconds: 2,
  quality: {
    resolution: { width: 320, height: 180, verdict: 'low resolution (320x180): looks blurry on a full screen', ok: false },
    frame_rate: { fps: 25, verdict: 'smooth motion', ok: true },
    bitrate: { kbps: 1226, bits_per_pixel: 0.1572, source: 'stream', verdict: 'enough bitrate for the picture size', ok: true },
    luma: { mean: 121.5, min: 120.8, max: 121.9, verdict: 'well exposed', ok: true },
    contrast: { spread: 169, verdict: 'good contrast', ok: true },
    saturation: { mean: 106.9, verdict: 'oversaturated colours', ok: false },
    sharpness: { method: 'blurdetect', value: 4.76, verdict: 'sharp', ok: true },
    noise: { sigma: 0.86, verdict: 'clean', ok: true },
    black: { seconds: 0, share: 0, verdict: 'no black frames', ok: true },
    frozen: { seconds: 0, share: 0, verdict: 'the picture keeps moving', ok: true },
    sampling: { frames: 4, rate_fps: 2, width: 320, height: 180 },
  },
  loudness: {
    has_audio: true,
    integrated_lufs: -18.8,
    loudness_range_lu: 0,
    true_peak_dbtp: -17.7,
    silence_seconds: 0,
    silence_share: 0,
    offset_from_online_target_lu: -2.8,
    offset_from_broadcast_target_lu: 4.2,
    targets: { online_lufs: -16, broadcast_lufs: -23, max_true_peak_dbtp: -1 },
    verdict: 'a little quiet for online video (2.8 LU below -16 LUFS)',
    ok: true,
  },
  scenes: { count: 1, cuts: 0, average_scene_seconds: 2, shortest_scene_seconds: 2, longest_scene_seconds: 2, cuts_per_minute: 0, threshold: 0.325 },
  speech: null,
  engagement: {
    score: 79,
    method: 'rules',
    label: 'A heuristic prediction from transparent rules over the measured figures, not a model trained on viewing data.',
    factors: [
      { factor: 'length', measured: { duration_minutes: 0.03 }, rating: 1, weight: 12, points: 12, effect: 'raised', reason: '2 s: within the 6 minutes viewers of training video typically watch' },
      { factor: 'pacing', measured: { average_scene_seconds: 2 }, rating: 1, weight: 8, points: 8, effect: 'raised', reason: 'one continuous shot of 2 s' },
      { factor: 'loudness', measured: { integrated_lufs: -18.8 }, rating: 0.76, weight: 7, points: 3.6, effect: 'raised', reason: '-18.8 LUFS: 2.8 LU below the online target of -16 LUFS' },
      { factor: 'visual_quality', measured: { problems: 2 }, rating: 0.5, weight: 10, points: 0, effect: 'neutral', reason: 'picture problems: low resolution (320x180): looks blurry on a full screen, oversaturated colours' },
      { factor: 'dead_air', measured: { silence_share: 0 }, rating: 0.3, weight: 5, points: -2, effect: 'lowered', reason: 'dead air: 40% silent' },
    ],
    not_measured: ['speech_rate'],
    recommendations: ['Normalise the sound to about -16 LUFS (it measures -18.8 LUFS).', 'Record or export at 720p or more.', 'Lower the colour saturation (colour correction).'],
  },
  engines: { measurement: 'ffmpeg', scenes: 'ffmpeg scene score (scene detection)', transcription: null, engagement: 'rules' },
  notes: ["Speech rate needs a transcript: ask include_transcript or 'comprehensive' depth."],
};

describe('the analysis', () => {
  const analysis = analysisOf(ANALYSIS)!;

  it('is read from the job data, each section only when it is one', () => {
    expect(analysis).toMatchObject({ depth: 'standard', duration_seconds: 2, speech: null, transcript: null, notes: ANALYSIS.notes });
    expect(analysis.engagement).toMatchObject({ score: 79, method: 'rules', not_measured: ['speech_rate'] });
    expect(analysis.loudness).toMatchObject({ integrated_lufs: -18.8, true_peak_dbtp: -17.7, ok: true, targets: { online_lufs: -16 } });
    expect(analysis.scenes).toEqual({ count: 1, cuts: 0, average_scene_seconds: 2, cuts_per_minute: 0 });
    expect(analysisOf({ scenes: [], threshold: 0.3 })).toBeNull();
    expect(analysisOf(null)).toBeNull();
    // A part the card cannot read is left out, never guessed.
    const partial = analysisOf({ depth: 'basic', duration_seconds: 3, quality: { resolution: { width: 1 } }, loudness: null, scenes: null, speech: { available: false, reason: 'The video has no sound track.' }, engagement: { score: 140, factors: 'x' } })!;
    expect(partial).toMatchObject({ quality: null, loudness: null, scenes: null, speech: { available: false, reason: 'The video has no sound track.' }, engagement: { score: 100, factors: [], recommendations: [] } });
  });

  it('sorts the factors into what raised and what lowered the score, with signed points', () => {
    const groups = factorsByEffect(analysis.engagement!);
    expect(groups.raised.map((f) => f.factor)).toEqual(['length', 'pacing', 'loudness']);
    expect(groups.lowered.map((f) => f.factor)).toEqual(['dead_air']);
    expect(groups.neutral.map((f) => f.factor)).toEqual(['visual_quality']);
    expect([12, 3.6, 0, -2, -1].map((p) => pointsText(p, t))).toEqual(['+12 points', '+3.6 points', '0 points', '-2 points', '-1 point']);
    expect(pointsText(3.6, fr)).toBe('+3,6 points');
    expect(pointsText(-2, es)).toBe('-2 puntos');
  });

  it('gives each quality measure its figure, its verdict as sent and whether it is fine', () => {
    const rows = qualityRows(analysis.quality!, t);
    expect(rows.map((r) => r.measure)).toEqual(['resolution', 'frame_rate', 'bitrate', 'luma', 'contrast', 'saturation', 'sharpness', 'noise', 'black', 'frozen']);
    expect(rows[0]).toEqual({ measure: 'resolution', name: 'Resolution', figure: '320 × 180', verdict: 'low resolution (320x180): looks blurry on a full screen', ok: false });
    expect(rows.filter((r) => !r.ok).map((r) => r.measure)).toEqual(['resolution', 'saturation']);
    expect(rows.map((r) => r.figure)).toEqual(['320 × 180', '25 fps', '1,226 kbps', 'level 121.5', 'spread 169', 'level 106.9', '4.76', 'σ 0.86', '0 s', '0% of the time']);
    expect(qualityRows(analysis.quality!, fr).map((r) => [r.name, r.figure]).slice(1, 4)).toEqual([
      ['Fréquence d’images', '25 i/s'],
      ['Débit binaire', '1\u202f226 kbit/s'],
      ['Exposition', 'niveau 121,5'],
    ]);
  });

  it('tells the loudness in LUFS, the scenes and the speech rate in the interface language', () => {
    expect(loudnessText(analysis.loudness!, t)).toBe('-18.8 LUFS');
    expect(loudnessDetails(analysis.loudness!, t)).toEqual(['true peak -17.7 dBTP', 'range 0 LU', '0% silent']);
    expect(loudnessText(analysis.loudness!, fr)).toBe('-18,8 LUFS');
    expect(loudnessDetails(analysis.loudness!, es)).toEqual(['pico real -17,7 dBTP', 'rango 0 LU', '0\u00a0% en silencio']);
    expect(loudnessText({ ...analysis.loudness!, has_audio: false }, t)).toBe('No sound track');
    expect(loudnessText({ ...analysis.loudness!, integrated_lufs: null }, es)).toBe('Pista de sonido en silencio');
    expect(scenesText(analysis.scenes!, t)).toBe('1 scene · 0 cuts per minute · 2 s per scene on average');
    expect(scenesText({ count: 12, cuts: 11, average_scene_seconds: 10.04, cuts_per_minute: 5.5 }, es)).toBe('12 escenas · 5,5 cortes por minuto · 10 s por escena de media');
    const speech = { available: true as const, words: 1057, words_per_minute: 142.4, speaking_share: 0.8, engine: 'pocketsphinx', verdict: 'a comfortable pace', ok: true };
    expect(speechText(speech, t)).toBe('142 words per minute · 1,057 words · speaking 80% of the time');
    expect(speechText(speech, fr)).toBe('142 mots par minute · 1\u202f057 mots · parle 80\u00a0% du temps');
    expect(speechText({ available: false, reason: 'No speech recogniser is available for this analysis.' }, es)).toBe('Sin medir: No speech recogniser is available for this analysis.');
  });

  function renderCard(value: VideoAnalysis) {
    return renderToStaticMarkup(h(AnalysisCard, { analysis: value }));
  }

  it('shows the score with its label, the factors, the recommendations, the verdicts, the loudness and the scenes', () => {
    const html = renderCard(analysis);
    const shown = text(html);
    expect(html).toContain('data-testid="engagement-score" data-score="79"');
    expect(shown).toContain('Predicted engagement Engagement score: 79 out of 100 79 / 100');
    expect(shown).toContain(ANALYSIS.engagement.label);
    expect(shown).toContain('Raised the score Length +12 points · 2 s: within the 6 minutes viewers of training video typically watch');
    expect(shown).toContain('Lowered the score Dead air -2 points · dead air: 40% silent');
    expect(shown).toContain('No effect Picture quality 0 points');
    expect(shown).toContain('Not measured (counted as neutral): Speech rate');
    for (const r of ANALYSIS.engagement.recommendations) expect(shown).toContain(r);
    expect(shown).toContain('Loudness: -18.8 LUFS · true peak -17.7 dBTP · range 0 LU · 0% silent · a little quiet for online video (2.8 LU below -16 LUFS)');
    expect(shown).toContain('Scenes: 1 scene · 0 cuts per minute · 2 s per scene on average');
    expect(shown).not.toContain('Speech:');
    expect(shown).toContain('Depth: Standard · length 0:02');
    expect([...html.matchAll(/data-testid="quality-verdict" data-measure="(\w+)" data-ok="false"/g)].map((m) => m[1])).toEqual(['resolution', 'saturation']);
    expect(shown).toContain('Resolution (320 × 180) low resolution (320x180): looks blurry on a full screen');
    expect(shown).toContain('Problem Colour (level 106.9) oversaturated colours');
    expect(shown).toContain('Notes Speech rate needs a transcript');
    // The generic key / value display is gone.
    expect(shown).not.toContain('Bits per pixel');
  });

  it('is worded in Spanish and French, the server sentences as sent', async () => {
    try {
      await i18n.changeLanguage('es');
      const spanish = text(renderCard(analysis));
      expect(spanish).toContain('Participación prevista');
      expect(spanish).toContain('Subieron la puntuación Duración +12 puntos · 2 s: within the 6 minutes');
      expect(spanish).toContain('Sonoridad: -18,8 LUFS');
      expect(spanish).toContain('Escenas: 1 escena');
      expect(spanish).toContain('Recomendaciones');
      await i18n.changeLanguage('fr');
      const french = text(renderCard(analysis));
      expect(french).toContain('Engagement prévu');
      expect(french).toContain('Ont fait baisser le score Temps mort -2 points');
      expect(french).toContain('Niveau sonore : -18,8 LUFS');
      expect(french).toContain('Qualité d’image');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('upload checks', () => {
  it('accepts only files whose type starts with video/, then the server rules', () => {
    expect(precheckVideo({ name: 'a.mp4', size: 10, type: 'video/mp4' })).toBeNull();
    expect(precheckVideo({ name: 'a.png', size: 10, type: 'image/png' })).toEqual({ code: 'notVideo' });
    expect(precheckVideo({ name: 'a.mp4', size: 10, type: '' })).toEqual({ code: 'notVideo' });
    expect(precheckVideo({ name: 'a.ogv', size: 10, type: 'video/ogg' })).toMatchObject({ code: 'type' });
    expect(precheckVideo({ name: 'a.mp4', size: 30 * 1024 * 1024, type: 'video/mp4' }, 25)).toMatchObject({ code: 'size' });
    expect(precheckVideo({ name: 'a.mp4', size: 0, type: 'video/mp4' })).toEqual({ code: 'empty' });
  });

  it('takes PNG or JPEG backgrounds', () => {
    expect(precheckBackground({ name: 'bg.jpg', size: 10, type: 'image/jpeg' })).toBeNull();
    expect(precheckBackground({ name: 'bg.gif', size: 10, type: 'image/gif' })).toEqual({ code: 'notImage' });
  });
});

const USER: User = testUser({ role: 'owner', capabilities: { videoGeneration: true, advancedVideoProcessing: false } });
const BUSINESS: User = { ...USER, subscription: { ...USER.subscription, tier: 'business', plan: 'Business' }, capabilities: { ...USER.capabilities, advancedVideoProcessing: true } };

function renderDialog(user: User) {
  return renderToStaticMarkup(h(StaticRouter, { location: '/' }, h(AuthProvider, { initial: { status: 'signedIn', user }, children: h(VideoProcessingDialog, { onClose: () => undefined }) })));
}

describe('the dialog', () => {
  it('shows a plan without advancedVideoProcessing the upgrade message', () => {
    const html = renderDialog(USER);
    expect(html).toContain('data-testid="video-processing-locked"');
    expect(text(html)).toContain('Feature Not Available');
    expect(html).toContain('href="/billing"');
    expect(html).not.toContain('data-testid="video-processing"');
  });

  it('opens on the video (upload, list) and the four tools, Effects & Filters first, with the catalogue ranges', () => {
    const html = renderDialog(BUSINESS);
    expect(html).toContain('role="dialog"');
    expect(text(html)).toContain('Advanced Video Processing');
    expect(text(html)).toContain('Upload a video');
    const tabs = [...html.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((m) => m[1]);
    expect(tabs).toEqual(['Effects &amp; Filters', 'AI Enhancement', 'Analytics &amp; Transcription', 'Batch Processing']);
    expect(html).toMatch(new RegExp(`<input[^>]*type="range"[^>]*min="${R.brightness.min}"[^>]*max="${R.brightness.max}"[^>]*step="${R.brightness.step}"[^>]*value="${R.brightness.default}"`));
    expect(html).toMatch(/<input[^>]*type="range"[^>]*min="-180"[^>]*max="180"[^>]*step="10"/);
    expect(text(html)).toContain('Apply effects');
    expect(text(html)).toContain('Choose a video and a tool, then run it.');
  });
});
