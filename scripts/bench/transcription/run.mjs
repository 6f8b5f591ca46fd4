// node scripts/bench/transcription/run.mjs [options]
//
// Measures the offline speech recognisers on the same clips, for the choice of the offline
// transcriber (docs/benchmarks.md, "Offline transcription"): word error rate (WER), the error of
// the recognised words' start times, and speed. Clip sets:
//   espeak klatt     8 English sentences spoken by espeak-ng's Klatt voices (en-us+klatt, +klatt2,
//                    +klatt4, +klatt6 in turn, 140 words/min), 16 kHz mono, 0.3 s of silence
//                    around each
//   espeak default   the same sentences with espeak-ng's usual voices (en-us, en+m3, en+f3, en-gb)
//   espeak words     4 of the sentences spoken by en-us+klatt with a 200 ms break (SSML) after
//                    every word: every word's true start is where its stretch of speech starts
//                    (ffmpeg silencedetect), so the word-start error can be measured
//   debian librivox  the 5 recordings of a human reader (Sense and Sensibility, LibriVox) in
//                    Debian's pocketsphinx-testdata, with their reference transcriptions
//   debian cards     the 5 recordings of playing cards ("eight of spades ...") there
// Engines, each on every clip:
//   (baseline)  pocketsphinx_continuous -infile CLIP -time yes, as the command line documents it
//   (adapter)   the service's PocketsphinxTranscriber (services/media-render/dist): samples fed on
//               stdin, fillers dropped, words with times
// A Whisper-class model (e.g. through sherpa-onnx) is not measured: no package in the reachable
// registries ships its model files (see the docs section). Then speaker changes: the adapter with
// diarization on clips of one voice, two voices and Debian's two human recordings joined, against
// the speaker count and change times the clips were built with.
//
// WER is summed over a set (errors / reference words), the texts compared as lower-case words
// without punctuation (services/media-render/src/adapters/transcription/word-error-rate.ts).
// Word-start error: the mean |recognised start - true start| of the words recognised right.
// RTF (real-time factor): wall time / audio time; cpu RTF: CPU time of this process and the
// processes it ran / audio time (steadier on a shared machine). The engines take turns on each
// clip, the first one alternating, so neither always meets a cold cache.
//
// Options:
//   --smoke          1 clip per set, one diarization clip: proves the bench runs (npm test)
//   --keep DIR       make the clips in DIR and keep them
//   --json FILE      also write every figure as JSON
//   --wait-idle S    wait up to S seconds for other processes to go quiet first (60; 0 = no)
// Needs: espeak-ng, ffmpeg, pocketsphinx, pocketsphinx-en-us, pocketsphinx-testdata (Debian) and
// the built media-render service. Exit code 1 when a tool is missing or a run fails.
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { speechBenchWorkspace, speechIslands, TRAINING_SENTENCES } from '../lib/speech.mjs';
import { log, parseOptions, printHelpIfAsked, shutdownOnSignals, startWatchdog, usage } from '../lib/cli.mjs';
import { selfMeter, waitForQuiet } from '../lib/cpu.mjs';
import { printTable } from '../lib/load.mjs';

const run = promisify(execFile);
const MEDIA = import.meta.resolve('@trainwright/media-render'); // .../services/media-render/dist/src/index.js
const { PocketsphinxTranscriber, detectPocketsphinxVersion, installedPocketsphinxModels, parsePocketsphinxOutput } = await import(new URL('./adapters/transcription/pocketsphinx.js', MEDIA));
const { SpeakerChangeDiarizer } = await import(new URL('./adapters/transcription/speaker-change-diarizer.js', MEDIA));
const { alignWords, normaliseWords } = await import(new URL('./adapters/transcription/word-error-rate.js', MEDIA));
const { parseWav, pcmToWav } = await import(new URL('./adapters/speech/wav.js', MEDIA));
const { WorkerSupervisor } = await import('@trainwright/platform/worker-sandbox');

