// Times and durations in the formats each runtime accepts.

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** SCORM 1.2 CMITimespan, HHHH:MM:SS.SS (hours at least two digits, capped at 9999). */
export function scorm12Timespan(ms: number): string {
  const centiseconds = Math.min(Math.max(0, Math.round(ms / 10)), 9999 * 360000 + 359999);
  const hours = Math.floor(centiseconds / 360000);
  const minutes = Math.floor((centiseconds % 360000) / 6000);
  const seconds = (centiseconds % 6000) / 100;
  return `${pad(hours)}:${pad(minutes)}:${seconds.toFixed(2).padStart(5, '0')}`;
}

/** SCORM 1.2 CMITime, the time of day HH:MM:SS (local time, as the LMS shows it). */
export function scorm12Time(at: Date): string {
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
}

/** ISO 8601 duration (SCORM 2004 timeinterval, xAPI duration), e.g. PT1H2M3.45S. */
export function isoDuration(ms: number): string {
  const centiseconds = Math.max(0, Math.round(ms / 10));
  const hours = Math.floor(centiseconds / 360000);
  const minutes = Math.floor((centiseconds % 360000) / 6000);
  const seconds = (centiseconds % 6000) / 100;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${Number(seconds.toFixed(2))}S`;
}

/** SCORM 2004 time(second,10,0): at most two fraction digits, UTC. */
export function scorm2004Timestamp(at: Date): string {
  return `${at.toISOString().slice(0, 22)}Z`;
}
