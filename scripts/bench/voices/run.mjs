// node scripts/bench/voices/run.mjs [options]
//
// Measures the offline narration voices Debian ships on the same scripts, for the choice of the
// default offline voice (docs/benchmarks.md, "Offline narration voices"). Candidates, each at its
// engine's default settings (espeak-ng at the product's: -p 50 -s 175):
//   espeak-ng          en-us (the product's default English voice before Flite's rms), en-us+f3 (a
//                      variant the library offers), en-us+klatt, en-us+klatt4 (its Klatt synthesiser)
//   espeak-ng+MBROLA   mb-us1, mb-us2, mb-us3, mb-en1: espeak-ng's front end, MBROLA's diphones
//   Festival           voice_kal_diphone, voice_ked_diphone, voice_rab_diphone (diphone, LPC),
//                      voice_cmu_us_slt_arctic_hts (HTS statistical parametric), by text2wave
//   Flite              kal16 (diphone), slt, rms, awb (CMU ARCTIC clustergen), by flite
// Every voice speaks the same 10 sentences of a training course (numbers, a long sentence), one
// process a sentence as a speech adapter would run it. A voice whose engine or package is not
// installed is listed as such and skipped.
//
// Per voice:
//   WER        the offline recogniser's word error rate on its speech: each sentence converted to
//              16 kHz mono with 0.3 s of silence around, the 10 joined into one narration and
//              transcribed in one run by the service's PocketsphinxTranscriber
//              (services/media-render/dist), as a video's sound track would be; errors / reference
//              words (word-error-rate.ts). Lower = more intelligible to the recogniser.
//   wpm        speaking rate: reference words / the time from the first to the last sound of each
//              sentence (ffmpeg silencedetect, under -40 dBFS for 0.1 s is silence), summed
//   pauses     the share of that time that is silence (commas, sentence-internal breaks)
//   LUFS, LRA, true peak   ffmpeg ebur128 (peak=true) on the voice's 10 sentences joined with
//              0.5 s of silence, at the engine's own sample rate
//   peak @-16  the true peak after a plain gain to -16 LUFS (the online target the render analysis
//              uses): above -1 dBTP a normaliser has to limit, not just turn up
//   synth RTF  synthesis time / audio time (wall; cpu = CPU of the synthesiser processes), with
//              each process's start-up, as an adapter running one process a clip would pay
// Then the same at narration pace: espeak:en-us (the default before this bench chose flite:rms)
// and the 3 voices of lowest WER again, each slowed by its engine's own knob (espeak-ng -s,
// Festival Duration_Stretch or hts_engine -r, flite duration_stretch) to about 145 words a minute
// from its measured pace.
//
// Options:
//   --smoke          2 sentences, one voice per engine, one paced: proves the bench runs (1 min)
//   --voices LIST    comma-separated voice ids to run (e.g. espeak:en-us,flite:slt)
//   --keep DIR       make the WAVs in DIR and keep them (native and 16 kHz)
//   --json FILE      also write every figure and every hypothesis as JSON
//   --wait-idle S    wait up to S seconds for other processes to go quiet first (60; 0 = no)
// Needs: espeak-ng, ffmpeg, pocketsphinx + pocketsphinx-en-us (Debian) and the built media-render
// service; the candidates need their packages (see VOICES). Exit 1 when a needed tool is missing
// or a run fails. One process at a time (the machine is shared): about 8-10 minutes in full.
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
const { PocketsphinxTranscriber, detectPocketsphinxVersion, installedPocketsphinxModels } = await import(new URL('./adapters/transcription/pocketsphinx.js', MEDIA));
const { SpeakerChangeDiarizer } = await import(new URL('./adapters/transcription/speaker-change-diarizer.js', MEDIA));
const { alignWords, normaliseWords } = await import(new URL('./adapters/transcription/word-error-rate.js', MEDIA));
const { concatWavs } = await import(new URL('./adapters/speech/wav.js', MEDIA));
const { WorkerSupervisor } = await import('@trainwright/platform/worker-sandbox');

