// Shared by the video tests: a render input builder and the real consumers that check our files
// (ffprobe for media, ffmpeg for decoding PNGs to pixels).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Slide } from '@trainwright/formats';
import type { Layout } from '@trainwright/templates';
import type { RenderInput } from '../../src/domain/types.js';

const run = promisify(execFile);

export function slide(title: string, points: string[] = [], notes = '', paragraphs: string[] = []): Slide {
  return { title, points, paragraphs, notes };
}

export function makeInput(slides: Slide[], overrides: Partial<RenderInput> & { layout?: Layout } = {}): RenderInput {
  const { layout = 'title-content', ...rest } = overrides;
  return {
    projectId: 'p1',
    title: 'Workplace Safety',
    description: 'A short course on staying safe at work.',
    language: 'en',
    deck: { title: 'Workplace Safety', slides },
    script: '',
    summary: '',
    objectives: [],
    questions: [],
    glossary: [],
    style: {
      templateId: 't1',
      templateName: 'Test',
      colors: { primary: '#1d4ed8', secondary: '#93c5fd', accent: '#f59e0b', background: '#ffffff', text: '#111827' },
      layout,
      fonts: { heading: 'Liberation Sans', body: 'DejaVu Sans' },
      fontStyle: 'modern',
      imageStyle: 'professional',
    },
    branding: { companyName: 'Acme Ltd', website: 'acme.example', logo: null },
    generatedAt: '2025-01-15T10:00:00Z',
    ...rest,
  };
}

export async function tempDir(prefix = 'video-test-'): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export interface Probe {
  streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; sample_rate?: string; duration?: string; avg_frame_rate?: string }>;
  format: { format_name: string; duration: string; tags?: Record<string, string> };
}

/** ffprobe's view of a media file. */
export async function ffprobe(path: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path]);
  return JSON.parse(stdout) as Probe;
}

/** Duration in ms of an audio file as ffprobe measures it. */
export async function probeDurationMs(path: string): Promise<number> {
  return Number((await ffprobe(path)).format.duration) * 1000;
}

/** The RGB pixels of an image (or of the video frame at `atSeconds`), decoded by ffmpeg. */
export async function decodeRgb(path: string, atSeconds?: number): Promise<Buffer> {
  const seek = atSeconds === undefined ? [] : ['-ss', String(atSeconds)];
  const { stdout } = await run('ffmpeg', ['-v', 'error', ...seek, '-i', path, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], {
    encoding: 'buffer',
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}

export const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The share of pixels (0-1) whose colour differs noticeably between two same-size RGB images. */
export function pixelDifference(a: Buffer, b: Buffer): number {
  if (a.length !== b.length) return 1;
  // No globals (Math) in the loop: in Jest's vm sandbox every global lookup is slow.
  let differ = 0;
  for (let i = 0; i < a.length; i += 3) {
    const r = a[i]! - b[i]!;
    const g = a[i + 1]! - b[i + 1]!;
    const bl = a[i + 2]! - b[i + 2]!;
    if ((r < 0 ? -r : r) + (g < 0 ? -g : g) + (bl < 0 ? -bl : bl) > 48) differ++;
  }
  return differ / (a.length / 3);
}

/** Width and height from a PNG's IHDR, after checking the signature. */
export function pngSize(png: Buffer): { width: number; height: number } {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (!png.subarray(0, 8).equals(signature) || png.toString('latin1', 12, 16) !== 'IHDR') throw new Error('not a PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export interface ParsedCue {
  startMs: number;
  endMs: number;
  text: string;
}

const VTT_TIME = /^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3})$/;

/**
 * A strict WebVTT reader for what we write: the 'WEBVTT' header, blank-line separated cues with an
 * optional identifier, 'hh:mm:ss.mmm --> hh:mm:ss.mmm' timings and one or more text lines. Throws
 * on anything else.
 */
export function parseVtt(text: string): ParsedCue[] {
  if (!text.startsWith('WEBVTT')) throw new Error('missing WEBVTT header');
  const blocks = text.replace(/\r\n/g, '\n').split(/\n\n+/);
  const header = blocks.shift()!;
  if (!/^WEBVTT(?:[ \t][^\n]*)?$/.test(header.split('\n')[0]!)) throw new Error(`bad header line: ${header}`);
  const ms = (t: string) => {
    const m = VTT_TIME.exec(t);
    if (!m) throw new Error(`bad timestamp '${t}'`);
    return ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]);
  };
  const cues: ParsedCue[] = [];
  for (const block of blocks) {
    if (block.trim() === '') continue;
    const lines = block.split('\n').filter((l, i, all) => !(i === all.length - 1 && l === ''));
    const timingAt = lines[0]!.includes('-->') ? 0 : 1;
    const timing = lines[timingAt];
    const m = timing ? /^(\S+) --> (\S+)$/.exec(timing) : null;
    if (!m) throw new Error(`bad cue timing in block: ${block}`);
    const textLines = lines.slice(timingAt + 1);
    if (textLines.length === 0 || textLines.some((l) => l.trim() === '' || l.includes('-->'))) throw new Error(`bad cue text in block: ${block}`);
    if (/<(?!\/?[cibuv]\b|\/?ruby|\/?rt|\/?lang)/.test(textLines.join('\n'))) throw new Error(`unescaped markup in cue: ${block}`);
    cues.push({ startMs: ms(m[1]!), endMs: ms(m[2]!), text: textLines.join('\n') });
  }
  return cues;
}
