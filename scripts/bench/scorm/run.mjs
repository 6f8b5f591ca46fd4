// npm run bench:scorm -- [options]
//
// Times packaging a project as SCORM: a 50-slide course with a 5-minute narrated video (1280x720
// H.264/AAC made once by ffmpeg and kept in the temp directory) and a 20-question assessment,
// built by the scorm service's own package builder (services/scorm/dist: buildPackage, what the
// `scorm` queue's job runs once it has the project's content and video) into a SCORM 1.2, a SCORM
// 2004 and a cmi5 zip. The video's own render is not part of it: the job copies a video that
// media-render has already rendered.
//
// The baseline, measured in the same run, round by round: copying the package's media (the mp4
// and its captions) to a new file with fs.copyFile, the least any packager must do with them.
// It prints each version's package time, the baseline, their ratio and difference, and the zip's
// size against its media, and whether the goals are met: packaging under 2 s beyond the
// video's render (the package time itself, medians), and the zip no more than 5 % larger than its
// media.
//
// Options:
//   --rounds N       measured rounds (5)
//   --warmup N       unmeasured rounds first (1)
//   --slides N       slides (50; --smoke: 5)
//   --minutes N      video length in minutes (5; --smoke: 0.25)
//   --json FILE      also write every figure as JSON
//   --strict         exit 2 when a goal is missed
//   --smoke          1 round of a small course, no warm-up
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SCORM_TRACKING } from '@trainwright/catalogue';
import { buildPackage } from '../../../services/scorm/dist/src/package/index.js';
import { log, parseOptions, printHelpIfAsked, usage } from '../lib/cli.mjs';
import { median, printTable } from '../lib/load.mjs';

const opts = parseOptions({ slides: { type: 'string', default: '50' }, minutes: { type: 'string', default: '5' }, rounds: { type: 'string', default: '5' }, warmup: { type: 'string', default: '1' } }, { load: false });
printHelpIfAsked(opts, import.meta.url);
if (opts.smoke) Object.assign(opts, { slides: '5', minutes: '0.25' });
const slides = Number(opts.slides);
const minutes = Number(opts.minutes);
const rounds = Number(opts.rounds);
const warmup = Number(opts.warmup);
if (!(slides >= 1 && minutes > 0 && rounds >= 1 && warmup >= 0)) usage('--slides, --minutes and --rounds must be positive numbers');

const GOAL_MS = 2000;
const GOAL_OVERHEAD_PCT = 5;
const seconds = Math.round(minutes * 60);