const opts = parseOptions({ keep: { type: 'string' }, voices: { type: 'string' } }, { load: false });
printHelpIfAsked(opts, import.meta.url);
const smoke = opts.smoke;
const waitIdle = Number(opts['wait-idle']);
if (!(waitIdle >= 0)) usage('--wait-idle must be >= 0');

for (const [what, check] of [
  ['espeak-ng', () => run('espeak-ng', ['--version'])],
  ['ffmpeg', () => run('ffmpeg', ['-version'])],
  ['pocketsphinx_continuous (Debian: pocketsphinx, pocketsphinx-en-us)', () => detectPocketsphinxVersion()],
]) {
  await check().catch(() => usage(`${what} is not installed`));
}

// `text` is spoken; `words` is the reference (numbers spelt out as the voices say them). The first
// eight are the transcription bench's sentences.
const SCRIPTS = [
  { text: 'Please open the safety manual before you start the machine.' },
  { text: 'Our training course explains how to store chemicals in a cool dry place.' },
  { text: 'Remember to wash your hands after handling raw food.' },
  { text: 'The fire exit is at the end of the corridor on the left.' },
  { text: 'Customers expect a friendly answer within one working day.' },
  { text: 'Write down every change to the project in the shared document.' },
  { text: 'Wear gloves and goggles when you clean the laboratory bench.' },
  { text: 'If the alarm sounds, leave the building and wait in the car park.' },
  {
    text: 'Never lift more than 25 kilograms on your own, and take a break every 2 hours.',
    words: 'never lift more than twenty five kilograms on your own and take a break every two hours',
  },
  {
    text: 'Before you leave at the end of your shift, switch off every machine at the wall, report any damaged cable to your supervisor, and sign the log book by the door so that the next team knows what was done.',
  },
];

/** The packages a voice needs (Debian bookworm; the MBROLA voices and festvox-rablpc16k are in contrib/non-free). */
const VOICES = [
  { id: 'espeak:en-us', engine: 'espeak-ng', voice: 'en-us', packages: ['espeak-ng'] },
  { id: 'espeak:en-us+f3', engine: 'espeak-ng', voice: 'en-us+f3', packages: ['espeak-ng'] },
  { id: 'espeak:en-us+klatt', engine: 'espeak-ng', voice: 'en-us+klatt', packages: ['espeak-ng'] },
  { id: 'espeak:en-us+klatt4', engine: 'espeak-ng', voice: 'en-us+klatt4', packages: ['espeak-ng'] },
  { id: 'espeak:mb-us1', engine: 'espeak-ng+mbrola', voice: 'mb-us1', packages: ['mbrola', 'mbrola-us1'], file: '/usr/share/mbrola/us1/us1' },
  { id: 'espeak:mb-us2', engine: 'espeak-ng+mbrola', voice: 'mb-us2', packages: ['mbrola', 'mbrola-us2'], file: '/usr/share/mbrola/us2/us2' },
  { id: 'espeak:mb-us3', engine: 'espeak-ng+mbrola', voice: 'mb-us3', packages: ['mbrola', 'mbrola-us3'], file: '/usr/share/mbrola/us3/us3' },
  { id: 'espeak:mb-en1', engine: 'espeak-ng+mbrola', voice: 'mb-en1', packages: ['mbrola', 'mbrola-en1'], file: '/usr/share/mbrola/en1/en1' },
  { id: 'festival:kal_diphone', engine: 'festival', voice: 'kal_diphone', packages: ['festival', 'festvox-kallpc16k'] },
  { id: 'festival:ked_diphone', engine: 'festival', voice: 'ked_diphone', packages: ['festival', 'festvox-kdlpc16k'] },
  { id: 'festival:rab_diphone', engine: 'festival', voice: 'rab_diphone', packages: ['festival', 'festvox-rablpc16k'] },
  { id: 'festival:cmu_us_slt_arctic_hts', engine: 'festival', voice: 'cmu_us_slt_arctic_hts', packages: ['festival', 'festvox-us-slt-hts'] },
  { id: 'flite:kal16', engine: 'flite', voice: 'kal16', packages: ['flite'] },
  { id: 'flite:slt', engine: 'flite', voice: 'slt', packages: ['flite'] },
  { id: 'flite:rms', engine: 'flite', voice: 'rms', packages: ['flite'] },
  { id: 'flite:awb', engine: 'flite', voice: 'awb', packages: ['flite'] },
];
const SMOKE_VOICES = ['espeak:en-us', 'espeak:mb-us1', 'festival:kal_diphone', 'flite:slt'];
const RATE = 16000;
const TARGET_LUFS = -16;
/** The paced pass: the middle of the 130-160 words a minute of narration, for this many of the lowest-WER voices. */
const PACE_TARGET = 145;
const PACED_COUNT = 3;

