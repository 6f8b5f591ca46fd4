// Advanced video processing through the gateway (docs/video-processing.md): a video made here with
// ffmpeg is uploaded (probed by ffprobe), colour-corrected by media-render's `video` worker with
// its progress on the job, and the output downloaded (a byte range too) and measured: brighter by
// the amount asked. Bad files, out-of-range parameters, other companies' files, paths, roles and
// plans are refused with the field or the specification's message.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as tus from 'tus-js-client';
import { NARRATED_SCRIPT, addMember, call, eventually, payForVideo, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

const run = promisify(execFile);
let h: Harness;
let owner: Account;
let dir: string;
let clip: Buffer;

/** A 2 s 320x180 test pattern with a tone: small, and real H.264/AAC in an mp4. */
async function makeClip(path: string): Promise<Buffer> {
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', '-y', path]);
  return readFile(path);
}

/** The mean luma (signalstats YAVG, 0-255) over a video's frames. */
async function meanLuma(bytes: Buffer): Promise<number> {
  const path = join(dir, `measure-${Math.random().toString(36).slice(2)}.mp4`);
  await writeFile(path, bytes);
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-vf', 'signalstats,metadata=print:key=lavfi.signalstats.YAVG:file=-', '-f', 'null', '-']);
  const values = [...stdout.matchAll(/YAVG=([\d.]+)/g)].map((m) => Number(m[1]));
  expect(values.length).toBeGreaterThan(0);
  return values.reduce((a, b) => a + b, 0) / values.length;
}

async function upload(who: Account, filename: string, bytes: Buffer, query = '') {
  const form = new FormData();
  form.append('file', new Blob([bytes]), filename);
  const response = await fetch(`${h.baseUrl}/api/video/uploads${query}`, { method: 'POST', body: form, headers: who.auth });
  return { status: response.status, body: (await response.json()) as any };
}

const start = (who: Account, path: string, body: unknown) => call(h, 'POST', path, who, body);

/** The job once it ended (completed or failed). */
async function finished(who: Account, jobId: string, timeoutMs = 60_000) {
  return eventually(async () => {
    const job = (await call(h, 'GET', `/api/video/jobs/${jobId}`, who)).json();
    return job.status === 'completed' || job.status === 'failed' ? job : undefined;
  }, timeoutMs);
}

async function saved(who: Account, downloadUrl: string, name: string): Promise<string> {
  const response = await fetch(`${h.baseUrl}${downloadUrl}`, { headers: who.auth });
  expect(response.status).toBe(200);
  const path = join(dir, name);
  await writeFile(path, Buffer.from(await response.arrayBuffer()));
  return path;
}

/** Seconds of a media file's first stream, and its packets' count (a subtitle file's cues). */
async function probe(path: string): Promise<{ duration: number; packets: number }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-count_packets', '-show_entries', 'stream=nb_read_packets:format=duration', '-of', 'json', path]);
  const json = JSON.parse(stdout);
  return { duration: Number(json.format.duration), packets: Number(json.streams[0].nb_read_packets) };
}

