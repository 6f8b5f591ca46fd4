// The WAV reader on hand-built headers (every chunk layout it must handle, and the broken ones it
// must refuse) and on real espeak-ng output, checked against ffprobe.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { concatWavs, parseWav, pcmToWav, readWavInfo, wavData, wavHeader, WavError } from '../../../src/adapters/speech/wav.js';

function chunk(id: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  // Odd chunks carry a pad byte that is not counted in their size.
  return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

function fmtBody(format: number, channels: number, rate: number, bits: number): Buffer {
  const b = Buffer.alloc(16);
  const align = channels * (bits / 8);
  b.writeUInt16LE(format, 0);
  b.writeUInt16LE(channels, 2);
  b.writeUInt32LE(rate, 4);
  b.writeUInt32LE(rate * align, 8);
  b.writeUInt16LE(align, 12);
  b.writeUInt16LE(bits, 14);
  return b;
}

function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), ...chunks]);
  const head = Buffer.alloc(8);
  head.write('RIFF', 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body]);
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'wav-test-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('parseWav on hand-built files', () => {
  it('reads the canonical 44-byte layout exactly', () => {
    const wav = riff(chunk('fmt ', fmtBody(1, 1, 22050, 16)), chunk('data', Buffer.alloc(22050 * 2)));
    const info = parseWav(wav);
    expect(info).toMatchObject({ audioFormat: 1, sampleRate: 22050, channels: 1, bitsPerSample: 16, blockAlign: 2, dataOffset: 44, dataBytes: 44100, frames: 22050, durationMs: 1000, sizeFromFile: false });
  });

  it('finds fmt and data after other chunks, in either order, and skips pad bytes of odd chunks', () => {
    const list = chunk('LIST', Buffer.from('INFOISFT\x05\x00\x00\x00Lavf\x00', 'latin1')); // 17 bytes: odd
    const wav = riff(list, chunk('data', Buffer.alloc(4 * 4410)), chunk('fact', Buffer.alloc(4)), chunk('fmt ', fmtBody(1, 2, 44100, 16)));
    const info = parseWav(wav);
    expect(info.channels).toBe(2);
    expect(info.frames).toBe(4410);
    expect(info.durationMs).toBe(100);
    expect(wav.toString('latin1', info.dataOffset - 8, info.dataOffset - 4)).toBe('data');
  });

  it('gives durations that are not whole milliseconds without rounding', () => {
    const info = parseWav(riff(chunk('fmt ', fmtBody(1, 1, 24000, 16)), chunk('data', Buffer.alloc(2 * 1001))));
    expect(info.durationMs).toBeCloseTo(41.708333, 5);
  });

  it('reads 8-bit stereo and 32-bit float', () => {
    expect(parseWav(riff(chunk('fmt ', fmtBody(1, 2, 8000, 8)), chunk('data', Buffer.alloc(16000)))).durationMs).toBe(1000);
    const f = parseWav(riff(chunk('fmt ', fmtBody(3, 1, 48000, 32)), chunk('data', Buffer.alloc(4 * 24000))));
    expect(f).toMatchObject({ audioFormat: 3, durationMs: 500 });
  });

  it('reads WAVE_FORMAT_EXTENSIBLE by its sub-format', () => {
    const ext = Buffer.alloc(40);
    fmtBody(0xfffe, 1, 16000, 16).copy(ext);
    ext.writeUInt16LE(22, 16); // cbSize
    ext.writeUInt16LE(16, 18); // valid bits
    ext.writeUInt32LE(4, 20); // channel mask
    ext.writeUInt16LE(1, 24); // KSDATAFORMAT_SUBTYPE_PCM starts with 0x0001
    const info = parseWav(riff(chunk('fmt ', ext), chunk('data', Buffer.alloc(3200))));
    expect(info).toMatchObject({ audioFormat: 1, frames: 1600, durationMs: 100 });
  });

  it('takes the data size from the file only for streaming placeholders', () => {
    const wav = Buffer.concat([wavHeader({ sampleRate: 24000, channels: 1, bitsPerSample: 16 }, 0), Buffer.alloc(4800)]);
    wav.writeUInt32LE(0xffffffff, 4);
    wav.writeUInt32LE(0xffffffff, 40);
    expect(parseWav(wav)).toMatchObject({ dataBytes: 4800, durationMs: 100, sizeFromFile: true });
    wav.writeUInt32LE(0x7fffffff, 40);
    expect(parseWav(wav).durationMs).toBe(100);
  });

  it('refuses a truncated data chunk, a missing fmt or data chunk and non-WAV bytes', () => {
    const truncated = riff(chunk('fmt ', fmtBody(1, 1, 8000, 16)), chunk('data', Buffer.alloc(1000))).subarray(0, 500);
    expect(() => parseWav(truncated)).toThrow(/Truncated WAV: the data chunk declares 1000 bytes/);
    expect(() => parseWav(riff(chunk('data', Buffer.alloc(10))))).toThrow(/no fmt chunk/);
    expect(() => parseWav(riff(chunk('fmt ', fmtBody(1, 1, 8000, 16))))).toThrow(/no data chunk/);
    expect(() => parseWav(Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00 not a wav at all', 'latin1'))).toThrow(WavError);
    expect(() => parseWav(Buffer.alloc(4))).toThrow(/too short/);
  });

  it('joins PCM WAVs of one format sample-exactly and refuses mixed formats', () => {
    const a = pcmToWav(Buffer.from([1, 0, 2, 0, 3, 0]), { sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    const b = pcmToWav(Buffer.from([4, 0, 5, 0]), { sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    const joined = concatWavs([a, b]);
    expect(parseWav(joined).frames).toBe(5);
    expect([...wavData(joined)]).toEqual([1, 0, 2, 0, 3, 0, 4, 0, 5, 0]);
    const c = pcmToWav(Buffer.alloc(4), { sampleRate: 24000, channels: 1, bitsPerSample: 16 });
    expect(() => concatWavs([a, c])).toThrow(/different formats: part 1 is 16000 Hz.*part 2 is 24000 Hz/);
  });
});

describe('readWavInfo on real files', () => {
  function ffprobe(path: string): { sample_rate: string; channels: number; bits_per_sample: number; duration_ts: number } {
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=sample_rate,channels,bits_per_sample,duration_ts', '-of', 'json', path], { encoding: 'utf8' });
    return (JSON.parse(out) as { streams: Array<ReturnType<typeof ffprobe>> }).streams[0]!;
  }

  it('agrees with ffprobe on espeak-ng output', () => {
    const path = join(dir, 'espeak.wav');
    execFileSync('espeak-ng', ['-w', path, '-v', 'en-us', '--stdin'], { input: 'The fire exits are marked in green. Walk, do not run.' });
    const info = readWavInfo(path);
    const probe = ffprobe(path);
    expect(info.sampleRate).toBe(Number(probe.sample_rate));
    expect(info.channels).toBe(probe.channels);
    expect(info.bitsPerSample).toBe(probe.bits_per_sample);
    expect(info.frames).toBe(probe.duration_ts);
    expect(info.durationMs).toBeGreaterThan(1500);
  });

  it('agrees with ffprobe on an ffmpeg WAV with a LIST chunk before the data', () => {
    const path = join(dir, 'ffmpeg.wav');
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100:duration=1.25', '-ac', '2', '-metadata', 'title=Tone', path]);
    const info = readWavInfo(path);
    expect(info.dataOffset).toBeGreaterThan(44); // ffmpeg writes LIST/INFO first
    expect(info.frames).toBe(ffprobe(path).duration_ts);
    expect(info.durationMs).toBe(1250);
    expect(info.channels).toBe(2);
  });

  it('reads the same header from a file as from its bytes', () => {
    const wav = riff(chunk('JUNK', Buffer.alloc(28)), chunk('fmt ', fmtBody(1, 1, 11025, 16)), chunk('data', Buffer.alloc(11025)));
    const path = join(dir, 'junk.wav');
    writeFileSync(path, wav);
    expect(readWavInfo(path)).toEqual(parseWav(wav));
    expect(readWavInfo(path).frames).toBe(5512); // an odd trailing byte is not a frame
  });
});
