// Scores in their colour bands (90+ green, 80 blue, 70 yellow, 60 orange, below red): the circle
// with the grade of the quality results and the AI dashboard, and the bar of a dimension. The band
// is also said in words, so colour is never the only signal.
import { useTranslation } from 'react-i18next';
import type { ScoreDisplay } from '~/lib/ai';
import { QUALITY_BAND_BAR, QUALITY_BAND_CLASSES, QUALITY_BAND_STROKE } from '~/lib/projects';
import { cx } from '../ui';

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function ScoreCircle({ value, label, showGrade = true }: { value: ScoreDisplay; label: string; showGrade?: boolean }) {
  const { t } = useTranslation();
  const bandText = t(`quality.bands.${value.band}`);
  return (
    <figure className="flex flex-col items-center gap-2" data-testid="score-circle" data-band={value.band} data-score={value.score}>
      <div className="relative h-28 w-28">
        <svg viewBox="0 0 100 100" className="h-full w-full -rotate-90" aria-hidden="true">
          <circle cx="50" cy="50" r={RADIUS} fill="none" strokeWidth="10" className="stroke-slate-100" />
          <circle
            cx="50"
            cy="50"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - value.score / 100)}
            className={QUALITY_BAND_STROKE[value.band]}
          />
        </svg>
        <div className="absolute inset-0 flex flex-col items-center justify-center" aria-hidden="true">
          <span className="text-3xl font-bold text-slate-900">{value.score}</span>
          {showGrade && <span className="text-xs font-semibold text-slate-600">{t('quality.grade', { grade: value.grade })}</span>}
        </div>
      </div>
      <figcaption className="text-center text-sm">
        <span className="block font-medium text-slate-900">{label}</span>
        <span className="sr-only">
          {t('quality.outOf', { score: value.score })}
          {showGrade && `, ${t('quality.grade', { grade: value.grade })}`},{' '}
        </span>
        <span className={cx('mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', QUALITY_BAND_CLASSES[value.band])}>{bandText}</span>
      </figcaption>
    </figure>
  );
}

export function ScoreBar({ value, label }: { value: ScoreDisplay; label: string }) {
  const { t } = useTranslation();
  return (
    <div data-band={value.band}>
      <div className="flex justify-between gap-2 text-sm">
        <span className="text-slate-700">{label}</span>
        <span className="font-semibold text-slate-900">
          {value.score}
          <span className="sr-only"> ({t(`quality.bands.${value.band}`)})</span>
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value.score}
        aria-valuetext={`${t('quality.outOf', { score: value.score })}, ${t(`quality.bands.${value.band}`)}`}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cx('h-full rounded-full', QUALITY_BAND_BAR[value.band])} style={{ width: `${value.score}%` }} />
      </div>
    </div>
  );
}
