// What may be uploaded, how big, and whether the bytes are what the name says: the one set of
// upload rules the gateway, the services and the web app's pre-check all read. Part 1 section 5:
// scripts .txt .docx .pdf up to 104857600 bytes; slides .pptx .pdf .png .jpg .jpeg up to
// 209715200 bytes; documents for the AI generator .pdf .doc .docx .txt .rtf (refresh also .ppt
// .pptx), which the specification bounds by the plan only: we hold them to the scripts' 100 MB too
// (docs/api.md); and never more than the plan's fileUploadLimitMB.

export interface UploadRule {
  extensions: readonly string[];
  maxBytes: number;
}

export const UPLOAD_KINDS = {
  script: { extensions: ['.txt', '.docx', '.pdf'], maxBytes: 104_857_600 },
  slides: { extensions: ['.pptx', '.pdf', '.png', '.jpg', '.jpeg'], maxBytes: 209_715_200 },
  // Documents for analysis and assessment generation; content refresh also takes decks.
  document: { extensions: ['.pdf', '.doc', '.docx', '.txt', '.rtf'], maxBytes: 104_857_600 },
  refresh: { extensions: ['.pdf', '.doc', '.docx', '.txt', '.rtf', '.ppt', '.pptx'], maxBytes: 104_857_600 },
  // Documents of the company library (docs/library.md): what the document reader reads.
  library: { extensions: ['.pdf', '.doc', '.docx', '.txt', '.rtf', '.ppt', '.pptx'], maxBytes: 104_857_600 },
  // Videos for advanced video processing (docs/video-processing.md) up to the FAQ's 1 GB, and the
  // still images a chroma key puts behind them.
  video: { extensions: ['.mp4', '.mov', '.m4v', '.webm', '.mkv', '.avi', '.png', '.jpg', '.jpeg'], maxBytes: 1_073_741_824 },
} as const satisfies Record<string, UploadRule>;
export type UploadKindName = keyof typeof UPLOAD_KINDS;

/** Voice samples for cloning (part 2 section 5): audio of at most 10485760 bytes each. */
export const VOICE_SAMPLE_UPLOAD = { extensions: ['.mp3', '.wav', '.m4a', '.aac'], maxBytes: 10_485_760 } as const satisfies UploadRule;

/** The MIME type file-type reports for each extension; .txt has no magic number (checked as text). */
export const EXPECTED_MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.txt': 'text/plain',
  '.rtf': 'application/rtf',
  // Legacy Office files are OLE compound files.
  '.doc': 'application/x-cfb',
  '.ppt': 'application/x-cfb',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.m4v': 'video/x-m4v',
  '.webm': 'video/webm',
  '.mkv': 'video/x-matroska',
  '.avi': 'video/vnd.avi',
};

export const CONTENT_MISMATCH = 'The file content does not match its extension';

export function extensionOf(filename: string): string {
  const match = /\.[^./\\]+$/.exec(filename.trim().toLowerCase());
  return match ? match[0] : '';
}

export function isUploadKind(value: unknown): value is UploadKindName {
  return typeof value === 'string' && value in UPLOAD_KINDS;
}

/** '10 MB', '1.5 GB': how the messages show sizes. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

export function sizeExceededMessage(size: number, max: number): string {
  return `File size (${formatBytes(size)}) exceeds maximum allowed size (${formatBytes(max)})`;
}

/** The largest file a rule accepts on a plan: the smaller of the rule's maximum and the plan's
 * fileUploadLimitMB (-1, or an unknown plan, for none). */
export function maxUploadBytes(rule: UploadRule, planLimitMB?: number | null): number {
  const plan = typeof planLimitMB === 'number' && planLimitMB > 0 ? planLimitMB * 1024 * 1024 : Infinity;
  return Math.min(rule.maxBytes, plan);
}

/** '30 seconds', '30 minutes', '1.5 minutes': how the upload time limits are named. */
function formatDuration(ms: number): string {
  const [value, unit] = ms >= 60_000 ? [ms / 60_000, 'minute'] : [ms / 1000, 'second'];
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  return `${shown} ${unit}${shown === '1' ? '' : 's'}`;
}

/** The refusal of an upload body that stopped arriving: nothing for `ms` (idle), or not all in `ms` (total). */
export function uploadTimeoutMessage(limit: 'idle' | 'total', ms: number): string {
  return limit === 'idle'
    ? `The upload stopped: no data arrived for ${formatDuration(ms)}. Please check your connection and try again.`
    : `The upload did not finish within ${formatDuration(ms)}. Please check your connection and try again.`;
}

/** The refusal of a file whose extension the kind does not take. */
export function unsupportedTypeMessage(kind: UploadKindName): string {
  return `File type not supported. Accepted types: ${UPLOAD_KINDS[kind].extensions.join(', ')}`;
}

/** True when a detected type (file-type's mime, or undefined) fits the extension. */
export function contentMatches(ext: string, detectedMime: string | undefined, head: Uint8Array): boolean {
  if (ext === '.txt') return detectedMime === undefined && looksLikeText(head);
  // Containers overlap (an .mp4 is often a QuickTime file and the reverse): a video's bytes need
  // only be some video (part 2 section 5: 'type starts with video/'), which ffprobe then reads.
  if (EXPECTED_MIME[ext]?.startsWith('video/')) return detectedMime?.startsWith('video/') === true;
  return detectedMime === EXPECTED_MIME[ext];
}

/** UTF-8 without NUL bytes or invalid sequences (a text file has no magic number to check). */
export function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character cut at the end of the sample is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, trimPartialUtf8(head)));
    return true;
  } catch {
    return false;
  }
}

function trimPartialUtf8(bytes: Uint8Array): number {
  let end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const b = bytes[end - i]!;
    if ((b & 0xc0) === 0x80) continue;
    if ((b & 0xc0) === 0xc0) end -= i;
    break;
  }
  return end;
}