const opts = parseOptions({ keep: { type: 'string' } }, { load: false });
printHelpIfAsked(opts, import.meta.url);
const smoke = opts.smoke;
const waitIdle = Number(opts['wait-idle']);
if (!(waitIdle >= 0)) usage('--wait-idle must be >= 0');

const TESTDATA = '/usr/share/pocketsphinx/test/data';
for (const [what, check] of [
  ['espeak-ng', () => run('espeak-ng', ['--version'])],
  ['ffmpeg', () => run('ffmpeg', ['-version'])],
  ['pocketsphinx_continuous (Debian: pocketsphinx, pocketsphinx-en-us)', () => detectPocketsphinxVersion()],
  ['Debian pocketsphinx-testdata', async () => { if (!existsSync(`${TESTDATA}/librivox/transcription`)) throw new Error('missing'); }],
]) {
  await check().catch(() => usage(`${what} is not installed`));
}

const SENTENCES = TRAINING_SENTENCES;
const KLATT = ['en-us+klatt', 'en-us+klatt2', 'en-us+klatt4', 'en-us+klatt6'];
const DEFAULT_VOICES = ['en-us', 'en+m3', 'en+f3', 'en-gb'];
const RATE = 16000;

const { workRoot, supervisor, shutdown } = speechBenchWorkspace({ name: 'transcription', keep: opts.keep, watchdogMs: smoke ? 180_000 : 1_200_000, WorkerSupervisor });

// ---------------------------------------------------------------- clips

/** espeak-ng's 22,050 Hz WAV of `text` (a buffer). */
async function speak(voice, text, extra = []) {
  const file = join(workRoot, `tmp-${process.hrtime.bigint()}.wav`);
  await run('espeak-ng', ['-v', voice, ...extra, '-w', file, text]);
  const buf = readFileSync(file);
  rmSync(file);
  return buf;
}

/** A WAV converted to 16 kHz mono 16-bit with `filter`, written bit-exact (a 44-byte header, as the CLI expects). */
async function to16k(input, out, filter = 'anull') {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-af', filter, '-ar', String(RATE), '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', out]);
}

/** 16-bit mono samples of a WAV buffer. */
function samplesOf(buf) {
  const info = parseWav(buf);
  const data = buf.subarray(info.dataOffset, info.dataOffset + info.dataBytes);
  return { rate: info.sampleRate, pcm: new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)) };
}

/** First and last sample louder than 1% of full scale. */
function audible(pcm) {
  let first = 0;
  let last = pcm.length - 1;
  while (first < pcm.length && Math.abs(pcm[first]) < 328) first++;
  while (last > first && Math.abs(pcm[last]) < 328) last--;
  return { first, last };
}

function writePcm(path, pcm, rate) {
  writeFileSync(path, pcmToWav(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), { sampleRate: rate, channels: 1, bitsPerSample: 16 }));
}

async function sentenceClip(name, voice, text, extra) {
  const raw = join(workRoot, `${name}-22k.wav`);
  writeFileSync(raw, await speak(voice, text, extra));
  const out = join(workRoot, `${name}.wav`);
  await to16k(raw, out, 'adelay=300,apad=pad_dur=0.3');
  rmSync(raw);
  return { name, path: out, reference: text, voice };
}

/** Stretches of speech by ffmpeg's silencedetect (under -40 dB for 0.1 s is silence): [start, end] s. */
async function speechIslandsOf(path, seconds) {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-af', 'silencedetect=n=-40dB:d=0.1', '-f', 'null', '-']);
  return speechIslands(stderr, seconds);
}

/**
 * A sentence spoken by en-us+klatt with a 200 ms break (SSML) after every word: one sentence's
 * prosody, and every word's true start is where its stretch of speech starts.
 */