let voices = smoke ? VOICES.filter((v) => SMOKE_VOICES.includes(v.id)) : VOICES;
if (opts.voices) {
  const wanted = opts.voices.split(',').map((s) => s.trim());
  for (const w of wanted) if (!VOICES.some((v) => v.id === w)) usage(`unknown voice ${w}; known: ${VOICES.map((v) => v.id).join(', ')}`);
  voices = VOICES.filter((v) => wanted.includes(v.id));
}
const scripts = (smoke ? SCRIPTS.slice(0, 2) : SCRIPTS).map((s) => ({ text: s.text, reference: normaliseWords(s.words ?? s.text) }));

const { workRoot, supervisor, shutdown } = speechBenchWorkspace({ name: 'voices', keep: opts.keep, watchdogMs: smoke ? 180_000 : 1_200_000, WorkerSupervisor });

// ---------------------------------------------------------------- installed?

async function packageVersion(name) {
  return run('dpkg-query', ['-W', '-f=${Status} ${Version}', name]).then(
    ({ stdout }) => (stdout.startsWith('install ok installed') ? stdout.split(' ').pop() : null),
    () => null,
  );
}

async function installed(voice) {
  if (voice.engine === 'festival') {
    if (!(await run('sh', ['-c', 'command -v text2wave']).then(() => true, () => false))) return false;
    // Festival lists the voices it can load; a voice package may be missing on its own.
    const { stdout } = await run('festival', ['--batch', '(print (voice.list))']).catch(() => ({ stdout: '' }));
    return new RegExp(`\\b${voice.voice}\\b`).test(stdout);
  }
  if (voice.engine === 'flite') {
    const { stdout } = await run('flite', ['-lv']).catch(() => ({ stdout: '' }));
    return new RegExp(`\\b${voice.voice}\\b`).test(stdout);
  }
  // espeak-ng speaks an mb- voice without MBROLA as silence plus an error: check the database.
  return voice.file ? existsSync(voice.file) && (await packageVersion('mbrola')) !== null : true;
}

// ---------------------------------------------------------------- synthesis

/** Runs a process to its end, `input` on stdin; rejects on a non-zero exit. */
function capture(command, args, input = null) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolvePromise(Buffer.concat(out).toString('utf8')) : reject(new Error(`${command} exited with ${code}: ${Buffer.concat(err).toString('utf8').trim()}`)),
    );
    child.stdin.end(input ?? undefined);
  });
}

/**
 * Speaks `text` with `voice` into `out` (the engine's own WAV). `stretch` > 1 slows the voice down
 * by that factor with the engine's own knob (1 = its default pace).
 */