/** The narrated video, made once per length: a moving test picture and a tone, as media-render encodes (H.264 + AAC, faststart). */
function videoOf(seconds) {
  const path = join(tmpdir(), `trainwright-bench-scorm-${seconds}s.mp4`);
  if (existsSync(path)) return path;
  log(`making a ${seconds} s 1280x720 video with ffmpeg (once)`);
  const tmp = `${path}.part.mp4`;
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=s=1280x720:r=25:d=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=440:d=${seconds}`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '30', '-pix_fmt', 'yuv420p',
    '-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', '-shortest', tmp,
  ]);
  copyFileSync(tmp, path);
  rmSync(tmp);
  return path;
}

function captionsOf(seconds, slideCount) {
  const per = seconds / slideCount;
  const t = (s) => new Date(s * 1000).toISOString().slice(11, 23);
  return `WEBVTT\n\n${Array.from({ length: slideCount }, (_, i) => `${t(i * per)} --> ${t((i + 1) * per)}\nSlide ${i + 1}: the narration of this slide.\n`).join('\n')}`;
}

function course(version, video, captionsVtt) {
  const questions = Array.from({ length: 20 }, (_, i) => ({
    id: `q${i + 1}`,
    prompt: `Question ${i + 1}: which step comes first on slide ${i + 1}?`,
    options: [0, 1, 2, 3].map((o) => ({ id: `o${o}`, text: `Answer ${o + 1} of question ${i + 1}`, correct: o === i % 4 })),
    explanation: `Slide ${i + 1} says so.`,
    objectiveId: `obj-${(i % 4) + 1}`,
  }));
  return {
    packageId: '6b1f3c2a-9d4e-4f8a-8c1b-2e3d4f5a6b7c',
    title: 'Warehouse safety',
    description: 'A 50-slide course with its narrated video.',
    language: 'en',
    version,
    includeTracking: true,
    tracking: { ...DEFAULT_SCORM_TRACKING },
    objectives: Array.from({ length: 4 }, (_, i) => ({ id: `obj-${i + 1}`, title: `Objective ${i + 1}`, description: `What objective ${i + 1} asks.`, type: 'application' })),
    activities: [{ id: 'a1', title: 'Watch and read', type: 'video', estimatedMinutes: Math.ceil(minutes) }],
    slides: Array.from({ length: slides }, (_, i) => ({
      title: `Slide ${i + 1}: a topic of the course`,
      points: Array.from({ length: 5 }, (_, p) => `Point ${p + 1} of slide ${i + 1}, a short instruction`),
      paragraphs: [`A paragraph that explains slide ${i + 1} in a few sentences for the learner.`],
      notes: `Trainer notes of slide ${i + 1}.`,
    })),
    questions,
    video: { path: video, mime: 'video/mp4', durationSeconds: seconds, captionsVtt },
    theme: { primary: '#0a4d8c', secondary: '#f59e0b', background: '#ffffff', text: '#1f2937', headingFont: 'Inter', bodyFont: 'Source Sans 3' },
  };
}

const work = mkdtempSync(join(tmpdir(), 'bench-scorm-'));
try {
  const video = videoOf(seconds);
  const captionsVtt = captionsOf(seconds, slides);
  const captionsPath = join(work, 'captions.vtt');
  writeFileSync(captionsPath, captionsVtt);
  const mediaBytes = statSync(video).size + Buffer.byteLength(captionsVtt);
  log(`${slides} slides, ${seconds} s video (${(statSync(video).size / 1e6).toFixed(1)} MB), ${rounds} rounds after ${warmup} warm-up`);

  const versions = ['1.2', '2004', 'cmi5'];
  const results = Object.fromEntries(versions.map((v) => [v, { pkg: [], base: [], size: 0 }]));
  for (let round = 0; round < warmup + rounds; round++) {
    for (const version of versions) {
      // Baseline: the media copied, nothing else.
      let t = performance.now();
      copyFileSync(video, join(work, 'copy.mp4'));
      copyFileSync(captionsPath, join(work, 'copy.vtt'));
      const base = performance.now() - t;
      t = performance.now();
      const out = join(work, `package-${version}.zip`);
      const { size } = await buildPackage(course(version, video, captionsVtt), out);
      const pkg = performance.now() - t;
      rmSync(join(work, 'copy.mp4'));
      rmSync(out);
      if (round < warmup) continue;
      results[version].pkg.push(pkg);
      results[version].base.push(base);
      results[version].size = size;
    }
  }

  const header = ['version', 'package ms (median)', 'max', 'copy media ms', 'package / copy', 'beyond copy ms', 'zip MB', 'zip vs media'];
  const rows = versions.map((v) => {
    const r = results[v];
    const pkg = median(r.pkg);
    const base = median(r.base);
    const overhead = ((r.size - mediaBytes) / mediaBytes) * 100;
    return [v, pkg.toFixed(0), Math.max(...r.pkg).toFixed(0), base.toFixed(0), `${(pkg / base).toFixed(2)}x`, (pkg - base).toFixed(0), (r.size / 1e6).toFixed(2), `${overhead >= 0 ? '+' : ''}${overhead.toFixed(2)} %`];
  });
  printTable(`SCORM packages of a ${slides}-slide course with a ${seconds} s video`, [header, ...rows]);
  const timeMet = versions.every((v) => median(results[v].pkg) < GOAL_MS);
  const sizeMet = versions.every((v) => ((results[v].size - mediaBytes) / mediaBytes) * 100 <= GOAL_OVERHEAD_PCT);
  console.log(`goal: package under ${GOAL_MS} ms beyond the video's render: ${timeMet ? 'met' : 'NOT met'}`);
  console.log(`goal: zip at most ${GOAL_OVERHEAD_PCT} % larger than its media: ${sizeMet ? 'met' : 'NOT met'}`);
  if (opts.json) writeFileSync(opts.json, JSON.stringify({ slides, seconds, mediaBytes, results }, null, 2));
  if (opts.strict && !(timeMet && sizeMet)) process.exitCode = 2;
} finally {
  rmSync(work, { recursive: true, force: true });
}