async function wordClip(name, text) {
  const words = text.replace(/[.,]/g, '').split(/\s+/);
  const clip = await sentenceClip(name, 'en-us+klatt', `<speak>${words.join(' <break time="200ms"/> ')}</speak>`, ['-m', '-s', '140']);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', clip.path]);
  const islands = await speechIslandsOf(clip.path, Number(stdout.trim()));
  if (islands.length !== words.length) usage(`${name}: ${words.length} words but ${islands.length} stretches of speech`);
  return { ...clip, reference: text, wordStarts: islands.map((i) => i[0]) };
}

function debianClips(set) {
  const lines = readFileSync(`${TESTDATA}/${set}/${set === 'cards' ? 'cards.transcription' : 'transcription'}`, 'utf8').split('\n').filter(Boolean);
  return lines.map((line) => {
    const m = /^<s>\s*(.*?)\s*<\/s>\s*\((\S+)\)$/.exec(line.trim());
    if (!m) usage(`unreadable line in Debian's ${set} transcription: ${line}`);
    return { name: m[2], path: `${TESTDATA}/${set}/${m[2]}.wav`, reference: m[1] };
  });
}

log(`making the clips in ${workRoot}`);
const take = (list) => (smoke ? list.slice(0, 1) : list);
const sets = [
  { name: 'espeak klatt', clips: await Promise.all(take(SENTENCES).map((s, i) => sentenceClip(`klatt-${i + 1}`, KLATT[i % KLATT.length], s, ['-s', '140']))) },
  { name: 'espeak default', clips: await Promise.all(take(SENTENCES).map((s, i) => sentenceClip(`default-${i + 1}`, DEFAULT_VOICES[i % DEFAULT_VOICES.length], s, ['-s', '150']))) },
  { name: 'espeak words', clips: await Promise.all(take(SENTENCES.slice(0, 4)).map((s, i) => wordClip(`words-${i + 1}`, s))) },
  { name: 'debian librivox', clips: take(debianClips('librivox')) },
  { name: 'debian cards', clips: take(debianClips('cards')) },
];
for (const set of sets) {
  for (const clip of set.clips) {
    const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', clip.path]);
    clip.seconds = Number(stdout.trim());
  }
}

// ---------------------------------------------------------------- engines

const version = await detectPocketsphinxVersion();
const models = installedPocketsphinxModels();
if (!models['en-US']) usage('the US English model (pocketsphinx-en-us) is not installed');
const transcriber = new PocketsphinxTranscriber({ version, models, diarizer: new SpeakerChangeDiarizer({ supervisor }) });

/** Runs a process to its end; answers its stdout. */
function capture(command, args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolvePromise(Buffer.concat(out).toString('utf8')) : reject(new Error(`${command} exited with ${code}`))));
  });
}

const engines = [
  {
    name: `pocketsphinx CLI -infile (baseline)`,
    async words(clip) {
      const stdout = await capture('pocketsphinx_continuous', ['-infile', clip.path, '-time', 'yes', '-logfn', '/dev/null', ...['-hmm', models['en-US'].hmm, '-lm', models['en-US'].lm, '-dict', models['en-US'].dict]]);
      return parsePocketsphinxOutput(stdout).flatMap((u) => u.words);
    },
  },
  {
    name: `${transcriber.engineFor('en-US')} adapter`,
    async words(clip) {
      const t = await transcriber.transcribe({ wavPath: clip.path, languageCode: 'en-US', diarization: false, wordTimestamps: true, vocabulary: [] });
      return t.words;
    },
  },
];

// ---------------------------------------------------------------- measuring

