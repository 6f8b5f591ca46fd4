// WAV (RIFF/WAVE) reading and writing. The header is walked chunk by chunk in whatever order the
// chunks come, so durations are computed from the real `fmt ` and `data` chunks, never assumed
// from a 44-byte layout.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** WAVE_FORMAT_* codes of the fmt chunk. */
export const WAVE_FORMAT_PCM = 1;
export const WAVE_FORMAT_IEEE_FLOAT = 3;
export const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

/** Streamed WAVs carry these instead of the real size (OpenAI writes 0xFFFFFFFF, ElevenLabs
 *  0x7FFFFFFF, libsndfile 0 until close); only for them is the data size taken from the file. */
const PLACEHOLDER_SIZES = new Set([0xffffffff, 0x7fffffff, 0]);

export interface WavFormat {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

export interface WavInfo extends WavFormat {
  /** The effective format code (the sub-format for WAVE_FORMAT_EXTENSIBLE). */
  audioFormat: number;
  blockAlign: number;
  byteRate: number;
  /** Byte offset of the first sample. */
  dataOffset: number;
  dataBytes: number;
  /** Sample frames (one sample per channel). */
  frames: number;
  /** frames / sampleRate in milliseconds, not rounded. */
  durationMs: number;
  /** True when the header held a streaming placeholder and the data size came from the file size. */
  sizeFromFile: boolean;
}

export class WavError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WavError';
  }
}

/** Random access to the bytes of a WAV (a buffer or an open file). */
interface ByteSource {
  size: number;
  read(offset: number, length: number): Buffer;
}

function bufferSource(buf: Buffer): ByteSource {
  return { size: buf.length, read: (offset, length) => buf.subarray(offset, Math.min(buf.length, offset + length)) };
}

function parse(src: ByteSource): WavInfo {
  if (src.size < 12) throw new WavError(`Not a WAV file: ${src.size} bytes is too short for a RIFF header`);
  const riff = src.read(0, 12);
  if (riff.toString('latin1', 0, 4) !== 'RIFF' || riff.toString('latin1', 8, 12) !== 'WAVE') {
    throw new WavError('Not a WAV file: missing the RIFF/WAVE signature');
  }
  let fmt: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'frames' | 'durationMs' | 'sizeFromFile'> | null = null;
  let data: { offset: number; bytes: number; sizeFromFile: boolean } | null = null;
  let offset = 12;
  while (offset + 8 <= src.size && !(fmt && data)) {
    const head = src.read(offset, 8);
    const id = head.toString('latin1', 0, 4);
    const size = head.readUInt32LE(4);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > src.size) throw new WavError(`Invalid WAV: fmt chunk of ${size} bytes`);
      const f = src.read(body, Math.min(size, 40));
      let audioFormat = f.readUInt16LE(0);
      if (audioFormat === WAVE_FORMAT_EXTENSIBLE) {
        // cbSize(2) validBits(2) channelMask(4) then the sub-format GUID, whose first two bytes are the code.
        if (size < 40) throw new WavError('Invalid WAV: WAVE_FORMAT_EXTENSIBLE without its sub-format');
        audioFormat = f.readUInt16LE(24);
      }
      fmt = {
        audioFormat,
        channels: f.readUInt16LE(2),
        sampleRate: f.readUInt32LE(4),
        byteRate: f.readUInt32LE(8),
        blockAlign: f.readUInt16LE(12),
        bitsPerSample: f.readUInt16LE(14),
      };
      if (fmt.channels === 0 || fmt.sampleRate === 0 || fmt.blockAlign === 0) {
        throw new WavError('Invalid WAV: zero channels, sample rate or block size');
      }
    } else if (id === 'data') {
      const available = src.size - body;
      const riffPlaceholder = PLACEHOLDER_SIZES.has(riff.readUInt32LE(4));
      if (size <= available && !(size === 0 && riffPlaceholder)) {
        data = { offset: body, bytes: size, sizeFromFile: false };
      } else if (PLACEHOLDER_SIZES.has(size)) {
        data = { offset: body, bytes: available, sizeFromFile: true };
      } else {
        throw new WavError(`Truncated WAV: the data chunk declares ${size} bytes but only ${available} follow`);
      }
    }
    if (data && data.sizeFromFile) break;
    // Chunks are word aligned: an odd-sized chunk is followed by a pad byte.
    offset = body + size + (size % 2);
  }
  if (!fmt) throw new WavError('Invalid WAV: no fmt chunk');
  if (!data) throw new WavError('Invalid WAV: no data chunk');
  const frames = Math.floor(data.bytes / fmt.blockAlign);
  const dataBytes = frames * fmt.blockAlign;
  return {
    ...fmt,
    dataOffset: data.offset,
    dataBytes,
    frames,
    durationMs: (frames * 1000) / fmt.sampleRate,
    sizeFromFile: data.sizeFromFile,
  };
}

