// Speech clips for the transcription tests, made in the test run: espeak-ng sentences and
// word-by-word sentences (every word's true start known to the sample), clips of several voices
// joined with pauses (the true speaker changes known), and Debian's recorded human speech
// (pocketsphinx-testdata). All 16 kHz mono 16-bit PCM WAVs, as the transcribers take them.
import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseWav, pcmToWav } from '../../src/adapters/speech/wav.js';

const run = promisify(execFile);
export const RATE = 16000;
export const DEBIAN_TESTDATA = '/usr/share/pocketsphinx/test/data';

let serial = 0;

/** 16-bit mono samples of a WAV file or buffer. */
export function samplesOf(wav: string | Buffer): { rate: number; pcm: Int16Array } {
  const buf = typeof wav === 'string' ? readFileSync(wav) : wav;
  const info = parseWav(buf);
  const data = buf.subarray(info.dataOffset, info.dataOffset + info.dataBytes);
  return { rate: info.sampleRate, pcm: new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength)) };
}

/** First and last sample louder than 1% of full scale. */
export function audible(pcm: Int16Array): { first: number; last: number } {
  let first = 0;
  let last = pcm.length - 1;
  while (first < pcm.length && Math.abs(pcm[first]!) < 328) first++;
  while (last > first && Math.abs(pcm[last]!) < 328) last--;
  return { first, last };
}

export function writeWav(path: string, pcm: Int16Array, rate = RATE): string {
  writeFileSync(path, pcmToWav(Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength), { sampleRate: rate, channels: 1, bitsPerSample: 16 }));
  return path;
}

async function speak(dir: string, voice: string, text: string, extra: string[]): Promise<Buffer> {
  const file = join(dir, `espeak-${++serial}.wav`);
  await run('espeak-ng', ['-v', voice, ...extra, '-w', file, text]);
  const buf = readFileSync(file);
  rmSync(file);
  return buf;
}

async function to16k(input: string, out: string, filter = 'anull'): Promise<string> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-i', input, '-af', filter, '-ar', String(RATE), '-ac', '1', '-c:a', 'pcm_s16le', '-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact', out]);
  return out;
}

/** One espeak-ng sentence, 16 kHz, with 0.3 s of silence before and after. */
export async function sentenceClip(dir: string, voice: string, text: string, extra: string[] = ['-s', '140']): Promise<string> {
  const id = ++serial;
  const raw = join(dir, `sentence-${id}-22k.wav`);
  writeFileSync(raw, await speak(dir, voice, text, extra));
  const out = await to16k(raw, join(dir, `sentence-${id}.wav`), 'adelay=300,apad=pad_dur=0.3');
  rmSync(raw);
  return out;
}

/**
 * Stretches of speech in a WAV by ffmpeg's silencedetect (quieter than -40 dB for 0.1 s or more
 * is silence): [start, end] in seconds.
 */
export async function speechIslands(path: string): Promise<Array<[number, number]>> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-nostats', '-i', path, '-af', 'silencedetect=n=-40dB:d=0.1', '-f', 'null', '-']);
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', path]);
  const marks = [...stderr.matchAll(/silence_(start|end): ([\d.]+)/g)].map((m) => ({ kind: m[1]!, at: Number(m[2]) }));
  const islands: Array<[number, number]> = [];
  let speechFrom: number | null = 0;
  for (const mark of marks) {
    if (mark.kind === 'start' && speechFrom !== null) {
      if (mark.at > speechFrom) islands.push([speechFrom, mark.at]);
      speechFrom = null;
    } else if (mark.kind === 'end') speechFrom = mark.at;
  }
  const duration = Number(stdout.trim());
  // At the end of a file that ends in silence, ffmpeg closes the silence with a silence_end.
  if (speechFrom !== null && duration - speechFrom > 0.02) islands.push([speechFrom, duration]);
  return islands;
}

/**
 * A sentence spoken by en-us+klatt with a 200 ms break (SSML) after every word: one sentence's
 * prosody, and every word's true start and end are where its stretch of speech is.
 */
export async function wordByWordClip(dir: string, text: string): Promise<{ path: string; words: string[]; starts: number[]; ends: number[] }> {
  const words = text.split(/\s+/);
  const ssml = `<speak>${words.join(' <break time="200ms"/> ')}</speak>`;
  const path = await sentenceClip(dir, 'en-us+klatt', ssml, ['-m', '-s', '140']);
  const islands = await speechIslands(path);
  if (islands.length !== words.length) throw new Error(`${words.length} words but ${islands.length} stretches of speech in ${path}`);
  return { path, words, starts: islands.map((i) => i[0]), ends: islands.map((i) => i[1]) };
}

/** 16 kHz clips joined with `pause` seconds between; answers the true start of speech of each part. */
export function joinClips(path: string, parts: string[], pause = 0.4): { path: string; starts: number[] } {
  const pcms = parts.map((p) => samplesOf(p).pcm);
  const gap = Math.round(pause * RATE);
  const pcm = new Int16Array(pcms.reduce((n, p) => n + p.length + gap, 0));
  const starts: number[] = [];
  let at = 0;
  for (const piece of pcms) {
    starts.push((at + audible(piece).first) / RATE);
    pcm.set(piece, at);
    at += piece.length + gap;
  }
  return { path: writeWav(path, pcm), starts };
}

/** Debian's recordings of a human reader (LibriVox), by id, with their reference transcriptions. */
export function debianLibrivox(): Array<{ id: string; path: string; reference: string }> {
  return readFileSync(`${DEBIAN_TESTDATA}/librivox/transcription`, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const m = /^<s>\s*(.*?)\s*<\/s>\s*\((\S+)\)$/.exec(line.trim())!;
      return { id: m[2]!, path: `${DEBIAN_TESTDATA}/librivox/${m[2]}.wav`, reference: m[1]! };
    });
}
