// Clone request validation: the specification's required-fields message, the four audio types
// checked by their real bytes (files made by ffmpeg), the 10485760-byte limit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pcmToWav } from '../../src/adapters/speech/wav.js';
import { CLONE_MAX_FILE_BYTES, CLONE_REQUIRED_MESSAGE, looksLikeAudio, validateCloneRequest } from '../../src/voices/clone-rules.js';

let dir: string;
const real: Record<string, Buffer> = {};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'clone-rules-'));
  const wav = join(dir, 'sample.wav');
  execFileSync('espeak-ng', ['-w', wav, '-v', 'en-us', '--stdin'], { input: 'This is my voice sample for cloning.' });
  const ff = (args: string[], out: string): Buffer => {
    execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, ...args, join(dir, out)]);
    return readFileSync(join(dir, out));
  };
  real.wav = readFileSync(wav);
  real.mp3 = ff(['-c:a', 'libmp3lame', '-b:a', '64k'], 'sample.mp3'); // starts with an ID3 tag
  real.mp3raw = ff(['-c:a', 'libmp3lame', '-id3v2_version', '0', '-write_xing', '0'], 'raw.mp3'); // starts with a frame
  real.m4a = ff(['-c:a', 'aac', '-b:a', '64k'], 'sample.m4a');
  real.aac = ff(['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'], 'sample.aac');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validateCloneRequest', () => {
  it('asks for a name and at least one file', () => {
    const file = { filename: 'a.wav', bytes: real.wav! };
    for (const input of [{ name: '', files: [file] }, { name: '   ', files: [file] }, { name: 'Anna', files: [] }, { name: 'Anna' }, {}]) {
      const result = validateCloneRequest(input);
      expect(result).toEqual({ ok: false, message: CLONE_REQUIRED_MESSAGE, problems: [{ code: 'required', message: CLONE_REQUIRED_MESSAGE }] });
    }
    expect(CLONE_REQUIRED_MESSAGE).toBe('Please provide a name and at least one audio file');
  });

  it('accepts real MP3, WAV, M4A and AAC files', () => {
    const result = validateCloneRequest({
      name: ' Anna ',
      description: 'Trainer',
      files: [
        { filename: 'a.mp3', bytes: real.mp3! },
        { filename: 'b.MP3', bytes: real.mp3raw! },
        { filename: 'c.wav', bytes: real.wav! },
        { filename: 'd.m4a', bytes: real.m4a! },
        { filename: 'e.aac', bytes: real.aac! },
      ],
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.name).toBe('Anna');
      expect(result.files.map((f) => [f.extension, f.contentType])).toEqual([
        ['mp3', 'audio/mpeg'],
        ['mp3', 'audio/mpeg'],
        ['wav', 'audio/wav'],
        ['m4a', 'audio/mp4'],
        ['aac', 'audio/aac'],
      ]);
    }
  });

  it('refuses a non-audio file renamed .mp3, and audio of another type under the extension', () => {
    const text = validateCloneRequest({ name: 'Anna', files: [{ filename: 'notes.mp3', bytes: Buffer.from('These are my meeting notes, not audio.\n') }] });
    expect(text).toMatchObject({ ok: false, message: "'notes.mp3' is not a valid MP3 audio file." });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(validateCloneRequest({ name: 'Anna', files: [{ filename: 'photo.wav', bytes: png }] }).ok).toBe(false);
    // Each extension demands its own container: the real files under each other's names fail.
    expect(looksLikeAudio('m4a', real.wav!)).toBe(false);
    expect(looksLikeAudio('wav', real.m4a!)).toBe(false);
    expect(looksLikeAudio('mp3', real.aac!)).toBe(false); // ADTS sync is not an MPEG audio frame
    expect(looksLikeAudio('aac', real.mp3raw!)).toBe(false);
  });

  it('refuses an 11 MB file and accepts one of exactly 10485760 bytes', () => {
    const big = pcmToWav(Buffer.alloc(11 * 1024 * 1024), { sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    const result = validateCloneRequest({ name: 'Anna', files: [{ filename: 'long.wav', bytes: big }] });
    expect(result).toMatchObject({ ok: false, problems: [{ code: 'too_large', filename: 'long.wav' }] });
    expect(result.ok ? '' : result.message).toBe("'long.wav' is 11.0 MB; each audio file may be at most 10 MB (10485760 bytes).");
    const exact = pcmToWav(Buffer.alloc(CLONE_MAX_FILE_BYTES - 44), { sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    expect(exact.length).toBe(CLONE_MAX_FILE_BYTES);
    expect(validateCloneRequest({ name: 'Anna', files: [{ filename: 'ok.wav', bytes: exact }] }).ok).toBe(true);
    // The size of a file known only by its head counts too.
    expect(validateCloneRequest({ name: 'Anna', files: [{ filename: 'x.wav', bytes: real.wav!.subarray(0, 64), size: CLONE_MAX_FILE_BYTES + 1 }] }).ok).toBe(false);
  });

  it('refuses other extensions and empty files, and lists every problem', () => {
    const result = validateCloneRequest({
      name: 'Anna',
      files: [
        { filename: 'voice.ogg', bytes: Buffer.from('OggS') },
        { filename: 'noext', bytes: real.wav! },
        { filename: 'empty.wav', bytes: Buffer.alloc(0) },
        { filename: 'fine.wav', bytes: real.wav! },
      ],
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems.map((p) => p.code)).toEqual(['unsupported_type', 'unsupported_type', 'empty_file']);
      expect(result.message).toBe("'voice.ogg' is not a supported audio file. Use MP3, WAV, M4A or AAC.");
    }
  });
});