/** Reads the header of a WAV held in memory. */
export function parseWav(buf: Buffer): WavInfo {
  return parse(bufferSource(buf));
}

/** Reads the header of a WAV file without loading its samples. */
export function readWavInfo(path: string): WavInfo {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    return parse({
      size,
      read(offset, length) {
        const out = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
        readSync(fd, out, 0, out.length, offset);
        return out;
      },
    });
  } finally {
    closeSync(fd);
  }
}

/** The sample bytes of a WAV held in memory. */
export function wavData(buf: Buffer, info: WavInfo = parseWav(buf)): Buffer {
  return buf.subarray(info.dataOffset, info.dataOffset + info.dataBytes);
}

/** A canonical 44-byte PCM header for `dataBytes` of samples. */
export function wavHeader(format: WavFormat, dataBytes: number): Buffer {
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  h.writeUInt16LE(format.channels, 22);
  h.writeUInt32LE(format.sampleRate, 24);
  h.writeUInt32LE(format.sampleRate * blockAlign, 28);
  h.writeUInt16LE(blockAlign, 32);
  h.writeUInt16LE(format.bitsPerSample, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** Wraps raw little-endian PCM in a WAV. */
export function pcmToWav(pcm: Buffer, format: WavFormat): Buffer {
  const blockAlign = format.channels * (format.bitsPerSample / 8);
  const whole = pcm.length - (pcm.length % blockAlign);
  return Buffer.concat([wavHeader(format, whole), pcm.subarray(0, whole)]);
}

function sameFormat(a: WavInfo, b: WavInfo): boolean {
  return (
    a.audioFormat === b.audioFormat &&
    a.sampleRate === b.sampleRate &&
    a.channels === b.channels &&
    a.bitsPerSample === b.bitsPerSample
  );
}

/** Joins PCM WAVs of one format into one WAV with correct sizes. */
export function concatWavs(wavs: Buffer[]): Buffer {
  if (wavs.length === 0) throw new WavError('Nothing to join');
  const infos = wavs.map((w) => parseWav(w));
  const first = infos[0]!;
  if (first.audioFormat !== WAVE_FORMAT_PCM) throw new WavError(`Only PCM WAVs can be joined (format ${first.audioFormat})`);
  infos.forEach((info, i) => {
    if (!sameFormat(first, info)) {
      throw new WavError(
        `Cannot join WAVs of different formats: part 1 is ${first.sampleRate} Hz/${first.channels} ch/${first.bitsPerSample} bit, ` +
          `part ${i + 1} is ${info.sampleRate} Hz/${info.channels} ch/${info.bitsPerSample} bit`,
      );
    }
  });
  const parts = wavs.map((w, i) => wavData(w, infos[i]!));
  const bytes = parts.reduce((n, p) => n + p.length, 0);
  return Buffer.concat([wavHeader(first, bytes), ...parts]);
}
