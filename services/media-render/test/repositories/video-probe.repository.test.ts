// What ffprobe reads of uploaded files (repositories/video-probe.repository.ts), on real files made
// here with ffmpeg: a video, a portrait phone video (stored landscape with a rotation), a still
// image, a file cut short and a text file.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { VideoProbeRepository, probeResultOf } from '../../src/repositories/video-probe.repository.js';

const run = promisify(execFile);
const probe = new VideoProbeRepository();
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tw-probe-'));
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=5:duration=2', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', '-movflags', '+faststart', '-y', join(dir, 'clip.mp4')]);
  await run('ffmpeg', ['-v', 'error', '-i', join(dir, 'clip.mp4'), '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-y', join(dir, 'portrait.mp4')]);
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:size=64x48', '-frames:v', '1', '-y', join(dir, 'still.png')]);
  await writeFile(join(dir, 'cut.mp4'), (await readFile(join(dir, 'clip.mp4'))).subarray(0, 4096));
  await writeFile(join(dir, 'notes.mp4'), 'not a video\n'.repeat(100));
}, 30_000);

afterAll(() => rm(dir, { recursive: true, force: true }));

describe(VideoProbeRepository.name, () => {
  it('should read a video: its size, length, sound and codec', async () => {
    expect(await probe.probe(join(dir, 'clip.mp4'))).toEqual({ kind: 'video', durationMs: expect.any(Number), width: 320, height: 180, hasAudio: true, videoCodec: 'h264' });
  });

  it('should give a rotated video its size as shown', async () => {
    expect(await probe.probe(join(dir, 'portrait.mp4'))).toMatchObject({ kind: 'video', width: 180, height: 320 });
  });

  it('should read a still image as an image', async () => {
    expect(await probe.probe(join(dir, 'still.png'))).toEqual({ kind: 'image', durationMs: 0, width: 64, height: 48, hasAudio: false, videoCodec: 'png' });
  });

  it('should refuse a file cut short (its index promises frames it lacks) and a text file', async () => {
    expect(await probe.probe(join(dir, 'cut.mp4'))).toBeUndefined();
    expect(await probe.probe(join(dir, 'notes.mp4'))).toBeUndefined();
  });

  it('should take the rotation from either place ffprobe reports it', () => {
    const stream = { codec_type: 'video', codec_name: 'h264', width: 1920, height: 1080 };
    const format = { format: { duration: '3.5', format_name: 'mov,mp4' } };
    expect(probeResultOf({ streams: [{ ...stream, side_data_list: [{ rotation: -90 }] }], ...format })).toMatchObject({ width: 1080, height: 1920, durationMs: 3500 });
    expect(probeResultOf({ streams: [{ ...stream, tags: { rotate: '270' } }], ...format })).toMatchObject({ width: 1080, height: 1920 });
    expect(probeResultOf({ streams: [{ ...stream, side_data_list: [{ rotation: 180 }] }], ...format })).toMatchObject({ width: 1920, height: 1080 });
  });
});
