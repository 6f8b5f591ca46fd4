// An analysis's result (lib/video-analysis.ts reads it and words its figures): the predicted
// engagement score (0-100) with the server's label, the factors that raised and lowered it and the
// recommendations; the picture quality's verdicts, each marked fine or a problem; the loudness in
// LUFS with its verdict; the scene count and cuts per minute; the speech rate when it was measured;
// the analysis's notes. The server's verdicts, reasons, label, recommendations and notes are
// English sentences, shown as given.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countText } from '~/lib/analytics';
import { formatList } from '~/lib/format';
import {
  depthLine,
  factorName,
  factorsByEffect,
  loudnessDetails,
  loudnessText,
  pointsText,
  qualityRows,
  scenesText,
  scoreBand,
  speechText,
  type EngagementFactor,
  type EngagementPrediction,
  type VideoAnalysis,
} from '~/lib/video-analysis';
import { CheckIcon, WarningIcon } from '../icons';
import { cx } from '../ui';

const BAND_BAR = { high: 'bg-green-500', medium: 'bg-amber-500', low: 'bg-red-500' } as const;

/** A verdict's mark: a tick when fine, a warning when a viewer would notice it (with its words for screen readers). */
function Mark({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={cx('mt-0.5 inline-flex shrink-0', ok ? 'text-green-700' : 'text-amber-700')}>
      {ok ? <CheckIcon className="h-4 w-4" /> : <WarningIcon className="h-4 w-4" />}
      <span className="sr-only">{ok ? t('videoProcessing.analysis.ok') : t('videoProcessing.analysis.problem')}</span>
    </span>
  );
}

function Section({ title, testId, children }: { title: string; testId?: string; children: ReactNode }) {
  return (
    <section className="space-y-1.5" data-testid={testId}>
      <h6 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{title}</h6>
      {children}
    </section>
  );
}