async function synthesize(voice, text, out, stretch = 1) {
  const textFile = `${out}.txt`;
  switch (voice.engine) {
    case 'espeak-ng':
    case 'espeak-ng+mbrola':
      // As the service's EspeakProvider runs it: text on stdin, its default pitch and rate (175).
      await capture('espeak-ng', ['-w', out, '-v', voice.voice, '-p', '50', '-s', String(paceSetting(voice, stretch)), '--stdin'], text);
      return;
    case 'festival':
      writeFileSync(textFile, text);
      await capture('text2wave', ['-eval', `(begin (voice_${voice.voice}) ${paceSetting(voice, stretch)})`, textFile, '-o', out]);
      rmSync(textFile);
      return;
    case 'flite':
      writeFileSync(textFile, text);
      await capture('flite', ['-voice', voice.voice, '--setf', `duration_stretch=${paceSetting(voice, stretch)}`, '-f', textFile, '-o', out]);
      rmSync(textFile);
      return;
    default:
      throw new Error(`unknown engine ${voice.engine}`);
  }
}

/** The engine's setting for a pace `stretch` times slower than its default. */
function paceSetting(voice, stretch) {
  const r = (x) => Number(x.toFixed(3));
  switch (voice.engine) {
    case 'espeak-ng':
    case 'espeak-ng+mbrola':
      return Math.round(175 / stretch); // -s, words per minute
    case 'festival':
      // HTS voices take hts_engine's speed ratio (-r); the others scale Duration_Stretch (1.0-1.1 by voice).
      if (stretch === 1) return '';
      return /_hts$/.test(voice.voice)
        ? `(set! hts_engine_params (append hts_engine_params (list (list "-r" ${r(1 / stretch)}))))`
        : `(Parameter.set 'Duration_Stretch (* ${r(stretch)} (Parameter.get 'Duration_Stretch)))`;
    case 'flite':
      return r(stretch); // duration_stretch
    default:
      throw new Error(`unknown engine ${voice.engine}`);
  }
}

/** The pace setting as a person would write it, for the table. */
function paceLabel(voice, stretch) {
  if (voice.engine.startsWith('espeak')) return `-s ${paceSetting(voice, stretch)}`;
  if (voice.engine === 'flite') return `duration_stretch=${paceSetting(voice, stretch)}`;
  if (stretch === 1) return 'default';
  return /_hts$/.test(voice.voice) ? `hts -r ${(1 / stretch).toFixed(2)}` : `Duration_Stretch x${stretch.toFixed(2)}`;
}

async function duration(path) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

async function sampleRate(path) {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=sample_rate', '-of', 'csv=p=0', path]);
  return Number(stdout.trim());
}

/**
 * The clip for the recogniser: 16 kHz mono 16-bit with 0.3 s of silence around, bit-exact (a
 * 44-byte header), as the transcription bench makes its clips; silencedetect runs in the same pass
 * (under -40 dBFS for 0.1 s is silence). Answers the stretches of sound, [start, end] s.
 */
async function to16k(input, out) {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-y', '-i', input, '-af', 'adelay=300,apad=pad_dur=0.3,aresample=16000,silencedetect=n=-40dB:d=0.1', '-ar', String(RATE), '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', out]);
  return speechIslands(stderr, await duration(out));
}

// ---------------------------------------------------------------- measures

/** ebur128 (true peak on) over the clips joined with 0.5 s of silence: { lufs, lra, truePeak }. */
async function loudness(paths) {
  const inputs = paths.flatMap((p) => ['-i', p]);
  const pads = paths.map((_, i) => `[${i}:a]apad=pad_dur=0.5[a${i}]`).join(';');
  const joined = `${paths.map((_, i) => `[a${i}]`).join('')}concat=n=${paths.length}:v=0:a=1,ebur128=peak=true`;
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', ...inputs, '-filter_complex', `${pads};${joined}`, '-f', 'null', '-'], { maxBuffer: 64 * 1024 * 1024 });
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const num = (re) => {
    const m = re.exec(summary);
    if (!m) throw new Error(`ebur128 printed no ${re}`);
    return Number(m[1]);
  };
  return { lufs: num(/I:\s+(-?[\d.]+) LUFS/), lra: num(/LRA:\s+(-?[\d.]+) LU/), truePeak: num(/Peak:\s+(-?[\d.]+) dBFS/) };
}

