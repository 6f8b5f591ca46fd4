// The voice library through the real gateway and media-render service (its default embedded
// engines: Flite's English voices and espeak-ng's).
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

const run = promisify(execFile);
let h: Harness;

beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

interface VoiceJson {
  voice_id: string;
  name: string;
  category: string;
  is_premium: boolean;
  locked: boolean;
  locked_message: string;
  tier: string;
  labels: { gender: string; age: string };
}

async function clone(who: Account, name: string, files: Array<{ name: string; bytes: Buffer }>, filesFirst = false) {
  const form = new FormData();
  if (filesFirst) for (const f of files) form.append('files', new Blob([f.bytes]), f.name);
  form.append('name', name);
  form.append('description', 'Our trainer');
  if (!filesFirst) for (const f of files) form.append('files', new Blob([f.bytes]), f.name);
  const response = await fetch(`${h.baseUrl}/api/voices/clone`, { method: 'POST', body: form, headers: who.auth });
  return { status: response.status, body: (await response.json()) as any };
}

/** A spoken sample made with espeak-ng, as a user would record one. */
async function sample(format: 'wav' | 'mp3'): Promise<Buffer> {
  const wav = join(h.scratchDir, `sample-${Date.now()}.wav`);
  await run('espeak-ng', ['-v', 'en-us', '-p', '30', '-s', '150', '-w', wav, 'Welcome to the safety induction. Today we look at fire exits, first aid and how to report a hazard.']);
  if (format === 'wav') return readFileSync(wav);
  const mp3 = wav.replace(/\.wav$/, '.mp3');
  await run('ffmpeg', ['-v', 'error', '-y', '-i', wav, mp3]);
  return readFileSync(mp3);
}