if (waitIdle > 0 && !smoke) await waitForQuiet(waitIdle, log, 'other processes use');
const load0 = loadavg()[0];
const results = [];
for (const set of sets) {
  const rows = engines.map((engine) => ({ engine: engine.name, set: set.name, errors: 0, refWords: 0, startErrors: [], wallMs: 0, cpuMs: 0, others: [], perClip: [] }));
  for (const [c, clip] of set.clips.entries()) {
    // Engines take turns going first, clip by clip, so neither always meets a cold cache.
    const order = c % 2 === 0 ? engines.map((_, i) => i) : engines.map((_, i) => engines.length - 1 - i);
    for (const e of order) {
      const row = rows[e];
      const meter = selfMeter();
      const t0 = performance.now();
      const words = await engines[e].words(clip);
      row.wallMs += performance.now() - t0;
      const cpu = meter();
      row.cpuMs += cpu.cpuMs;
      row.others.push(cpu.others);
      const ref = normaliseWords(clip.reference);
      // Each recognised word's normalised form, with its times (a word may normalise to none or several).
      const hyp = words.flatMap((w) => normaliseWords(w.word).map((form) => ({ form, start: w.start })));
      const alignment = alignWords(ref, hyp.map((h) => h.form));
      row.errors += alignment.errors;
      row.refWords += ref.length;
      if (clip.wordStarts) for (const [r, h] of alignment.matches) row.startErrors.push(Math.abs(hyp[h].start - clip.wordStarts[r]));
      row.perClip.push({ clip: clip.name, wer: alignment.wer, hypothesis: hyp.map((h) => h.form).join(' ') });
    }
  }
  const seconds = set.clips.reduce((sum, clip) => sum + clip.seconds, 0);
  for (const row of rows) {
    const se = row.startErrors;
    results.push({
      engine: row.engine,
      set: row.set,
      clips: set.clips.length,
      audioSeconds: seconds,
      referenceWords: row.refWords,
      wer: row.errors / row.refWords,
      wordStartErrorMs: se.length ? (se.reduce((a, b) => a + b, 0) / se.length) * 1000 : null,
      wordStartErrorMaxMs: se.length ? Math.max(...se) * 1000 : null,
      timedWords: se.length,
      rtf: row.wallMs / 1000 / seconds,
      cpuRtf: row.cpuMs / 1000 / seconds,
      othersPctMax: Math.max(...row.others),
      perClip: row.perClip,
    });
    log(`${row.engine} on ${set.name}: WER ${(100 * (row.errors / row.refWords)).toFixed(1)}%`);
  }
}
results.sort((a, b) => engines.findIndex((e) => e.name === a.engine) - engines.findIndex((e) => e.name === b.engine));

const pct = (x) => `${(100 * x).toFixed(1)}%`;
printTable(`Offline transcription, ${new Date().toISOString().slice(0, 10)} (load average ${load0.toFixed(2)} at the start)`, [
  ['engine', 'clips', 'audio s', 'ref words', 'WER', 'word start err', 'RTF', 'cpu RTF', 'set'],
  ...results.map((r) => [
    r.engine,
    String(r.clips),
    r.audioSeconds.toFixed(1),
    String(r.referenceWords),
    pct(r.wer),
    r.wordStartErrorMs === null ? '-' : `${Math.round(r.wordStartErrorMs)} ms (max ${Math.round(r.wordStartErrorMaxMs)}, ${r.timedWords} words)`,
    r.rtf.toFixed(2),
    r.cpuRtf.toFixed(2),
    r.set,
  ]),
]);
console.log('');
console.log('Whisper-class model (sherpa-onnx): not measured; no package in the npm registry or Debian ships its model files.');
console.log('');
console.log('adapter / baseline, by set:');
for (const set of sets) {
  const [base, adapter] = engines.map((e) => results.find((r) => r.engine === e.name && r.set === set.name));
  console.log(`  ${set.name.padEnd(16)} WER ${pct(adapter.wer)} / ${pct(base.wer)}   cpu RTF ${(adapter.cpuRtf / base.cpuRtf).toFixed(2)}x`);
}

// ---------------------------------------------------------------- speaker changes