// ---------------------------------------------------------------- the run

const version = await detectPocketsphinxVersion();
const models = installedPocketsphinxModels();
if (!models['en-US']) usage('the US English model (pocketsphinx-en-us) is not installed');
const transcriber = new PocketsphinxTranscriber({ version, models, diarizer: new SpeakerChangeDiarizer({ supervisor }) });

const packageNames = [...new Set(['espeak-ng', 'espeak-ng-data', 'ffmpeg', 'pocketsphinx', 'pocketsphinx-en-us', 'festival', 'festlex-cmu', 'festlex-poslex', 'festlex-oald', ...voices.flatMap((v) => v.packages)])];
const versions = Object.fromEntries(await Promise.all(packageNames.map(async (p) => [p, await packageVersion(p)])));
const referenceWords = scripts.flatMap((s) => s.reference);

/**
 * One voice at one pace: every sentence synthesised (metered), made a 16 kHz clip, its sound
 * measured; the clips joined into one narration for the recogniser (one run, as a video's sound
 * track would be transcribed), the native WAVs joined for loudness.
 */
async function measureVoice(voice, stretch) {
  const dir = join(workRoot, `${voice.id.replace(/[^\w.+-]+/g, '_')}${stretch === 1 ? '' : `-x${stretch.toFixed(2)}`}`);
  mkdirSync(dir, { recursive: true });
  const row = { id: voice.id, engine: voice.engine, packages: voice.packages, installed: true, stretch, pace: paceLabel(voice, stretch), spanS: 0, soundS: 0, audioS: 0, synthWallMs: 0, synthCpuMs: 0, sentences: [] };
  const natives = [];
  const clips = [];
  for (const [i, script] of scripts.entries()) {
    const native = join(dir, `s${i + 1}-native.wav`);
    const clip = join(dir, `s${i + 1}.wav`);
    // Synthesis alone is metered, the process's start-up included.
    const meter = selfMeter();
    const t0 = performance.now();
    await synthesize(voice, script.text, native, stretch);
    row.synthWallMs += performance.now() - t0;
    row.synthCpuMs += meter().cpuMs;
    const seconds = await duration(native);
    row.audioS += seconds;
    natives.push(native);
    clips.push(clip);
    const islands = await to16k(native, clip);
    if (islands.length === 0) throw new Error(`${voice.id}: sentence ${i + 1} is silent`);
    const span = islands.at(-1)[1] - islands[0][0];
    row.spanS += span;
    row.soundS += islands.reduce((sum, [a, b]) => sum + (b - a), 0);
    row.sentences.push({ sentence: i + 1, seconds, speechSpanS: span, wpm: (script.reference.length / span) * 60 });
  }
  const narration = join(dir, 'narration-16k.wav');
  writeFileSync(narration, concatWavs(clips.map((c) => readFileSync(c))));
  const t = await transcriber.transcribe({ wavPath: narration, languageCode: 'en-US', diarization: false, wordTimestamps: true, vocabulary: [] });
  const hypothesis = t.words.flatMap((w) => normaliseWords(w.word));
  const alignment = alignWords(referenceWords, hypothesis);
  Object.assign(row, { sampleRate: await sampleRate(natives[0]), ...(await loudness(natives)) });
  Object.assign(row, {
    wer: alignment.wer,
    substitutions: alignment.substitutions,
    deletions: alignment.deletions,
    insertions: alignment.insertions,
    hypothesis: hypothesis.join(' '),
    wpm: referenceWords.length / (row.spanS / 60),
    pauseShare: 1 - row.soundS / row.spanS,
    peakAtTarget: row.truePeak + (TARGET_LUFS - row.lufs),
    synthRtf: row.synthWallMs / 1000 / row.audioS,
    synthCpuRtf: row.synthCpuMs / 1000 / row.audioS,
  });
  log(`${voice.id} (${row.pace}): WER ${(100 * row.wer).toFixed(1)}%, ${Math.round(row.wpm)} wpm, ${row.lufs.toFixed(1)} LUFS, true peak ${row.truePeak.toFixed(1)} dBTP`);
  return row;
}