beforeAll(async () => {
  h = await sharedHarness();
  owner = await register(h, 'Vera Video', 'business');
  dir = await mkdtemp(join(tmpdir(), 'tw-video-test-'));
  clip = await makeClip(join(dir, 'clip.mp4'));
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('advanced video processing', () => {
  it('should upload, colour-correct with progress, and serve the brighter result with ranges', async () => {
    const uploaded = await upload(owner, 'Lecture clip.mp4', clip);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ kind: 'video', origin: 'upload', filename: 'Lecture clip.mp4', size: clip.length, width: 320, height: 180, has_audio: true, video_codec: 'h264' });
    expect(uploaded.body.duration).toBeCloseTo(2, 0);

    const started = await start(owner, '/api/video/effects/color-correction', { video_path: uploaded.body.video_path, brightness: 0.3 });
    expect(started.statusCode).toBe(202);
    const { job_id } = started.json();
    const done = await eventually(async () => {
      const job = (await call(h, 'GET', `/api/video/jobs/${job_id}`, owner)).json();
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    }, 60_000);
    expect(done).toMatchObject({ operation: 'color_correction', status: 'completed', progress: 100, error: null, video_files: [uploaded.body.video_path] });
    expect(done.parameters).toMatchObject({ brightness: 0.3 });
    const output = done.result.output;
    expect(output.metadata).toMatchObject({ kind: 'video', origin: 'output', job_id, width: 320, height: 180, has_audio: true, filename: 'Lecture clip-color-correction.mp4' });

    const downloaded = await fetch(`${h.baseUrl}${output.download_url}`, { headers: owner.auth });
    expect(downloaded.status).toBe(200);
    const bytes = Buffer.from(await downloaded.arrayBuffer());
    expect(bytes.length).toBe(output.metadata.size);
    // +0.3 of the luma range: about 0.3 * 219 (limited range) brighter, less where it clips at white.
    const [before, after] = [await meanLuma(clip), await meanLuma(bytes)];
    expect(after - before).toBeGreaterThan(35);
    const ranged = await fetch(`${h.baseUrl}${output.download_url}`, { headers: { ...owner.auth, range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);

    const listed = (await call(h, 'GET', '/api/video/files', owner)).json().files.map((f: { video_path: string }) => f.video_path);
    expect(listed).toEqual(expect.arrayContaining([uploaded.body.video_path, output.video_path]));
  }, 90_000);

  it('should make subtitles from a transcript as a job, and burn them into a video', async () => {
    const video = (await upload(owner, 'talk.mp4', clip)).body.video_path as string;
    const words = 'Check the forks before every lift, and keep the load low.'.split(' ').map((word, i) => ({ word, start: 0.1 + i * 0.15, end: 0.1 + i * 0.15 + 0.12 }));
    const transcript_data = { text: words.map((w) => w.word).join(' '), words, segments: [], duration_seconds: 2, language_code: 'en-US' };
    const vtt = await finished(owner, (await start(owner, '/api/video/subtitles', { transcript_data, subtitle_format: 'vtt', max_chars_per_line: 20 })).json().job_id);
    expect(vtt).toMatchObject({ status: 'completed', result: { output: null, data: { subtitle_format: 'vtt' } } });
    expect(vtt.result.data.content.startsWith('WEBVTT')).toBe(true);
    const file = vtt.result.files[0];
    expect(file).toMatchObject({ kind: 'subtitles', filename: 'subtitles.vtt', content_type: expect.stringContaining('text/vtt') });
    // ffprobe reads the stored file as WebVTT with every cue.
    expect((await probe(await saved(owner, file.download_url, 'subs.vtt'))).packets).toBe(vtt.result.data.cue_count);

    const burned = await finished(owner, (await start(owner, '/api/video/subtitles', { transcript_data, video_path: video, burn_in: true })).json().job_id);
    expect(burned.status).toBe('completed');
    expect(burned.result.output.metadata).toMatchObject({ kind: 'video', width: 320, height: 180, filename: 'talk-subtitles.mp4' });
    expect(burned.result.files.map((f: { kind: string }) => f.kind)).toEqual(['video', 'subtitles']);
    expect((await probe(await saved(owner, burned.result.output.download_url, 'burned.mp4'))).duration).toBeCloseTo(2, 0);

    const empty = await finished(owner, (await start(owner, '/api/video/subtitles', { transcript_data: { words: [], segments: [] } })).json().job_id);
    expect(empty).toMatchObject({ status: 'failed', error: 'The transcript has no words to make subtitles from.' });
    const bad = await start(owner, '/api/video/subtitles', { transcript_data: { words: [{ word: 'x', start: -1, end: 1 }], segments: [] } });
    expect([bad.statusCode, bad.json().detail.field]).toEqual([400, 'transcript_data.words.0.start']);
  }, 90_000);

  it('should batch two operations over a long file in chunks and join them without losing a frame', async () => {
    const long = join(dir, 'long.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5:duration=125', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=125', '-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', long]);
    const video = (await upload(owner, 'long.mp4', await readFile(long))).body.video_path as string;
    const started = await start(owner, '/api/video/batch-process', { video_files: [video], operations: ['color_correction', 'noise_reduction'], processing_parameters: { color_correction: { brightness: 0.2 } }, chunk_duration: 60 });
    expect(started.statusCode).toBe(202);
    const done = await finished(owner, started.json().job_id, 120_000);
    expect(done).toMatchObject({ operation: 'batch', status: 'completed', result: { data: { operations: ['color_correction', 'noise_reduction'], chunk_duration: 60, files: [{ video_path: video, chunks: 3 }] } } });
    const joined = await probe(await saved(owner, done.result.output.download_url, 'batched.mp4'));
    expect(Math.abs(joined.duration - 125)).toBeLessThanOrEqual(0.2);
    expect(done.result.output.metadata).toMatchObject({ width: 160, height: 90, has_audio: true });

    const none = await start(owner, '/api/video/batch-process', { video_files: [], operations: ['sharpening'] });
    expect(none.json()).toMatchObject({ message: 'Please select video files for batch processing', detail: { field: 'video_files' } });
    expect((await start(owner, '/api/video/batch-process', { video_files: [video], operations: ['explode'] })).json().detail.field).toMatch(/^operations/);
    expect((await start(owner, '/api/video/batch-process', { video_files: [video], operations: ['sharpening'], chunk_duration: 90 })).json().detail.field).toBe('chunk_duration');
  }, 180_000);

  it('should analyse a video: picture, sound, scenes and an engagement prediction from the measures', async () => {
    const video = (await upload(owner, 'analysed.mp4', clip)).body.video_path as string;
    const done = await finished(owner, (await start(owner, '/api/video/analyze', { video_path: video, analysis_depth: 'standard' })).json().job_id);
    expect(done).toMatchObject({ operation: 'analyze', status: 'completed', result: { output: null, files: [] } });
    const analysis = done.result.data;
    expect(analysis).toMatchObject({ depth: 'standard', quality: { resolution: { width: 320, height: 180 } }, loudness: { has_audio: true }, engagement: { method: 'rules' } });
    expect(analysis.duration_seconds).toBeCloseTo(2, 0);
    // ffmpeg's sine source is 1/8 of full scale (-18 dBFS): about -21 LUFS once K-weighted, as one channel.
    expect(analysis.loudness.integrated_lufs).toBeGreaterThan(-30);
    expect(analysis.loudness.integrated_lufs).toBeLessThan(-15);
    expect(analysis.engagement.score).toBeGreaterThanOrEqual(0);
    expect(analysis.engagement.score).toBeLessThanOrEqual(100);
    expect((await start(owner, '/api/video/analyze', { video_path: video, analysis_depth: 'deep' })).json().detail.field).toBe('analysis_depth');
  }, 60_000);

  it('should take a resumable (tus) upload that stops half-way and resumes where it stopped', async () => {
    const endpoint = `${h.baseUrl}/api/video/uploads/tus`;
    const chunkSize = 16 * 1024;
    // The first client stops after its second chunk, as a dropped connection would leave it.
    const url = await new Promise<string>((resolve, reject) => {
      const first: tus.Upload = new tus.Upload(clip, {
        endpoint,
        headers: owner.auth,
        metadata: { filename: 'resumed.mp4' },
        chunkSize,
        retryDelays: null,
        onChunkComplete: (_size, accepted) => {
          if (accepted >= 2 * chunkSize) void first.abort().then(() => resolve(first.url!));
        },
        onError: reject,
      });
      first.start();
    });
    const head = await fetch(`${h.baseUrl}${new URL(url, h.baseUrl).pathname}`, { method: 'HEAD', headers: { ...owner.auth, 'tus-resumable': '1.0.0' } });
    expect(Number(head.headers.get('upload-offset'))).toBe(2 * chunkSize);
    // Nobody else may resume it.
    const stranger = await register(h, 'Tess Tus', 'business');
    expect((await fetch(`${h.baseUrl}${new URL(url, h.baseUrl).pathname}`, { method: 'HEAD', headers: { ...stranger.auth, 'tus-resumable': '1.0.0' } })).status).toBe(404);

    const file = await new Promise<any>((resolve, reject) => {
      let resumedFrom = -1;
      const second = new tus.Upload(clip, {
        uploadUrl: url,
        headers: owner.auth,
        chunkSize,
        retryDelays: null,
        onProgress: (sent) => {
          if (resumedFrom < 0) resumedFrom = sent;
        },
        onSuccess: ({ lastResponse }) => {
          expect(resumedFrom).toBeGreaterThanOrEqual(2 * chunkSize);
          resolve(JSON.parse(lastResponse.getBody()));
        },
        onError: reject,
      });
      second.start();
    });
    expect(file).toMatchObject({ kind: 'video', filename: 'resumed.mp4', size: clip.length, width: 320, height: 180 });
    const stored = await fetch(`${h.baseUrl}${file.download_url}`, { headers: owner.auth });
    expect(Buffer.from(await stored.arrayBuffer()).equals(clip)).toBe(true);

    // Refused before a byte: no size, a name that is no video, a size past the plan's limit.
    const create = (headers: Record<string, string>) => fetch(endpoint, { method: 'POST', headers: { ...owner.auth, 'tus-resumable': '1.0.0', ...headers } });
    const name = (n: string) => `filename ${Buffer.from(n).toString('base64')}`;
    expect((await create({ 'upload-metadata': name('a.mp4'), 'upload-defer-length': '1' })).status).toBe(400);
    expect((await create({ 'upload-metadata': name('notes.txt'), 'upload-length': '100' })).status).toBe(400);
    expect((await create({ 'upload-metadata': name('huge.mp4'), 'upload-length': String(2 * 1024 ** 3) })).status).toBe(413);
  }, 60_000);

  it('should transcribe speech offline with word timings, naming the engine, and refuse what it cannot', async () => {
    const sentence = 'Please open the safety manual before you start the machine. Remember to wash your hands after handling raw food.';
    const speech = join(dir, 'speech.wav');
    await run('espeak-ng', ['-v', 'en-us+klatt', '-s', '140', '-w', speech, sentence]);
    const lecture = join(dir, 'lecture.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=navy:size=320x180:rate=5', '-i', speech, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-y', lecture]);
    const video = (await upload(owner, 'lecture.mp4', await readFile(lecture))).body.video_path as string;
    const done = await finished(owner, (await start(owner, '/api/video/transcribe', { video_path: video, language_code: 'en-US', enable_speaker_diarization: true })).json().job_id, 90_000);
    expect(done).toMatchObject({ operation: 'transcribe', status: 'completed', result: { output: null, data: { language_code: 'en-US', diarization: { speakers: 1 } } } });
    const transcript = done.result.data;
    expect(transcript.engine).toMatch(/^pocketsphinx .* \(en-us\)$/);
    // pocketsphinx on espeak-ng's Klatt voice: most words right (docs/benchmarks.md), each timed in order.
    const said = new Set(sentence.toLowerCase().replace(/[.,]/g, '').split(' '));
    const heard = transcript.words.map((w: { word: string }) => w.word.toLowerCase());
    expect(heard.filter((w: string) => said.has(w)).length).toBeGreaterThanOrEqual(said.size / 2);
    for (const [i, w] of transcript.words.entries()) {
      expect(w.end).toBeGreaterThan(w.start);
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(transcript.words[i - 1].start);
    }

    // A language the offline recogniser has no model for fails with its message; a silent video is refused at once.
    const french = await finished(owner, (await start(owner, '/api/video/transcribe', { video_path: video, language_code: 'fr-FR' })).json().job_id);
    expect(french.status).toBe('failed');
    expect(french.error).toMatch(/^Transcription in fr-FR is not available with pocketsphinx/);
    const silentPath = join(dir, 'silent.mp4');
    await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=5:duration=1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', silentPath]);
    const silent = (await upload(owner, 'silent.mp4', await readFile(silentPath))).body.video_path as string;
    expect((await start(owner, '/api/video/transcribe', { video_path: silent })).json()).toMatchObject({ message: 'This video has no sound track, so there is nothing to transcribe.', detail: { field: 'video_path' } });
    expect((await start(owner, '/api/video/transcribe', { video_path: video, language_code: 'xx-XX' })).json().detail.field).toBe('language_code');
  }, 120_000);

  it("should take a project's rendered narrated video in as a video to process", async () => {
    const created = await call(h, 'POST', '/api/projects', owner, { title: 'Forklift: basics', project_type: 'script_to_slides', script_content: NARRATED_SCRIPT, visual_format: 'mp4' });
    const projectId = created.json().id as string;
    await eventually(async () => ['completed', 'failed'].includes((await call(h, 'GET', `/api/projects/${projectId}`, owner)).json().status), 60_000);
    // Before its video is paid for and rendered there is nothing to take in.
    const early = await start(owner, '/api/video/files/from-project', { project_id: projectId });
    expect(early.json()).toMatchObject({ message: 'This project has no rendered video yet: render (and pay for) its narrated video first.', detail: { field: 'project_id' } });
    await payForVideo(h, owner, projectId);
    const imported = await start(owner, '/api/video/files/from-project', { project_id: projectId });
    expect(imported.statusCode).toBe(201);
    expect(imported.json()).toMatchObject({ kind: 'video', origin: 'project', filename: 'Forklift  basics.mp4', has_audio: true, video_codec: 'h264' });
    const rendered = await fetch(`${h.baseUrl}/api/projects/${projectId}/preview/video`, { headers: owner.auth });
    expect(imported.json().size).toBe(Buffer.from(await rendered.arrayBuffer()).length);
    // Someone outside the company cannot take it.
    const stranger = await register(h, 'Paz Project', 'business');
    expect((await start(stranger, '/api/video/files/from-project', { project_id: projectId })).statusCode).toBe(404);
  }, 150_000);

  it('should refuse files that are not readable videos, and keep nothing of them', async () => {
    const text = await upload(owner, 'notes.mp4', Buffer.from('These are my lecture notes, not a video.\n'.repeat(20)));
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ message: 'The file content does not match its extension', detail: { field: 'file' } });
    // The first bytes of a real mp4 (its type box says video) without the rest: ffprobe cannot read it.
    const truncated = await upload(owner, 'cut.mp4', clip.subarray(0, 2048));
    expect(truncated.status).toBe(400);
    expect(truncated.body).toMatchObject({ message: 'The file could not be read as a video: it may be damaged or in a format we do not support.', detail: { field: 'file' } });
    const files = (await call(h, 'GET', '/api/video/files', owner)).json().files as Array<{ filename: string }>;
    expect(files.map((f) => f.filename)).not.toEqual(expect.arrayContaining(['notes.mp4', 'cut.mp4']));
  });

  it('should enforce every range on the server with the field', async () => {
    const video = (await upload(owner, 'range.mp4', clip)).body.video_path as string;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/video/effects/color-correction', { brightness: 1.5 }, 'brightness'],
      ['/api/video/effects/color-correction', { contrast: 0 }, 'contrast'],
      ['/api/video/effects/color-correction', { saturation: 3.5 }, 'saturation'],
      ['/api/video/effects/color-correction', { hue_shift: 15 }, 'hue_shift'],
      ['/api/video/effects/color-correction', { gamma: 0 }, 'gamma'],
      ['/api/video/effects/chroma-key', { sensitivity: 0 }, 'sensitivity'],
      ['/api/video/effects/chroma-key', { chroma_color: 'green' }, 'chroma_color'],
      ['/api/video/enhance/scene-detection', { sensitivity: 1.2 }, 'sensitivity'],
      ['/api/video/enhance/smart-crop', { target_aspect: '21:9' }, 'target_aspect'],
      ['/api/video/enhance/quality', { upscale_factor: 1.3 }, 'upscale_factor'],
      ['/api/video/enhance/quality', { upscale_factor: 5 }, 'upscale_factor'],
    ];
    for (const [path, body, field] of cases) {
      const res = await start(owner, path, { video_path: video, ...body });
      expect({ path, body, status: res.statusCode, field: res.json().detail?.field }).toEqual({ path, body, status: 400, field });
    }
    expect((await start(owner, '/api/video/effects/color-correction', { video_path: video, brightness: 1.5 })).json().message).toBe('brightness must be a number from -1 to 1');
    expect((await start(owner, '/api/video/effects/color-correction', {})).json()).toMatchObject({ message: 'Please upload a video first', detail: { field: 'video_path' } });
  });

  it("should keep each company's files to itself: other companies, paths, roles and plans", async () => {
    const video = (await upload(owner, 'mine.mp4', clip)).body.video_path as string;
    const stranger = await register(h, 'Sam Stranger', 'business');
    for (const path of [video, '../../etc/passwd', 'companies/x/uploads/a.mp4']) {
      const res = await start(stranger, '/api/video/effects/color-correction', { video_path: path });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Video not found');
    }
    expect((await fetch(`${h.baseUrl}/api/video/files/${video}/download`, { headers: stranger.auth })).status).toBe(404);

    // A background that is a video, not an image.
    const keyed = await start(owner, '/api/video/effects/chroma-key', { video_path: video, background_image: video });
    expect(keyed.statusCode).toBe(400);
    expect(keyed.json().detail.field).toBe('background_image');

    // A viewer reads, but neither uploads nor runs jobs.
    const viewer = await register(h, 'Vic Viewer');
    await addMember(h, owner.companyId, viewer, 'viewer');
    expect((await upload(viewer, 'v.mp4', clip, `?company_id=${owner.companyId}`)).status).toBe(403);
    const tusCreate = await fetch(`${h.baseUrl}/api/video/uploads/tus`, { method: 'POST', headers: { ...viewer.auth, 'tus-resumable': '1.0.0', 'upload-length': '100', 'upload-metadata': `filename ${Buffer.from('v.mp4').toString('base64')},company_id ${Buffer.from(owner.companyId).toString('base64')}` } });
    expect(tusCreate.status).toBe(403);
    expect((await call(h, 'GET', `/api/video/files?company_id=${owner.companyId}`, viewer)).statusCode).toBe(200);

    // Deleting: not a viewer's or a stranger's; the Owner's removes the file and gives its storage back.
    expect((await call(h, 'DELETE', `/api/video/files/${video}`, viewer)).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/video/files/${video}`, stranger)).statusCode).toBe(404);
    const stored = () => (existsSync(join(h.storageDir, 'companies', owner.companyId, 'uploads')) ? readdirSync(join(h.storageDir, 'companies', owner.companyId, 'uploads')).length : 0);
    const before = stored();
    expect((await call(h, 'DELETE', `/api/video/files/${video}`, owner)).statusCode).toBe(204);
    expect(stored()).toBe(before - 1);
    expect((await fetch(`${h.baseUrl}/api/video/files/${video}/download`, { headers: owner.auth })).status).toBe(404);
    expect((await call(h, 'GET', '/api/video/files', owner)).json().files.map((f: { video_path: string }) => f.video_path)).not.toContain(video);

    // An editor's upload, the editor gone from the company: the Owner's Delete still gives its storage back.
    const editor = await register(h, 'Eda Editor');
    await addMember(h, owner.companyId, editor, 'editor');
    const left = (await upload(editor, 'lecture.mp4', clip, `?company_id=${owner.companyId}`)).body.video_path as string;
    const counted = await h.project.repository.uploadedBytes([owner.companyId]);
    expect((await call(h, 'DELETE', `/api/companies/${owner.companyId}/members/${editor.id}`, owner)).statusCode).toBe(204);
    await eventually(async () => (await fetch(`${h.baseUrl}/api/video/files/${left}/download`, { headers: editor.auth })).status === 404);
    expect((await call(h, 'DELETE', `/api/video/files/${left}`, owner)).statusCode).toBe(204);
    expect(await h.project.repository.uploadedBytes([owner.companyId])).toBe(counted - clip.length);
    expect(stored()).toBe(before - 1);

    // A plan without advanced video processing is refused before anything is stored.
    const pro = await register(h, 'Pia Professional', 'professional');
    const refused = await upload(pro, 'p.mp4', clip);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FEATURE_NOT_AVAILABLE');
  });
});
