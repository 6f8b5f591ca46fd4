// The four tools of the Advanced Video Processing dialog (part 2 sections 2, 3, 5 and 9): Effects &
// Filters (chroma key with a background image, colour correction), AI Enhancement (scene
// detection, smart crop, quality), Analytics & Transcription (transcription with subtitles,
// analysis) and Batch Processing (several videos, its operations, chunks). Each step is chosen
// with its checkbox; every range, option list and default is the catalogue's.
import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_DEPTHS, ASPECT_RATIOS, BATCH_OPERATIONS, SUBTITLE_FORMATS, VIDEO_LIMITS, VIDEO_RANGES, VIDEO_TRANSCRIPTION_LANGUAGES } from '@trainwright/catalogue';
import { languageName } from '~/lib/language-names';
import { formatMoment } from '~/lib/format';
import {
  precheckBackground,
  type AnalyticsSettings,
  type BatchSettings,
  type EffectsSettings,
  type EnhancementSettings,
  type VideoFile,
} from '~/lib/video-processing';
import { UploadProgress } from '../projects/FileUpload';
import { selectClass } from '../projects/ProjectFormFields';
import { Button, Spinner, cx, inputClass } from '../ui';
import { CheckField, RangeField, SelectField, StepSection } from './Controls';
import { useVideoUpload } from './useVideoUpload';

const R = VIDEO_RANGES;

/** A tool's Run button: disabled while another run or an upload is on (or the role may not process). */
function RunButton({ label, busy, disabled, onRun }: { label: string; busy: boolean; disabled: boolean; onRun: () => void }) {
  return (
    <div className="flex justify-end border-t border-slate-200 pt-3">
      <Button onClick={onRun} disabled={disabled}>
        {busy && <Spinner />}
        {label}
      </Button>
    </div>
  );
}

export interface ToolProps<S> {
  settings: S;
  onChange: (patch: Partial<S>) => void;
  busy: boolean;
  disabled: boolean;
  onRun: () => void;
}

