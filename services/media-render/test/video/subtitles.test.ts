// Subtitles: a strict WebVTT reader and ffmpeg's own WebVTT demuxer read what we write.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { NarratedSlide } from '../../src/video/narration.js';
import { buildCues, columns, formatTimestamp, toSrt, toWebVtt } from '../../src/video/subtitles.js';
import { parseVtt, tempDir } from './helpers.js';

const run = promisify(execFile);

function narrated(entries: Array<{ text: string; clipMs: number | null; durationMs: number }>): NarratedSlide[] {
  let startMs = 0;
  return entries.map((e, i) => {
    const s: NarratedSlide = { index: i - 1, text: e.text, clip: e.clipMs === null ? null : { wavPath: `/x/${i}.wav`, durationMs: e.clipMs }, startMs, durationMs: e.durationMs };
    startMs += e.durationMs;
    return s;
  });
}

const LONG = 'This sentence is deliberately long so that it cannot fit on a single subtitle line and must be split into several cues by the builder, which keeps every cue to two short lines.';

describe('subtitles', () => {
  test('timestamps are hh:mm:ss.mmm (WebVTT) and hh:mm:ss,mmm (SRT)', () => {
    expect(formatTimestamp(0)).toBe('00:00:00.000');
    expect(formatTimestamp(3_723_004)).toBe('01:02:03.004');
    expect(formatTimestamp(59_999.6, ',')).toBe('00:01:00,000');
  });

  test('one cue per sentence, timed inside its slide clip by character share', () => {
    const slides = narrated([
      { text: 'Title.', clipMs: 1000, durationMs: 2500 },
      { text: 'Short one.\nThis second sentence is three times longer.', clipMs: 4000, durationMs: 4600 },
      { text: '', clipMs: null, durationMs: 2500 },
    ]);
    const cues = buildCues(slides);
    expect(cues.map((c) => c.text)).toEqual(['Title.', 'Short one.', 'This second sentence is three times\nlonger.']);
    expect(cues[0]).toMatchObject({ startMs: 0, endMs: 1000 });
    // 10 and 43 characters: the first sentence gets 10/53 of the 4000 ms clip that starts at 2500.
    expect(cues[1]).toMatchObject({ startMs: 2500, endMs: 2500 + Math.round((4000 * 10) / 53) });
    expect(cues[2]!.endMs).toBe(6500);
  });

  test('long sentences are split into cues of at most two lines of 42 columns; CJK counts double', () => {
    const cjk = '安全第一です。作業を始める前に必ず周りの危険を確認し、保護具を着用し、問題があればすぐに上司に報告してください。';
    const cues = buildCues(narrated([{ text: `${LONG}\n${cjk}`, clipMs: 20_000, durationMs: 20_600 }]));
    expect(cues.length).toBeGreaterThan(3);
    for (const cue of cues) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(columns(line)).toBeLessThanOrEqual(42);
    }
    expect(cues.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toContain(LONG.slice(0, 60));
    expect(columns('安全a')).toBe(5);
  });

  test('the WebVTT file parses strictly, with increasing non-overlapping cues and markup escaped; ffmpeg reads it too', async () => {
    const slides = narrated([
      { text: 'Welcome to <script>alert(1)</script> & more --> here.', clipMs: 3000, durationMs: 3600 },
      { text: `${LONG} Another sentence! And a question?`, clipMs: 12_000, durationMs: 12_600 },
    ]);
    const cues = buildCues(slides);
    const vtt = toWebVtt(cues);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const parsed = parseVtt(vtt);
    expect(parsed).toHaveLength(cues.length);
    expect(parsed[0]!.text).toBe('Welcome to &lt;script&gt;alert(1)&lt;/script&gt; &amp;\nmore --&gt; here.');
    for (let i = 0; i < parsed.length; i++) {
      expect(parsed[i]!.endMs).toBeGreaterThan(parsed[i]!.startMs);
      if (i > 0) expect(parsed[i]!.startMs).toBeGreaterThanOrEqual(parsed[i - 1]!.endMs);
    }
    expect(parsed[parsed.length - 1]!.endMs).toBeLessThanOrEqual(3600 + 12_000);

    const dir = await tempDir('vtt-');
    try {
      const path = join(dir.path, 'subs.vtt');
      await writeFile(path, vtt);
      const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'srt', '-']);
      expect(stdout.match(/^\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}$/gm)).toHaveLength(cues.length);
      // ffmpeg decodes the escapes back to the narration's text.
      expect(stdout).toContain('<script>alert(1)</script> &');
      expect(stdout).toContain('more --> here.');
    } finally {
      await dir.remove();
    }
  });

  test('SRT has numbered cues with comma timestamps', () => {
    const srt = toSrt([
      { startMs: 0, endMs: 1500, text: 'One.' },
      { startMs: 1500, endMs: 3000, text: 'Two\nlines.' },
    ]);
    expect(srt).toBe('1\n00:00:00,000 --> 00:00:01,500\nOne.\n\n2\n00:00:01,500 --> 00:00:03,000\nTwo\nlines.\n');
  });
});
