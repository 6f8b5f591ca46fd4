// ffmpeg's filter that draws a subtitle file into the picture: `ass=` for an ASS script (its own
// styles), `subtitles=` with a readable force_style for SRT and WebVTT (libass styles them).
//
// A path inside a filtergraph is read twice (ffmpeg-filters, "Notes on filtergraph escaping"): the
// filter's option parser splits 'key=value:key=value' and ends a value at ':' (level 1), after the
// graph parser has cut the filter's arguments at ',', ';', '[' and ']' (level 2). Both levels take
// '\' as an escape and '\'' as a quote, and trim unescaped whitespace at the ends. So the value is
// escaped for level 1, then the whole argument string for level 2. The result is one argument
// (execFile's, or -vf's): no shell quoting is involved.
import type { SubtitleFormat } from './cue-format.js';

/** A value as the filter's option parser reads it back: '\', '\'' and ':' escaped, end spaces kept. */
export function escapeFilterValue(value: string): string {
  return keepEndSpaces(value.replace(/[\\':]/g, '\\$&'));
}

/** A filter's argument string as the graph parser reads it back: '\', '\'', ',', ';', '[' and ']' escaped. */
export function escapeFilterArguments(args: string): string {
  return keepEndSpaces(args.replace(/[\\'[\],;]/g, '\\$&'));
}

const keepEndSpaces = (text: string) => text.replace(/^\s|\s$/gu, '\\$&');

/** force_style for SRT and WebVTT, in the 384x288 space libass gives them: the narrated video's burned-in look. */
export const DEFAULT_FORCE_STYLE: Readonly<Record<string, string | number>> = {
  FontName: 'DejaVu Sans',
  FontSize: 16,
  BorderStyle: 3,
  Outline: 2,
  Shadow: 0,
  OutlineColour: '&H80000000',
  MarginV: 24,
};

export interface BurnInFilterOptions {
  /** The subtitle file. Absolute is best: a relative one is read from ffmpeg's working folder. */
  path: string;
  /** Taken from the file's extension when not given. */
  format?: SubtitleFormat;
  /** ASS style fields for SRT and WebVTT over DEFAULT_FORCE_STYLE (the ass filter keeps the script's own). */
  forceStyle?: Readonly<Record<string, string | number>>;
  /** A folder of fonts libass looks in besides fontconfig's. */
  fontsDir?: string;
}

function formatOf(path: string): SubtitleFormat {
  const ext = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase();
  if (ext === 'srt' || ext === 'vtt' || ext === 'ass') return ext;
  if (ext === 'ssa') return 'ass';
  throw new Error(`Cannot tell the subtitle format of '${path}'; name it.`);
}

/** force_style's own syntax ('Key=Value,Key=Value') has no escapes: a ',' or '=' in a field would split it. */
function forceStyleText(style: Readonly<Record<string, string | number>>): string {
  return Object.entries(style)
    .map(([key, value]) => {
      if (!/^[A-Za-z]+$/.test(key)) throw new Error(`'${key}' is not an ASS style field.`);
      const text = String(value);
      if (/[,=\n]/.test(text)) throw new Error(`The ${key} style value '${text}' may not hold ',' or '='.`);
      return `${key}=${text}`;
    })
    .join(',');
}

/**
 * The filter (one -vf / filter_complex element) that burns the subtitle file in, e.g.
 * `subtitles=filename=/tmp/it\\\'s a \[x\].srt:force_style=FontName=DejaVu Sans\,FontSize=16`.
 */
export function burnInFilter(options: BurnInFilterOptions): string {
  const format = options.format ?? formatOf(options.path);
  // A relative path with a ':' before any '/' would read as a protocol ('c:subs.srt'): anchor it.
  const path = /^[^/]*:/.test(options.path) && !options.path.startsWith('/') ? `./${options.path}` : options.path;
  const args = [`filename=${escapeFilterValue(path)}`];
  if (options.fontsDir) args.push(`fontsdir=${escapeFilterValue(options.fontsDir)}`);
  if (format !== 'ass') args.push(`force_style=${escapeFilterValue(forceStyleText({ ...DEFAULT_FORCE_STYLE, ...options.forceStyle }))}`);
  return `${format === 'ass' ? 'ass' : 'subtitles'}=${escapeFilterArguments(args.join(':'))}`;
}