/** Chroma key's background: one of the company's uploaded images, or one uploaded now (PNG or JPEG). */
function BackgroundPicker({ value, images, onChange, onUploaded, disabled }: { value: string | null; images: VideoFile[]; onChange: (id: string | null) => void; onUploaded: (file: VideoFile) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const { upload, error, take } = useVideoUpload(precheckBackground, (uploaded) => {
    onUploaded(uploaded);
    onChange(uploaded.video_path);
  });
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="sm:col-span-2">
      <label htmlFor={`${id}-select`} className="block text-sm font-medium text-slate-700">
        {t('videoProcessing.effects.background')}
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <select id={`${id}-select`} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} className={cx(selectClass, 'min-w-0 flex-1')}>
          <option value="">{t('videoProcessing.effects.noBackground')}</option>
          {images.map((image) => (
            <option key={image.video_path} value={image.video_path}>
              {image.filename}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-file`} className={cx('rounded-md px-2.5 py-1.5 text-xs font-semibold text-indigo-700 ring-1 ring-inset ring-indigo-200', disabled || upload ? 'cursor-not-allowed opacity-60' : 'cursor-pointer hover:bg-indigo-50')}>
          {t('videoProcessing.effects.uploadBackground')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          disabled={disabled || upload !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) take(file);
          }}
        />
      </div>
      {upload && (
        <div className="mt-1 flex items-start gap-2">
          <div className="flex-1">
            <UploadProgress label={t('upload.progressLabel', { name: upload.name })} sent={upload.sent} total={upload.total} />
          </div>
          <button type="button" onClick={upload.cancel} className="mt-1 rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100" aria-label={t('upload.cancelNamed', { name: upload.name })}>
            {t('upload.cancel')}
          </button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-600" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function EffectsPanel({ settings: s, onChange, busy, disabled, onRun, images, onImageUploaded }: ToolProps<EffectsSettings> & { images: VideoFile[]; onImageUploaded: (file: VideoFile) => void }) {
  const { t } = useTranslation();
  const k = 'videoProcessing.effects';
  const colorId = useId();
  return (
    <div className="space-y-4">
      <StepSection label={t(`${k}.chromaKey`)} hint={t(`${k}.chromaKeyHint`)} enabled={s.chromaKey} onToggle={(chromaKey) => onChange({ chromaKey })} testId="step-chroma-key">
        <div>
          <label htmlFor={colorId} className="block text-sm font-medium text-slate-700">
            {t(`${k}.color`)}
          </label>
          <div className="mt-1 flex items-center gap-2">
            <input id={colorId} type="color" value={s.chroma_color} onChange={(e) => onChange({ chroma_color: e.target.value })} className="h-9 w-14 cursor-pointer rounded border border-slate-300 bg-white p-0.5" />
            <span className="font-mono text-sm text-slate-700">{s.chroma_color}</span>
          </div>
        </div>
        <RangeField label={t(`${k}.sensitivity`)} range={R.sensitivity} value={s.sensitivity} onChange={(sensitivity) => onChange({ sensitivity })} />
        <BackgroundPicker value={s.background_image} images={images} onChange={(background_image) => onChange({ background_image })} onUploaded={onImageUploaded} disabled={disabled} />
      </StepSection>
      <StepSection label={t(`${k}.colorCorrection`)} hint={t(`${k}.colorCorrectionHint`)} enabled={s.colorCorrection} onToggle={(colorCorrection) => onChange({ colorCorrection })} testId="step-color-correction">
        <RangeField label={t(`${k}.brightness`)} range={R.brightness} value={s.brightness} onChange={(brightness) => onChange({ brightness })} testId="range-brightness" />
        <RangeField label={t(`${k}.contrast`)} range={R.contrast} value={s.contrast} onChange={(contrast) => onChange({ contrast })} />
        <RangeField label={t(`${k}.saturation`)} range={R.saturation} value={s.saturation} onChange={(saturation) => onChange({ saturation })} />
        <RangeField label={t(`${k}.hueShift`)} range={R.hue_shift} value={s.hue_shift} unit="°" onChange={(hue_shift) => onChange({ hue_shift })} testId="range-hue-shift" />
        <RangeField label={t(`${k}.gamma`)} range={R.gamma} value={s.gamma} onChange={(gamma) => onChange({ gamma })} />
      </StepSection>
      <RunButton label={t(`${k}.run`)} busy={busy} disabled={disabled} onRun={onRun} />
    </div>
  );
}

export function EnhancementPanel({ settings: s, onChange, busy, disabled, onRun }: ToolProps<EnhancementSettings>) {
  const { t } = useTranslation();
  const k = 'videoProcessing.enhancement';
  return (
    <div className="space-y-4">
      <StepSection label={t(`${k}.sceneDetection`)} hint={t(`${k}.sceneDetectionHint`)} enabled={s.sceneDetection} onToggle={(sceneDetection) => onChange({ sceneDetection })} testId="step-scene-detection">
        <RangeField label={t(`${k}.sceneSensitivity`)} range={R.scene_sensitivity} value={s.scene_sensitivity} onChange={(scene_sensitivity) => onChange({ scene_sensitivity })} />
        <RangeField label={t(`${k}.minSceneDuration`)} range={R.min_scene_duration} value={s.min_scene_duration} unit=" s" onChange={(min_scene_duration) => onChange({ min_scene_duration })} />
        <RangeField label={t(`${k}.maxScenes`)} range={R.max_scenes} value={s.max_scenes} onChange={(max_scenes) => onChange({ max_scenes })} />
      </StepSection>
      <StepSection label={t(`${k}.smartCrop`)} hint={t(`${k}.smartCropHint`)} enabled={s.smartCrop} onToggle={(smartCrop) => onChange({ smartCrop })} testId="step-smart-crop">
        <SelectField label={t(`${k}.targetAspect`)} value={s.target_aspect} options={ASPECT_RATIOS.map((a) => ({ value: a, label: a }))} onChange={(target_aspect) => onChange({ target_aspect })} />
        <div className="space-y-2">
          <CheckField label={t(`${k}.focusDetection`)} checked={s.focus_detection} onChange={(focus_detection) => onChange({ focus_detection })} />
          <CheckField label={t(`${k}.preserveMotion`)} checked={s.preserve_motion} onChange={(preserve_motion) => onChange({ preserve_motion })} />
        </div>
      </StepSection>
      <StepSection label={t(`${k}.quality`)} hint={t(`${k}.qualityHint`)} enabled={s.quality} onToggle={(quality) => onChange({ quality })} testId="step-quality">
        <div className="space-y-2">
          <CheckField label={t(`${k}.denoise`)} checked={s.denoise} onChange={(denoise) => onChange({ denoise })} />
          <CheckField label={t(`${k}.sharpen`)} checked={s.sharpen} onChange={(sharpen) => onChange({ sharpen })} />
          <CheckField label={t(`${k}.enhanceContrast`)} checked={s.enhance_contrast} onChange={(enhance_contrast) => onChange({ enhance_contrast })} />
          <CheckField label={t(`${k}.stabilization`)} checked={s.stabilization} onChange={(stabilization) => onChange({ stabilization })} />
        </div>
        <RangeField label={t(`${k}.upscaleFactor`)} range={R.upscale_factor} value={s.upscale_factor} unit="×" onChange={(upscale_factor) => onChange({ upscale_factor })} testId="range-upscale" />
      </StepSection>
      <RunButton label={t(`${k}.run`)} busy={busy} disabled={disabled} onRun={onRun} />
    </div>
  );
}

export function AnalyticsPanel({ settings: s, onChange, busy, disabled, onRun, chosen }: ToolProps<AnalyticsSettings> & { chosen: VideoFile | null }) {
  const { t, i18n } = useTranslation();
  const k = 'videoProcessing.analytics';
  const vocabularyId = useId();
  return (
    <div className="space-y-4">
      {chosen && !chosen.has_audio && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="no-audio-note">
          {t('videoProcessing.messages.noAudio')}
        </p>
      )}
      <StepSection label={t(`${k}.transcribe`)} hint={t(`${k}.transcribeHint`)} enabled={s.transcribe} onToggle={(transcribe) => onChange({ transcribe, ...(transcribe ? {} : { subtitles: false, burn_in: false }) })} testId="step-transcribe">
        <SelectField
          label={t(`${k}.language`)}
          value={s.language_code}
          options={VIDEO_TRANSCRIPTION_LANGUAGES.map((code) => ({ value: code, label: `${languageName(code, i18n.language)} (${code})` }))}
          onChange={(language_code) => onChange({ language_code })}
        />
        <CheckField label={t(`${k}.diarization`)} hint={t(`${k}.diarizationHint`)} checked={s.enable_speaker_diarization} onChange={(enable_speaker_diarization) => onChange({ enable_speaker_diarization })} />
        <div className="sm:col-span-2">
          <label htmlFor={vocabularyId} className="block text-sm font-medium text-slate-700">
            {t(`${k}.vocabulary`)} <span className="font-normal text-slate-600">({t('common.optional')})</span>
          </label>
          <textarea
            id={vocabularyId}
            rows={2}
            value={s.custom_vocabulary}
            onChange={(e) => onChange({ custom_vocabulary: e.target.value })}
            aria-describedby={`${vocabularyId}-hint`}
            className={cx(inputClass, 'mt-1')}
          />
          <p id={`${vocabularyId}-hint`} className="mt-1 text-xs text-slate-600">
            {t(`${k}.vocabularyHint`, { count: VIDEO_LIMITS.vocabularyPhrases })}
          </p>
        </div>
        <div className="space-y-3 sm:col-span-2">
          <CheckField label={t(`${k}.subtitles`)} hint={t(`${k}.subtitlesHint`)} checked={s.subtitles} onChange={(subtitles) => onChange({ subtitles, ...(subtitles ? {} : { burn_in: false }) })} />
          <SelectField label={t(`${k}.subtitleFormat`)} value={s.subtitle_format} options={SUBTITLE_FORMATS.map((f) => ({ value: f, label: f.toUpperCase() }))} onChange={(subtitle_format) => onChange({ subtitle_format })} />
          <CheckField label={t(`${k}.burnIn`)} hint={t(`${k}.burnInHint`)} checked={s.burn_in} disabled={!s.subtitles} onChange={(burn_in) => onChange({ burn_in })} />
        </div>
      </StepSection>
      <StepSection label={t(`${k}.analyze`)} hint={t(`${k}.analyzeHint`)} enabled={s.analyze} onToggle={(analyze) => onChange({ analyze })} testId="step-analyze">
        <SelectField label={t(`${k}.depth`)} value={s.analysis_depth} options={ANALYSIS_DEPTHS.map((d) => ({ value: d, label: t(`${k}.depths.${d}`) }))} onChange={(analysis_depth) => onChange({ analysis_depth })} />
        <div className="space-y-2">
          <CheckField label={t(`${k}.includeQuality`)} checked={s.include_quality_metrics} onChange={(include_quality_metrics) => onChange({ include_quality_metrics })} />
          <CheckField label={t(`${k}.includeEngagement`)} checked={s.include_engagement_prediction} onChange={(include_engagement_prediction) => onChange({ include_engagement_prediction })} />
          <CheckField label={t(`${k}.includeTranscript`)} checked={s.include_transcript} onChange={(include_transcript) => onChange({ include_transcript })} />
        </div>
      </StepSection>
      <RunButton label={t(`${k}.run`)} busy={busy} disabled={disabled} onRun={onRun} />
    </div>
  );
}

function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div className="mt-2">{children}</div>
    </fieldset>
  );
}

export function BatchPanel({ settings: s, onChange, busy, disabled, onRun, videos }: ToolProps<BatchSettings> & { videos: VideoFile[] }) {
  const { t } = useTranslation();
  const k = 'videoProcessing.batch';
  const toggle = <T extends string>(list: readonly T[], item: T, on: boolean): T[] => (on ? [...list.filter((x) => x !== item), item] : list.filter((x) => x !== item));
  const full = s.video_files.length >= VIDEO_LIMITS.batchFiles;
  return (
    <div className="space-y-5">
      <Group legend={t(`${k}.files`)} hint={t(`${k}.filesHint`, { count: VIDEO_LIMITS.batchFiles })}>
        {videos.length === 0 ? (
          <p className="text-sm text-slate-600">{t(`${k}.noFiles`)}</p>
        ) : (
          <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-slate-200 p-2" data-testid="batch-files">
            {videos.map((f) => {
              const on = s.video_files.includes(f.video_path);
              return (
                <li key={f.video_path}>
                  <CheckField
                    label={
                      <>
                        {f.filename} <span className="font-normal text-slate-600">· {formatMoment(f.duration)}</span>
                      </>
                    }
                    checked={on}
                    disabled={!on && full}
                    onChange={(value) => onChange({ video_files: toggle(s.video_files, f.video_path, value) })}
                  />
                </li>
              );
            })}
          </ul>
        )}
      </Group>
      <Group legend={t(`${k}.operations`)} hint={t(`${k}.operationsHint`)}>
        <div className="grid gap-2 sm:grid-cols-2">
          {BATCH_OPERATIONS.map((op) => (
            <CheckField key={op} label={t(`${k}.ops.${op}`)} checked={s.operations.includes(op)} onChange={(value) => onChange({ operations: toggle(s.operations, op, value) })} />
          ))}
        </div>
      </Group>
      <div className="grid gap-4 sm:grid-cols-2">
        <RangeField
          label={t(`${k}.chunkDuration`)}
          range={R.chunk_duration}
          value={s.chunk_duration}
          unit={` s (${formatMoment(s.chunk_duration)})`}
          onChange={(chunk_duration) => onChange({ chunk_duration })}
          testId="range-chunk-duration"
        />
        <CheckField label={t(`${k}.parallel`)} hint={t(`${k}.parallelHint`)} checked={s.parallel_processing} onChange={(parallel_processing) => onChange({ parallel_processing })} />
      </div>
      <p className="sr-only" aria-live="polite">
        {t(`${k}.selected`, { count: s.video_files.length })}
      </p>
      <RunButton label={t(`${k}.run`)} busy={busy} disabled={disabled} onRun={onRun} />
    </div>
  );
}
