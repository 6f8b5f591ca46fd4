// Validation of a clone request (part 2 section 5): a name and at least one file; each file an
// MP3, WAV, M4A or AAC of at most 10485760 bytes whose bytes really are that kind of audio (the
// extension alone proves nothing, so the container's signature is checked).
import { extensionOf, VOICE_SAMPLE_UPLOAD } from '@trainwright/catalogue';

export const CLONE_MAX_FILE_BYTES = VOICE_SAMPLE_UPLOAD.maxBytes;
/** The catalogue's voice-sample extensions without the dot ('mp3', ...). */
export type CloneExtension = (typeof VOICE_SAMPLE_UPLOAD.extensions)[number] extends `.${infer E}` ? E : never;
export const CLONE_REQUIRED_MESSAGE = 'Please provide a name and at least one audio file';

export const CLONE_CONTENT_TYPES: Record<CloneExtension, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
};

export interface CloneFileInput {
  filename: string;
  /** The bytes, or at least their first few kilobytes when `size` is given. */
  bytes: Buffer;
  /** The full size when `bytes` is only the head of the file. */
  size?: number;
}

export interface CloneRequestInput {
  name?: string | null;
  description?: string | null;
  files?: CloneFileInput[] | null;
}

export type CloneErrorCode = 'required' | 'unsupported_type' | 'too_large' | 'not_audio' | 'empty_file';

export interface CloneProblem {
  code: CloneErrorCode;
  message: string;
  filename?: string;
}

export type CloneValidation =
  | { ok: true; name: string; description: string; files: Array<CloneFileInput & { extension: CloneExtension; contentType: string }> }
  | { ok: false; problems: CloneProblem[]; message: string };

const NAMES: Record<CloneExtension, string> = { mp3: 'MP3', wav: 'WAV', m4a: 'M4A', aac: 'AAC' };

/** The size of an ID3v2 tag at the start (header, syncsafe size, optional footer), or 0. */
function id3Length(b: Buffer): number {
  if (b.length < 10 || b.toString('latin1', 0, 3) !== 'ID3') return 0;
  const size = [6, 7, 8, 9].map((i) => b[i]!);
  if (b[3]! === 0xff || b[4]! === 0xff || size.some((s) => s >= 0x80)) return -1;
  const footer = (b[5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + ((size[0]! << 21) | (size[1]! << 14) | (size[2]! << 7) | size[3]!) + footer;
}

/** An MPEG audio (layer I-III) frame header: 11 sync bits, no reserved version, layer, bitrate or rate. */
function mpegFrameAt(b: Buffer, i: number): boolean {
  if (i + 4 > b.length) return false;
  if (b[i] !== 0xff || (b[i + 1]! & 0xe0) !== 0xe0) return false;
  const version = (b[i + 1]! >> 3) & 3;
  const layer = (b[i + 1]! >> 1) & 3;
  const bitrate = b[i + 2]! >> 4;
  const rate = (b[i + 2]! >> 2) & 3;
  return version !== 1 && layer !== 0 && bitrate !== 15 && bitrate !== 0 && rate !== 3;
}

/** An ADTS (AAC) frame header: 12 sync bits, layer 00, a valid sampling index and a frame length. */
function adtsFrameAt(b: Buffer, i: number): boolean {
  if (i + 7 > b.length) return false;
  if (b[i] !== 0xff || (b[i + 1]! & 0xf6) !== 0xf0) return false;
  const samplingIndex = (b[i + 2]! >> 2) & 0xf;
  const frameLength = ((b[i + 3]! & 3) << 11) | (b[i + 4]! << 3) | (b[i + 5]! >> 5);
  return samplingIndex <= 12 && frameLength >= 7;
}

/** ISO-BMFF brands of MP4 audio files (Apple M4A/M4B, ISO and 3GPP brands ffmpeg and phones write). */
const MP4_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'mp41', 'mp42', 'isom', 'iso2', 'iso4', 'iso5', 'iso6', 'dash', 'MSNV', '3gp4', '3gp5', '3gp6', '3g2a', 'f4a ']);

/** Whether the bytes are audio of the kind the extension names. */
export function looksLikeAudio(extension: CloneExtension, b: Buffer): boolean {
  switch (extension) {
    case 'wav':
      return b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WAVE';
    case 'mp3': {
      const tag = id3Length(b);
      if (tag < 0) return false;
      if (tag > 0) return tag >= b.length || mpegFrameAt(b, tag) || b.subarray(tag, tag + 4).every((x) => x === 0);
      return mpegFrameAt(b, 0);
    }
    case 'aac': {
      if (b.length >= 4 && b.toString('latin1', 0, 4) === 'ADIF') return true;
      const tag = id3Length(b);
      if (tag < 0) return false;
      if (tag > 0 && tag >= b.length) return true;
      return adtsFrameAt(b, tag);
    }
    case 'm4a': {
      if (b.length < 12 || b.toString('latin1', 4, 8) !== 'ftyp') return false;
      const boxSize = b.readUInt32BE(0);
      if (boxSize < 16) return false;
      const brands = [b.toString('latin1', 8, 12)];
      for (let i = 16; i + 4 <= Math.min(boxSize, b.length); i += 4) brands.push(b.toString('latin1', i, i + 4));
      return brands.some((brand) => MP4_BRANDS.has(brand));
    }
  }
}

/** Checks a clone request; `message` is the first problem's text for a single alert. */
export function validateCloneRequest(input: CloneRequestInput): CloneValidation {
  const name = (input.name ?? '').trim();
  const files = input.files ?? [];
  if (!name || files.length === 0) {
    return { ok: false, problems: [{ code: 'required', message: CLONE_REQUIRED_MESSAGE }], message: CLONE_REQUIRED_MESSAGE };
  }
  const problems: CloneProblem[] = [];
  const accepted: Array<CloneFileInput & { extension: CloneExtension; contentType: string }> = [];
  for (const file of files) {
    const shown = file.filename || '(unnamed file)';
    const dotted = extensionOf(file.filename);
    const size = file.size ?? file.bytes.length;
    if (!(VOICE_SAMPLE_UPLOAD.extensions as readonly string[]).includes(dotted)) {
      problems.push({
        code: 'unsupported_type',
        filename: file.filename,
        message: `'${shown}' is not a supported audio file. Use MP3, WAV, M4A or AAC.`,
      });
      continue;
    }
    const extension = dotted.slice(1) as CloneExtension;
    if (size === 0) {
      problems.push({ code: 'empty_file', filename: file.filename, message: `'${shown}' is empty.` });
      continue;
    }
    if (size > CLONE_MAX_FILE_BYTES) {
      const mb = (size / 1_048_576).toFixed(1);
      problems.push({
        code: 'too_large',
        filename: file.filename,
        message: `'${shown}' is ${mb} MB; each audio file may be at most 10 MB (10485760 bytes).`,
      });
      continue;
    }
    if (!looksLikeAudio(extension, file.bytes)) {
      problems.push({
        code: 'not_audio',
        filename: file.filename,
        message: `'${shown}' is not a valid ${NAMES[extension]} audio file.`,
      });
      continue;
    }
    accepted.push({ ...file, extension, contentType: CLONE_CONTENT_TYPES[extension] });
  }
  if (problems.length > 0) return { ok: false, problems, message: problems[0]!.message };
  return { ok: true, name, description: (input.description ?? '').trim(), files: accepted };
}