/** Joins 16 kHz clips with 0.4 s pauses; answers the clip and the true start of speech of each part. */
async function joined(name, parts) {
  const pieces = [];
  const starts = [];
  let at = 0;
  for (const part of parts) {
    const { pcm } = samplesOf(readFileSync(part));
    starts.push((at + audible(pcm).first) / RATE);
    pieces.push(pcm);
    at += pcm.length + Math.round(0.4 * RATE);
  }
  const pcm = new Int16Array(at);
  let offset = 0;
  for (const piece of pieces) {
    pcm.set(piece, offset);
    offset += piece.length + Math.round(0.4 * RATE);
  }
  const path = join(workRoot, `${name}.wav`);
  writePcm(path, pcm, RATE);
  return { path, starts };
}

async function voiceParts(tag, voice, pitch, texts) {
  return Promise.all(texts.map(async (text, i) => (await sentenceClip(`${tag}-${i}`, voice, text, ['-s', '150', '-p', String(pitch)])).path));
}

const [m3, f3] = await Promise.all([voiceParts('m3', 'en+m3', 35, SENTENCES.slice(0, 4)), voiceParts('f3', 'en+f3', 70, SENTENCES.slice(4, 8))]);
const librivox = debianClips('librivox').map((c) => c.path);
const cards = debianClips('cards').map((c) => c.path);
const diarizationCases = [
  { name: 'two voices: en+m3 -p 35, then en+f3 -p 70', parts: [...m3, ...f3], speakerOf: (i) => (i < 4 ? 1 : 2) },
  { name: 'one voice: en+m3 -p 35', parts: [...m3, ...(await voiceParts('m3b', 'en+m3', 35, SENTENCES.slice(4, 8)))], speakerOf: () => 1 },
  { name: 'alternating: m3, f3, m3', parts: [m3[0], m3[1], f3[0], f3[1], m3[2], m3[3]], speakerOf: (i) => (i === 2 || i === 3 ? 2 : 1) },
  { name: 'Debian human: librivox reader, then cards', parts: [...librivox, ...cards], speakerOf: (i) => (i < librivox.length ? 1 : 2) },
];
const diarized = [];
for (const c of smoke ? diarizationCases.slice(0, 1) : diarizationCases) {
  const clip = await joined(c.name.replace(/\W+/g, '-'), c.parts);
  const truth = clip.starts.flatMap((s, i) => (i > 0 && c.speakerOf(i) !== c.speakerOf(i - 1) ? [s] : []));
  const expected = new Set(c.parts.map((_, i) => c.speakerOf(i))).size;
  const t0 = performance.now();
  const t = await transcriber.transcribe({ wavPath: clip.path, languageCode: 'en-US', diarization: true, wordTimestamps: true, vocabulary: [] });
  const ms = performance.now() - t0;
  const found = t.segments.flatMap((s, i) => (i > 0 && s.speaker !== t.segments[i - 1].speaker ? [s.start] : []));
  const error = found.length === truth.length && truth.length > 0 ? Math.max(...truth.map((x, i) => Math.abs(found[i] - x))) : null;
  diarized.push({ name: c.name, expected, speakers: t.diarization.speakers, truth, found, maxChangeErrorS: error, ms });
}
printTable('Speaker changes (the adapter with diarization; changes = where the next segment has another speaker)', [
  ['clip', 'speakers', 'found', 'true changes s', 'found changes s', 'max error', 'time'],
  ...diarized.map((d) => [
    d.name,
    String(d.expected),
    String(d.speakers),
    d.truth.map((x) => x.toFixed(2)).join(', ') || '-',
    d.found.map((x) => x.toFixed(2)).join(', ') || '-',
    d.maxChangeErrorS === null ? (d.truth.length === 0 && d.found.length === 0 ? 'none' : 'count differs') : `${d.maxChangeErrorS.toFixed(2)} s`,
    `${(d.ms / 1000).toFixed(1)} s`,
  ]),
]);

if (opts.json) writeFileSync(opts.json, JSON.stringify({ date: new Date().toISOString(), version, smoke, results, diarized }, null, 2));
await shutdown(0);
