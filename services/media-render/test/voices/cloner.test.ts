// The clone entry point by configuration: matching (default) and ElevenLabs against its local
// fake. Bad requests are refused before any decoding or upload.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pcmToWav } from '../../src/adapters/speech/wav.js';
import { startFakeElevenLabs, type FakeElevenLabs } from '../fakes/fake-elevenlabs.js';
import { CloneRejected } from '../../src/domain/voice-cloner.js';
import { createVoiceCloner } from '../../src/voices/cloner.js';

let dir: string;
let m4a: Buffer;
let fake: FakeElevenLabs;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cloner-'));
  const wav = join(dir, 'me.wav');
  execFileSync('espeak-ng', ['-w', wav, '-v', 'en-us+f3', '-p', '60', '--stdin'], {
    input: 'Hello, this is my voice. I record this sample so the course can be narrated in a voice like mine.',
  });
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', wav, '-c:a', 'aac', join(dir, 'me.m4a')]);
  m4a = readFileSync(join(dir, 'me.m4a'));
  fake = await startFakeElevenLabs();
});
afterAll(async () => {
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('createVoiceCloner', () => {
  it('matches by default: a labelled espeak-ng voice for the narration language', async () => {
    const cloner = createVoiceCloner({ kind: 'matching' });
    const { voice, requiresVerification } = await cloner.clone({ name: 'My voice', files: [{ filename: 'me.m4a', bytes: m4a }] }, 'es');
    expect(requiresVerification).toBe(false);
    expect(voice).toMatchObject({ category: 'matched', name: 'My voice', labels: { gender: 'female', language: 'es' } });
    expect(voice.settings.voice).toBe('es+f2');
    expect(voice.description).toMatch(/not cloned/);
  });

  it('refuses bad requests with the specification messages before decoding anything', async () => {
    const cloner = createVoiceCloner({ kind: 'matching' });
    const noName = await cloner.clone({ name: '', files: [{ filename: 'me.m4a', bytes: m4a }] }).catch((e: unknown) => e);
    expect(noName).toBeInstanceOf(CloneRejected);
    expect((noName as Error).message).toBe('Please provide a name and at least one audio file');
    const renamed = await cloner.clone({ name: 'X', files: [{ filename: 'notes.mp3', bytes: Buffer.from('plain text notes') }] }).catch((e: unknown) => e);
    expect((renamed as CloneRejected).problems).toEqual([{ code: 'not_audio', filename: 'notes.mp3', message: "'notes.mp3' is not a valid MP3 audio file." }]);
  });

  it('uploads valid samples to ElevenLabs when configured, and never an invalid request', async () => {
    const cloner = createVoiceCloner({ kind: 'elevenlabs', elevenlabs: { baseURL: fake.baseURL, apiKey: fake.apiKey, modelId: 'eleven_multilingual_v2' } });
    const big = pcmToWav(Buffer.alloc(11 * 1024 * 1024), { sampleRate: 16000, channels: 1, bitsPerSample: 16 });
    await expect(cloner.clone({ name: 'Big', files: [{ filename: 'big.wav', bytes: big }] })).rejects.toThrow(/at most 10 MB/);
    expect(fake.requests).toHaveLength(0);

    const { voice } = await cloner.clone({ name: 'Anna', description: 'Trainer', files: [{ filename: 'me.m4a', bytes: m4a }] }, 'en');
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.form!.fields).toEqual({ name: 'Anna', description: 'Trainer', labels: '{"language":"en"}' });
    expect(fake.requests[0]!.form!.files[0]).toMatchObject({ filename: 'me.m4a', type: 'audio/mp4', size: m4a.length });
    expect(voice).toMatchObject({ category: 'cloned', name: 'Anna', description: 'Trainer' });
  });
});