function Factors({ title, factors, effect }: { title: string; factors: EngagementFactor[]; effect: EngagementFactor['effect'] }) {
  const { t } = useTranslation();
  if (factors.length === 0) return null;
  const tone = effect === 'raised' ? 'text-green-700' : effect === 'lowered' ? 'text-red-700' : 'text-slate-600';
  return (
    <div>
      <p className="text-sm font-medium text-slate-800">{title}</p>
      <ul className="mt-1 space-y-1">
        {factors.map((f) => (
          <li key={f.factor} className="text-sm text-slate-700" data-testid="engagement-factor" data-factor={f.factor} data-effect={f.effect}>
            <span className="font-medium text-slate-900">{factorName(f.factor, t)}</span> <span className={cx('tabular-nums font-semibold', tone)}>{pointsText(f.points, t)}</span>
            {f.reason && <span className="text-slate-600"> · {f.reason}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Engagement({ engagement }: { engagement: EngagementPrediction }) {
  const { t, i18n } = useTranslation();
  const k = 'videoProcessing.analysis';
  const groups = factorsByEffect(engagement);
  const band = scoreBand(engagement.score);
  return (
    <Section title={t(`${k}.engagement`)} testId="analysis-engagement">
      <div className="flex flex-wrap items-end gap-x-4 gap-y-1">
        <p className="text-slate-900" data-testid="engagement-score" data-score={engagement.score}>
          <span className="sr-only">{t(`${k}.scoreLabel`, { score: countText(engagement.score, t) })}</span>
          <span aria-hidden="true">
            <span className="text-3xl font-bold tabular-nums">{countText(engagement.score, t)}</span>
            <span className="text-sm text-slate-600"> / {countText(100, t)}</span>
          </span>
        </p>
        <div className="mb-2 h-2 min-w-[8rem] flex-1 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className={cx('h-full rounded-full', BAND_BAR[band])} style={{ width: `${engagement.score}%` }} />
        </div>
      </div>
      {engagement.label && (
        <p className="text-xs text-slate-600" data-testid="engagement-label">
          {engagement.label}
        </p>
      )}
      <div className="space-y-2 pt-1">
        <Factors title={t(`${k}.raised`)} factors={groups.raised} effect="raised" />
        <Factors title={t(`${k}.lowered`)} factors={groups.lowered} effect="lowered" />
        <Factors title={t(`${k}.neutral`)} factors={groups.neutral} effect="neutral" />
        {engagement.not_measured.length > 0 && (
          <p className="text-xs text-slate-600" data-testid="engagement-not-measured">
            {t(`${k}.notMeasured`, { factors: formatList(engagement.not_measured.map((f) => factorName(f, t)), i18n.language) })}
          </p>
        )}
      </div>
      <div className="pt-1" data-testid="analysis-recommendations">
        <p className="text-sm font-medium text-slate-800">{t(`${k}.recommendations`)}</p>
        {engagement.recommendations.length === 0 ? (
          <p className="text-sm text-slate-600">{t(`${k}.noRecommendations`)}</p>
        ) : (
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-slate-700">
            {engagement.recommendations.map((r, i) => (
              <li key={i}>{r}</li>
            ))}
          </ul>
        )}
      </div>
    </Section>
  );
}

/** A line of figures with the server's verdict and its mark. */
function VerdictLine({ label, figure, verdict, ok, testId }: { label: string; figure: string; verdict?: string; ok?: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="flex items-start gap-2 text-sm" data-testid={testId} data-ok={ok === undefined ? undefined : String(ok)}>
      {ok !== undefined && <Mark ok={ok} />}
      <span>
        <span className="font-medium text-slate-900">{t('videoProcessing.analysis.lineLabel', { label })}</span> <span className="tabular-nums text-slate-800">{figure}</span>
        {verdict && <span className="text-slate-600"> · {verdict}</span>}
      </span>
    </p>
  );
}

export function AnalysisCard({ analysis }: { analysis: VideoAnalysis }) {
  const { t } = useTranslation();
  const k = 'videoProcessing.analysis';
  const { quality, loudness, scenes, speech, engagement } = analysis;
  return (
    <div className="space-y-4 rounded-md border border-slate-200 p-3" data-testid="analysis">
      <div>
        <h5 className="text-sm font-semibold text-slate-900">{t(`${k}.heading`)}</h5>
        <p className="text-xs text-slate-600">{depthLine(analysis, t)}</p>
      </div>
      {engagement && <Engagement engagement={engagement} />}
      {(loudness || scenes || speech) && (
        <div className="space-y-1.5">
          {loudness && (
            <VerdictLine
              label={t(`${k}.loudness.heading`)}
              figure={[loudnessText(loudness, t), ...loudnessDetails(loudness, t)].join(' · ')}
              verdict={loudness.verdict}
              ok={loudness.ok}
              testId="analysis-loudness"
            />
          )}
          {scenes && <VerdictLine label={t(`${k}.scenes.heading`)} figure={scenesText(scenes, t)} testId="analysis-scenes" />}
          {speech && (
            <VerdictLine
              label={t(`${k}.speech.heading`)}
              figure={speechText(speech, t)}
              {...(speech.available ? { verdict: speech.verdict, ok: speech.ok } : {})}
              testId="analysis-speech"
            />
          )}
        </div>
      )}
      {quality && (
        <Section title={t(`${k}.quality`)} testId="analysis-quality">
          <ul className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
            {qualityRows(quality, t).map((row) => (
              <li key={row.measure} className="flex items-start gap-2 text-sm" data-testid="quality-verdict" data-measure={row.measure} data-ok={String(row.ok)}>
                <Mark ok={row.ok} />
                <span className="min-w-0">
                  <span className="font-medium text-slate-900">{row.name}</span> <span className="tabular-nums text-slate-600">({row.figure})</span>
                  <span className={cx('block text-xs', row.ok ? 'text-slate-600' : 'font-medium text-amber-800')}>{row.verdict}</span>
                </span>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {analysis.notes.length > 0 && (
        <Section title={t(`${k}.notes`)} testId="analysis-notes">
          <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-600">
            {analysis.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </Section>
      )}
    </div>
  );
}
