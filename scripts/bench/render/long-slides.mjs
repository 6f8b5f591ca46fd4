#!/usr/bin/env node
// Long slides in the narrated video: what the slow zoom of pictures shown longer than 10 s costs.
// Two projects of a title card and three 30 s slides (espeak-ng, 1280x720), rendered with
// renderVideo from the built service (services/media-render/dist), one warm-up, then --rounds
// (default 3) each; medians:
//   reveals: each slide says five ~20-word paragraphs itself, so it is five pictures of ~6 s that
//            the narration reveals one by one (the case measured when motion was added);
//   still:   each slide has one point and five paragraphs of speaker notes, so it is one picture
//            of ~30 s, which has to move.
// Usage: node scripts/bench/render/long-slides.mjs [--rounds N] [--keep DIR]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { videoInput } from './material.mjs';

const MEDIA = import.meta.resolve('@trainwright/media-render');
const { renderVideo, movingSlides, MAX_STILL_MS } = await import(new URL('./video/index.js', MEDIA));
const { createSpeechProvider } = await import(new URL('./adapters/speech/index.js', MEDIA));

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const ROUNDS = Number(arg('--rounds', 3));
const keep = arg('--keep', null);
const SIZE = { width: 1280, height: 720 };

const PARAGRAPHS = [
  'Phishing messages imitate people and services you trust, and they ask you to act quickly before you have time to think.',
  'Check the sender address, hover over every link before you click it, and never open an attachment you did not expect.',
  'Strong passwords are long phrases that you use for one account only, kept in the password manager the company provides.',
  'Lock your screen whenever you leave your desk, even for a minute, and never lend your badge to a colleague or a visitor.',
  'Report anything that looks wrong to the service desk at once: a fast report limits the damage, and nobody is blamed for it.',
];
const TITLES = ['Spotting phishing', 'Passwords that hold', 'Reporting incidents'];

function project(kind) {
  const input = videoInput();
  const slides = TITLES.map((title) =>
    kind === 'reveals'
      ? { title, points: [], paragraphs: PARAGRAPHS, notes: '' }
      : { title, points: ['Know the warning signs'], paragraphs: [], notes: PARAGRAPHS.join('\n\n') },
  );
  return { ...input, deck: { title: input.deck.title, slides }, script: '' };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const provider = createSpeechProvider({ provider: 'espeak' });
const voice = { provider: 'espeak', voice: 'en-us' };
const root = keep ?? mkdtempSync(join(tmpdir(), 'long-slides-'));
try {
  for (const kind of ['reveals', 'still']) {
    const input = project(kind);
    const times = [];
    let last;
    for (let r = 0; r <= ROUNDS; r++) {
      const t0 = performance.now();
      last = await renderVideo(input, { provider, voice, format: 'mp4', workDir: join(root, `${kind}-${r}`), size: SIZE });
      if (r > 0) times.push(performance.now() - t0);
    }
    const moving = movingSlides(last.pictures);
    const movingS = moving.reduce((t, [a, b]) => t + b - a, 0);
    const longest = Math.max(...last.pictures.map((p) => p.durationMs));
    console.log(
      `${kind.padEnd(8)} video ${(last.durationMs / 1000).toFixed(1)} s, ${last.pictures.length} pictures (longest ${(longest / 1000).toFixed(1)} s), ` +
        `${moving.length} moving (${movingS.toFixed(1)} s of video, bound ${MAX_STILL_MS / 1000} s): ` +
        `end to end median ${(median(times) / 1000).toFixed(2)} s [${times.map((t) => (t / 1000).toFixed(2)).join(', ')}], ` +
        `${(last.durationMs / median(times)).toFixed(1)}x real time`,
    );
  }
} finally {
  if (!keep) rmSync(root, { recursive: true, force: true });
}
