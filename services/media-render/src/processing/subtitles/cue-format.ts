// Subtitle cues written out as files: SubRip (.srt), WebVTT (.vtt) and Advanced SubStation (.ass).
// The one serialisation both the narrated video's subtitles (video/subtitles.ts) and the
// transcript's subtitles use. Cue text holds its lines separated by '\n'; each format gets it
// escaped its own way.

export interface Cue {
  startMs: number;
  endMs: number;
  /** One or two lines, separated by '\n'. */
  text: string;
}

/** A cue that may say who speaks (1-based diarization label); the ASS file names them. */
export interface SpeakerCue extends Cue {
  speaker?: number;
}

export const SUBTITLE_FORMATS = ['srt', 'vtt', 'ass'] as const;
export type SubtitleFormat = (typeof SUBTITLE_FORMATS)[number];

/** The media type each format is served with. */
export const SUBTITLE_CONTENT_TYPES: Record<SubtitleFormat, string> = {
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  ass: 'text/x-ssa; charset=utf-8',
};

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** 'hh:mm:ss.mmm' (WebVTT) or 'hh:mm:ss,mmm' (SRT). */
export function formatTimestamp(ms: number, separator: '.' | ',' = '.'): string {
  const t = Math.max(0, Math.round(ms));
  return `${pad(Math.floor(t / 3_600_000))}:${pad(Math.floor(t / 60_000) % 60)}:${pad(Math.floor(t / 1000) % 60)}${separator}${pad(t % 1000, 3)}`;
}

/** 'h:mm:ss.cc': ASS counts in centiseconds. */
export function formatAssTimestamp(ms: number): string {
  const cs = Math.max(0, Math.round(ms / 10));
  return `${Math.floor(cs / 360_000)}:${pad(Math.floor(cs / 6000) % 60)}:${pad(Math.floor(cs / 100) % 60)}.${pad(cs % 100)}`;
}

/** Cue text as WebVTT reads it: '&', '<' and '>' escaped, so markup in the text shows as written and '-->' cannot occur. */
function vttText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function toWebVtt(cues: readonly Cue[]): string {
  const body = cues.map((c, i) => `${i + 1}\n${formatTimestamp(c.startMs)} --> ${formatTimestamp(c.endMs)}\n${vttText(c.text)}\n`);
  return ['WEBVTT\n', ...body].join('\n');
}

export function toSrt(cues: readonly Cue[]): string {
  return cues.map((c, i) => `${i + 1}\n${formatTimestamp(c.startMs, ',')} --> ${formatTimestamp(c.endMs, ',')}\n${c.text}\n`).join('\n');
}

export interface AssOptions {
  /** The script's coordinate space; libass scales it to the video. Default 1920x1080. */
  playResX?: number;
  playResY?: number;
  /** A fontconfig family name. Default 'DejaVu Sans' (installed with the renderer). */
  fontName?: string;
  /** In PlayResY units. Default 5.5% of the height: two lines of about 50 columns fit a 16:9 frame. */
  fontSize?: number;
}

/**
 * Cue text as an ASS Dialogue's Text field: braces escaped (libass reads '\{' and '\}' as the
 * characters, so text cannot open an override block), a backslash kept from starting an escape by
 * a word joiner after it (ASS has no escape for the backslash), and '\n' written as the hard break '\N'.
 */
export function assText(text: string): string {
  return text
    .replace(/\\/g, '\\\u2060')
    .replace(/[{}]/g, '\\$&')
    .replace(/\r?\n/g, '\\N');
}

/** Names and style fields may not hold the comma that separates ASS fields. */
const assField = (value: string) => value.replace(/[,\r\n]/g, ' ');

/**
 * An ASS script: [Script Info] with the play resolution, one readable default style (white text
 * with a black outline and a soft shadow, bottom centre, margins of 5% of the frame) and a
 * Dialogue per cue. WrapStyle 0 lets libass wrap a line that still does not fit a narrow frame.
 */
export function toAss(cues: readonly SpeakerCue[], options: AssOptions = {}): string {
  const x = Math.round(options.playResX ?? 1920);
  const y = Math.round(options.playResY ?? 1080);
  const size = Math.round(options.fontSize ?? y * 0.055);
  const outline = Math.max(1, Math.round(y / 360));
  const font = assField(options.fontName ?? 'DejaVu Sans');
  const marginX = Math.round(x * 0.05);
  const marginV = Math.round(y * 0.05);
  const lines = [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${x}`,
    `PlayResY: ${y}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Default,${font},${size},&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,${outline},1,2,${marginX},${marginX},${marginV},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...cues.map((c) => {
      const name = c.speaker === undefined ? '' : assField(`Speaker ${c.speaker}`);
      return `Dialogue: 0,${formatAssTimestamp(c.startMs)},${formatAssTimestamp(c.endMs)},Default,${name},0,0,0,,${assText(c.text)}`;
    }),
  ];
  return `${lines.join('\n')}\n`;
}

/** The cues as a file of the format. */
export function serializeCues(cues: readonly SpeakerCue[], format: SubtitleFormat, ass: AssOptions = {}): string {
  switch (format) {
    case 'srt':
      return toSrt(cues);
    case 'vtt':
      return toWebVtt(cues);
    case 'ass':
      return toAss(cues, ass);
  }
}