describe('the voice library', () => {
  it('should list real voices with categories and lock premium ones on the trial', async () => {
    const me = await register(h, 'Val Voices');
    const res = await call(h, 'GET', '/api/voices/available', me);
    expect(res.statusCode).toBe(200);
    const { voices, categories } = res.json() as { voices: VoiceJson[]; categories: Record<string, number> };
    expect(voices.length).toBeGreaterThanOrEqual(25);
    expect(Object.values(categories).reduce((a, b) => a + b, 0)).toBe(voices.length);
    const free = voices.filter((v) => !v.is_premium);
    expect(free.length).toBe(5);
    // Flite's rms is the first voice, the default a project without a choice narrates with.
    expect(voices[0]).toMatchObject({ voice_id: 'flite:rms', tier: 'free-trial', locked: false });
    expect(free.every((v) => !v.locked)).toBe(true);
    const locked = voices.find((v) => v.locked)!;
    expect(locked.locked_message).toMatch(/^This voice requires (Professional|Business|Enterprise) or higher subscription\.$/);

    // A locked voice cannot be previewed or chosen for a project.
    expect((await call(h, 'POST', `/api/voices/preview/${encodeURIComponent(locked.voice_id)}`, me, {})).statusCode).toBe(403);
    const create = await call(h, 'POST', '/api/projects', me, {
      title: 'Locked voice',
      script_content: '[SCENE: A]\nNARRATOR: Hello.',
      voice_selection: { voice_id: locked.voice_id, name: locked.name, category: locked.category },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(locked.locked_message);
    // The refusal names its catalogue message by id, with the plan's id, for the web app to translate.
    expect(create.json()).toMatchObject({ message_id: 'voices.locked', params: [locked.tier] });
  });

  it('should preview a voice as WAV audio served by us', async () => {
    const me = await register(h, 'Pam Preview');
    const voice = ((await call(h, 'GET', '/api/voices/available', me)).json().voices as VoiceJson[]).find((v) => !v.locked)!;
    const res = await call(h, 'POST', `/api/voices/preview/${encodeURIComponent(voice.voice_id)}`, me, { sample_text: 'Fire doors must stay closed.' });
    expect(res.statusCode).toBe(200);
    const { audio_url } = res.json();
    expect(audio_url).toMatch(/^\/api\/voices\/previews\/[0-9a-f]{32}\.wav$/);
    const audio = await fetch(h.baseUrl + audio_url, { headers: me.auth });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await audio.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('RIFF');
    expect(bytes.subarray(8, 12).toString()).toBe('WAVE');
    // The first free voice is Flite's rms, and Flite spoke it: 16 kHz (espeak-ng writes 22.05 kHz).
    expect(voice.voice_id).toBe('flite:rms');
    expect(bytes.subarray(12, 16).toString()).toBe('fmt ');
    expect(bytes.readUInt32LE(24)).toBe(16000);
    expect((await fetch(h.baseUrl + audio_url)).status).toBe(401);
  });

  it('should refuse clone requests without a name or file, with a fake or too large file', async () => {
    const me = await register(h, 'Cleo Clone');
    const wav = await sample('wav');
    expect((await clone(me, '', [{ name: 'a.wav', bytes: wav }])).body.message).toBe('Please provide a name and at least one audio file');
    expect((await clone(me, 'Trainer', [])).body.message).toBe('Please provide a name and at least one audio file');
    const fake = await clone(me, 'Trainer', [{ name: 'song.mp3', bytes: Buffer.from('this is not audio at all, only text') }]);
    expect(fake.status).toBe(400);
    const big = await clone(me, 'Trainer', [{ name: 'long.wav', bytes: Buffer.concat([wav, Buffer.alloc(11 * 1024 * 1024)]) }]);
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/10 MB/);
    expect((await call(h, 'GET', '/api/voices/user/custom', me)).json().voices).toEqual([]);
  });

  it('should match a voice from samples and offer it as the company’s own', async () => {
    const me = await register(h, 'Mo Match');
    const res = await clone(me, 'Mo the trainer', [
      { name: 'take1.wav', bytes: await sample('wav') },
      { name: 'take2.mp3', bytes: await sample('mp3') },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Mo the trainer', category: 'matched', locked: false });
    expect(res.body.description).toMatch(/match/i);
    const custom = (await call(h, 'GET', '/api/voices/user/custom', me)).json().voices as VoiceJson[];
    expect(custom.map((v) => v.voice_id)).toEqual([res.body.voice_id]);
    const preview = await call(h, 'POST', `/api/voices/preview/${encodeURIComponent(res.body.voice_id)}`, me, {});
    expect(preview.statusCode).toBe(200);
    // The company's own voice's preview is its members' only; another company's member learns nothing.
    const { audio_url } = preview.json();
    expect(audio_url).toMatch(/^\/api\/voices\/previews\/[0-9a-f]{64}\.wav$/);
    expect((await fetch(h.baseUrl + audio_url, { headers: me.auth })).status).toBe(200);
    const stranger = await register(h, 'Sid Stranger');
    const refused = await fetch(h.baseUrl + audio_url, { headers: stranger.auth });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Preview not found' });
    expect((await fetch(`${h.baseUrl}/api/voices/previews/not-an-id.wav`, { headers: me.auth })).status).toBe(404);
  });

  it("should let a viewer hear the company's voices but not make one", async () => {
    const me = await register(h, 'Ola Owner');
    const viewer = await register(h, 'Vin Viewer');
    await addMember(h, me.companyId, viewer, 'viewer');
    expect((await call(h, 'POST', `/api/companies/${me.companyId}/switch`, viewer, {})).statusCode).toBe(200);
    await eventually(async () => (await call(h, 'GET', '/api/voices/user/custom', viewer)).statusCode === 200);
    const refused = await clone(viewer, 'Not mine to make', [{ name: 'take.wav', bytes: await sample('wav') }]);
    expect(refused).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await call(h, 'GET', '/api/voices/user/custom', me)).json().voices).toEqual([]);
    // Nothing of the refused request is kept under the company.
    expect(existsSync(join(h.storageDir, 'companies', me.companyId, 'voice-samples')) ? readdirSync(join(h.storageDir, 'companies', me.companyId, 'voice-samples')) : []).toEqual([]);
  });

  it('should take the samples before the name, as a FormData with the files appended first sends them', async () => {
    const me = await register(h, 'Fio First');
    const res = await clone(me, 'Fio the trainer', [{ name: 'take.wav', bytes: await sample('wav') }], true);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Fio the trainer', category: 'matched' });
  });

  it('should keep no sample of a clone request aborted half way', async () => {
    const me = await register(h, 'Abby Abort');
    const boundary = '----trainwrightabort';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAbby\r\n--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="take.wav"\r\nContent-Type: audio/wav\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), Buffer.alloc(4 * 1024 * 1024, 1)]);
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${h.baseUrl}/api/voices/clone`, {
        method: 'POST',
        headers: { ...me.auth, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length * 2) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(body, () => setTimeout(() => req.destroy(), 200));
    });
    const samples = join(h.storageDir, 'companies', me.companyId, 'voice-samples');
    await eventually(async () => !existsSync(samples) || readdirSync(samples).length === 0, 5000);
  });
});