if (waitIdle > 0 && !smoke) await waitForQuiet(waitIdle, log, 'other processes use');
const load0 = loadavg()[0];
const started = performance.now();
const results = [];
for (const voice of voices) {
  if (!(await installed(voice))) {
    log(`${voice.id}: not installed (apt-get install ${voice.packages.join(' ')}); skipped`);
    results.push({ id: voice.id, engine: voice.engine, packages: voice.packages, installed: false });
    continue;
  }
  results.push(await measureVoice(voice, 1));
}

// At narration pace: espeak:en-us (the default before flite:rms) and the lowest-WER voices again,
// each slowed by its own knob to PACE_TARGET words a minute (from its measured default pace), so
// intelligibility is compared where a course would be narrated, not only at each engine's default.
const measured = results.filter((r) => r.installed);
const paced = [];
const pacedIds = [...new Set(['espeak:en-us', ...[...measured].sort((a, b) => a.wer - b.wer).slice(0, smoke ? 1 : PACED_COUNT).map((r) => r.id)])];
for (const id of pacedIds) {
  const base = measured.find((r) => r.id === id);
  if (!base) continue;
  paced.push(await measureVoice(VOICES.find((v) => v.id === id), base.wpm / PACE_TARGET));
}
const minutes = (performance.now() - started) / 60000;

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const cells = (r) =>
  r.installed
    ? [r.id, pct(r.wer), String(Math.round(r.wpm)), `${Math.round(100 * r.pauseShare)}%`, r.lufs.toFixed(1), r.lra.toFixed(1), r.truePeak.toFixed(1), r.peakAtTarget.toFixed(1), String(r.sampleRate), r.synthRtf.toFixed(3), r.synthCpuRtf.toFixed(3), r.pace]
    : [r.id, 'not installed', '', '', '', '', '', '', '', '', '', `apt-get install ${r.packages.join(' ')}`];
const header = ['voice', 'WER', 'wpm', 'pauses', 'LUFS', 'LRA', 'true peak', 'peak @-16', 'Hz', 'synth RTF', 'cpu RTF', 'pace setting'];
printTable(`Offline narration voices at their default pace, ${new Date().toISOString().slice(0, 10)} (${scripts.length} sentences, ${referenceWords.length} words; load average ${load0.toFixed(2)} at the start; ${minutes.toFixed(1)} min)`, [header, ...results.map(cells)]);
printTable(`The same at about ${PACE_TARGET} words a minute`, [header, ...paced.map(cells)]);
console.log('');
console.log(`recogniser: ${transcriber.engineFor('en-US')}; packages: ${Object.entries(versions).map(([p, v]) => `${p} ${v ?? '(not installed)'}`).join(', ')}`);
const all = [...measured, ...paced];
if (all.length > 0) {
  // Intelligibility first; among voices within 5 points of the best WER, the one nearest 130-160 wpm.
  const best = Math.min(...all.map((r) => r.wer));
  const pacing = (r) => (r.wpm < 130 ? 130 - r.wpm : r.wpm > 160 ? r.wpm - 160 : 0);
  const near = all.filter((r) => r.wer <= best + 0.05).sort((a, b) => pacing(a) - pacing(b) || a.wer - b.wer);
  console.log(`lowest WER: ${all.filter((r) => r.wer === best).map((r) => `${r.id} (${r.pace})`).join(', ')} ${pct(best)}; within 5 points of it and nearest 130-160 wpm: ${near[0].id} (${near[0].pace}, ${pct(near[0].wer)}, ${Math.round(near[0].wpm)} wpm)`);
}

if (opts.json) writeFileSync(opts.json, JSON.stringify({ date: new Date().toISOString(), smoke, recogniser: transcriber.engineFor('en-US'), versions, scripts, results, paced }, null, 2));
await shutdown(0);
