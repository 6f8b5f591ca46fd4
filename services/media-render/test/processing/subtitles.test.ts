// Subtitles from a transcript: the cue rules on made-up transcripts, then the files read by their
// real consumers (ffprobe's and ffmpeg's SRT, WebVTT and ASS demuxers, a strict WebVTT reader, and
// libass through ffmpeg's subtitles and ass filters drawing into a tiny clip).
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '@trainwright/platform';
import type { Transcript, TranscriptWord } from '../../src/adapters/transcription/types.js';
import {
  buildTranscriptCues,
  burnInFilter,
  createSubtitles,
  escapeFilterArguments,
  escapeFilterValue,
  formatAssTimestamp,
  serializeCues,
  toAss,
  toSrt,
  toWebVtt,
  type CueRules,
  type SpeakerCue,
  type SubtitleFormat,
} from '../../src/processing/subtitles/index.js';
import * as narrated from '../../src/video/subtitles.js';
import { columns } from '../../src/video/subtitles.js';
import { parseVtt, tempDir } from '../video/helpers.js';

const run = promisify(execFile);

/** Words of `text` spoken one every `perWord` seconds from `from`, each lasting 80% of that. */
function spoken(text: string, { from = 0, perWord = 0.3, speaker }: { from?: number; perWord?: number; speaker?: number } = {}): TranscriptWord[] {
  return text.split(' ').map((word, i) => {
    const start = from + i * perWord;
    return speaker === undefined ? { word, start, end: start + perWord * 0.8 } : { word, start, end: start + perWord * 0.8, speaker };
  });
}

function transcript(words: TranscriptWord[], extra: Partial<Transcript> = {}): Transcript {
  return { engine: 'test', language_code: 'en-US', text: words.map((w) => w.word).join(' '), words, segments: [], duration_seconds: 600, ...extra };
}

const lines = (cue: SpeakerCue) => cue.text.split('\n');
const flat = (cues: readonly SpeakerCue[]) => cues.map((c) => c.text.replace(/\n/g, ' ')).join(' ');

/** The rules every cue list keeps: line limits, times in order, gaps, no overlaps. */
function expectWellFormed(cues: readonly SpeakerCue[], rules: Partial<CueRules> = {}): void {
  const { maxCharsPerLine = 50, maxDurationMs = 5000, gapMs = 80 } = rules;
  cues.forEach((cue, i) => {
    expect(lines(cue).length).toBeLessThanOrEqual(2);
    for (const line of lines(cue)) {
      expect(line).toBe(line.trim());
      expect(line).not.toBe('');
      expect(columns(line)).toBeLessThanOrEqual(maxCharsPerLine);
    }
    expect(cue.endMs).toBeGreaterThan(cue.startMs);
    expect(cue.endMs - cue.startMs).toBeLessThanOrEqual(maxDurationMs);
    const next = cues[i + 1];
    if (next) expect(next.startMs - cue.endMs).toBeGreaterThanOrEqual(gapMs);
  });
}

const LECTURE =
  'Welcome to the workplace safety course. Today we will look at the most common hazards in the workplace, and at what you can do to prevent accidents before they happen. ' +
  'Slips, trips and falls cause more injuries than anything else, so we start with them. Keep walkways clear, clean up spills at once, and report loose cables or damaged flooring to your supervisor. ' +
  'Next, ladders: always check a ladder before you climb it, keep three points of contact, and never stand on the top two rungs. Finally, we will talk about lifting heavy loads safely.';

describe('buildTranscriptCues', () => {
  it('should keep every word, in order, in cues of at most two lines of the line width', () => {
    const words = spoken(LECTURE);
    for (const maxCharsPerLine of [50, 32]) {
      const cues = buildTranscriptCues(transcript(words), { maxCharsPerLine });
      expectWellFormed(cues, { maxCharsPerLine });
      expect(flat(cues)).toBe(LECTURE);
      // Two lines are used when one does not hold the text.
      expect(cues.some((c) => lines(c).length === 2)).toBe(true);
      for (const cue of cues.filter((c) => lines(c).length === 2)) expect(columns(cue.text.replace('\n', ' '))).toBeGreaterThan(maxCharsPerLine);
    }
  });

  it('should count CJK characters as two columns and join them without spaces', () => {
    const text = '安全第一です。作業を始める前に必ず周りの危険を確認し、保護具を着用し、問題があればすぐに上司に報告してください。';
    const words = [...text].map((ch, i) => ({ word: ch, start: i * 0.15, end: i * 0.15 + 0.12 }));
    const cues = buildTranscriptCues(transcript(words, { language_code: 'en-US' }), { maxCharsPerLine: 20 });
    expectWellFormed(cues, { maxCharsPerLine: 20 });
    expect(cues.map((c) => c.text.replace(/\n/g, '')).join('')).toBe(text);
    expect(cues.some((c) => lines(c).some((l) => [...l].length === 10))).toBe(true);
    expect(cues.every((c) => !c.text.includes(' '))).toBe(true);
  });

  it('should break two lines after a sentence rather than fill the first line', () => {
    const cues = buildTranscriptCues(transcript(spoken('Check the ladder first. Then climb carefully and slowly to the top.')));
    expect(cues.map((c) => c.text)).toEqual(['Check the ladder first.\nThen climb carefully and slowly to the top.']);
  });

  it('should break after clause punctuation, then before a conjunction, never after an article', () => {
    const comma = buildTranscriptCues(transcript(spoken('We checked every ladder in the store, and then we climbed up to the roof.')));
    expect(comma.map((c) => c.text)).toEqual(['We checked every ladder in the store,\nand then we climbed up to the roof.']);

    // Greedy wrapping at 50 would end the first line with 'the'.
    const text = 'Please make sure that you always wear the protective gloves at work';
    const cues = buildTranscriptCues(transcript(spoken(text)));
    expect(cues).toHaveLength(1);
    const [top, bottom] = lines(cues[0]!);
    expect(top).not.toMatch(/\b(the|a|an|at|that)$/);
    // Before the 'that' clause: a phrase boundary, and the lower line the longer.
    expect([top, bottom]).toEqual(['Please make sure', 'that you always wear the protective gloves at work']);
  });

  it('should not leave one word on a line when another break fits', () => {
    const cues = buildTranscriptCues(transcript(spoken('Okay, we check every ladder before we use it.')), { maxCharsPerLine: 40 });
    expect(cues.map((c) => c.text)).toEqual(['Okay, we check every ladder\nbefore we use it.']);
    // A pyramid: the lower line is as long as the upper one or longer, when the phrases allow it.
    const even = buildTranscriptCues(transcript(spoken('Today we will look at the most common hazards in the workplace today')), { maxCharsPerLine: 40 });
    const [top, bottom] = lines(even[0]!);
    expect(bottom!.split(' ').length).toBeGreaterThan(1);
    expect(Math.abs(top!.length - bottom!.length)).toBeLessThan(20);
  });

  it('should start a new cue at a sentence end when a cue cannot hold both sentences', () => {
    const cues = buildTranscriptCues(transcript(spoken(LECTURE)));
    // No cue ends inside a sentence that it also started inside another one.
    for (const cue of cues.slice(0, -1)) {
      const text = cue.text.replace(/\n/g, ' ');
      const inner = text.slice(0, -1).search(/[.!?] /);
      if (inner >= 0) expect(text).toMatch(/[.!?,:]$/);
    }
    expect(cues[0]!.text).toBe('Welcome to the workplace safety course.');
  });

  it('should keep every cue to the maximum duration, a word longer than it cut off', () => {
    const slow = spoken('one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen', { perWord: 0.9 });
    const cues = buildTranscriptCues(transcript(slow));
    expectWellFormed(cues);
    expect(cues.length).toBeGreaterThanOrEqual(3);
    expect(flat(cues)).toBe(slow.map((w) => w.word).join(' '));

    const tight = buildTranscriptCues(transcript(spoken(LECTURE)), { maxDurationMs: 2000 });
    expectWellFormed(tight, { maxDurationMs: 2000 });

    const long = buildTranscriptCues(transcript([{ word: 'Ommmmm', start: 1, end: 9 }]));
    expect(long).toEqual([{ startMs: 1000, endMs: 6000, text: 'Ommmmm' }]);
  });

  it('should start each cue at its first word and show it at least a second, into the silence but not into the next cue', () => {
    const words = transcript([
      { word: 'Yes.', start: 1.0, end: 1.2 },
      { word: 'No.', start: 3.0, end: 3.2, speaker: undefined },
      { word: 'Maybe', start: 5.0, end: 5.3 },
      { word: 'later.', start: 5.4, end: 5.6 },
    ]);
    const cues = buildTranscriptCues(words, { maxCharsPerLine: 10 });
    expect(cues.map((c) => [c.startMs, c.endMs, c.text])).toEqual([
      [1000, 2000, 'Yes.'],
      [3000, 4000, 'No.'],
      [5000, 6000, 'Maybe\nlater.'],
    ]);

    // Speaker 2 answers 400 ms after speaker 1's short word: the first cue holds until 2 frames before.
    const quick = buildTranscriptCues(
      transcript([
        { word: 'Ready?', start: 1.0, end: 1.2, speaker: 1 },
        { word: 'Go!', start: 1.6, end: 1.8, speaker: 2 },
      ]),
    );
    expect(quick.map((c) => [c.startMs, c.endMs])).toEqual([
      [1000, 1520],
      [1600, 2600],
    ]);

    // Words that run into each other (an engine's overlap) still give cues that do not overlap.
    const overlapping = buildTranscriptCues(
      transcript([
        { word: 'A', start: 1.0, end: 1.0, speaker: 1 },
        { word: 'B', start: 1.0, end: 1.5, speaker: 2 },
        { word: 'C', start: 1.02, end: 1.1, speaker: 1 },
      ]),
    );
    expectWellFormed(overlapping);

    const cues2 = buildTranscriptCues(transcript(spoken(LECTURE)));
    const starts = new Set(spoken(LECTURE).map((w) => Math.round(w.start * 1000)));
    for (const cue of cues2) expect(starts.has(cue.startMs)).toBe(true);
    // Cues less than half a second apart are chained: 2 frames between them, no blank flash.
    cues2.slice(1).forEach((cue, i) => expect(cue.startMs - cues2[i]!.endMs).toBe(80));
  });

  it('should end a cue at a silence of more than a second and a half', () => {
    const words = [...spoken('Hello there.', { from: 0 }), ...spoken('General safety.', { from: 0.6 + 1.6 })];
    expect(buildTranscriptCues(transcript(words)).map((c) => c.text)).toEqual(['Hello there.', 'General safety.']);
    const close = [...spoken('Hello there,', { from: 0 }), ...spoken('general safety.', { from: 0.6 + 1.0 })];
    expect(buildTranscriptCues(transcript(close)).map((c) => c.text)).toEqual(['Hello there, general safety.']);
  });

  it('should start a new cue at each change of speaker, marked by a dash, a label or nothing', () => {
    const words = [
      ...spoken('Is the ladder safe?', { speaker: 1 }),
      ...spoken('Yes, I checked it.', { from: 1.3, speaker: 2 }),
      ...spoken('Good.', { from: 2.6, speaker: 1 }),
    ];
    const dash = buildTranscriptCues(transcript(words));
    expect(dash.map((c) => [c.text, c.speaker])).toEqual([
      ['Is the ladder safe?', 1],
      ['- Yes, I checked it.', 2],
      ['- Good.', 1],
    ]);
    expectWellFormed(dash);
    expect(buildTranscriptCues(transcript(words), { speakerPrefix: 'label' }).map((c) => c.text)).toEqual(['Speaker 1: Is the ladder safe?', 'Speaker 2: Yes, I checked it.', 'Speaker 1: Good.']);
    expect(buildTranscriptCues(transcript(words), { speakerPrefix: 'none' }).map((c) => c.text)).toEqual(['Is the ladder safe?', 'Yes, I checked it.', 'Good.']);
    // One speaker throughout is not a dialogue: nothing marked.
    const alone = spoken('Is the ladder safe? Yes, I checked it.', { speaker: 1 });
    expect(buildTranscriptCues(transcript(alone)).map((c) => c.text)).toEqual(['Is the ladder safe? Yes, I checked it.']);
    // The label counts towards the line width.
    const labelled = buildTranscriptCues(transcript(words), { speakerPrefix: 'label', maxCharsPerLine: 16 });
    expectWellFormed(labelled, { maxCharsPerLine: 16 });
  });

  it('should time the words of segments without word times by their share of the characters', () => {
    const first = 'Slips, trips and falls cause more injuries than anything else, so we start with them.';
    const second = 'Keep walkways clear, clean up spills at once, and report loose cables or damaged flooring to your supervisor.';
    const t = transcript([], {
      segments: [
        { start: 2, end: 8, text: first, speaker: 1 },
        { start: 9, end: 16, text: `  ${second} `, speaker: 1 },
      ],
    });
    const cues = buildTranscriptCues(t);
    expectWellFormed(cues);
    expect(flat(cues)).toBe(`${first} ${second}`);
    expect(cues[0]!.startMs).toBe(2000);
    // Each cue starts where its first word starts in its segment's text, by character share.
    let inFirst = 0;
    let inSecond = 0;
    for (const cue of cues) {
      const word = cue.text.split(/[\s]/)[0]!;
      const at = first.indexOf(word, inFirst);
      const expected = at >= 0 && cue.startMs < 9000 ? 2000 + Math.round((6000 * at) / first.length) : 9000 + Math.round((7000 * second.indexOf(word, inSecond)) / second.length);
      expect(cue.startMs).toBe(expected);
      if (cue.startMs < 9000) inFirst = at + 1;
      else inSecond = second.indexOf(word, inSecond) + 1;
    }
    expect(cues.some((c) => c.startMs >= 9000)).toBe(true);

    // CJK text without spaces is cut into words (Intl.Segmenter) that lines may break between.
    const cjk = '安全第一です。作業を始める前に必ず周りの危険を確認し、保護具を着用してください。';
    const jp = buildTranscriptCues(transcript([], { segments: [{ start: 0, end: 8, text: cjk }] }), { maxCharsPerLine: 20 });
    expectWellFormed(jp, { maxCharsPerLine: 20 });
    expect(jp.map((c) => c.text.replace(/\n/g, '')).join('')).toBe(cjk);

    // Neither words nor segments: the text over the whole audio.
    const bare = buildTranscriptCues(transcript([], { text: 'Just the text.', duration_seconds: 2 }));
    expect(bare).toEqual([{ startMs: 0, endMs: 2000, text: 'Just the text.' }]);
  });

  it('should cut a word wider than a line, sort words by time and fold punctuation given as words into the word before', () => {
    const url = 'https://example.com/a/very/long/address/that/does/not/fit/on/one/line';
    const cues = buildTranscriptCues(transcript([{ word: 'see', start: 0, end: 0.3 }, { word: url, start: 0.4, end: 2 }]), { maxCharsPerLine: 30 });
    expectWellFormed(cues, { maxCharsPerLine: 30 });
    expect(cues.map((c) => c.text.replace(/\n/g, '')).join('').replace(/^see ?/, '')).toBe(url);

    const shuffled = transcript([
      { word: 'world', start: 0.5, end: 0.9 },
      { word: '.', start: 0.9, end: 0.9 },
      { word: 'Hello', start: 0, end: 0.4 },
      { word: ',', start: 0.4, end: 0.4 },
      { word: '  ', start: 1, end: 1.1 },
    ]);
    expect(buildTranscriptCues(shuffled).map((c) => c.text)).toEqual(['Hello, world.']);
  });

  it('should give no cues for an empty transcript and refuse non-numeric times', () => {
    expect(buildTranscriptCues(transcript([], { text: '', duration_seconds: 0 }))).toEqual([]);
    expect(buildTranscriptCues(transcript([{ word: ' ', start: 0, end: 1 }]))).toEqual([]);
    expect(() => buildTranscriptCues(transcript([{ word: 'x', start: Number.NaN, end: 1 }]))).toThrow(AppError);
  });
});

describe('serialisation', () => {
  const cues: SpeakerCue[] = [
    { startMs: 500, endMs: 1820, text: 'One {brace} <b>tag</b> & C:\\new', speaker: 1 },
    { startMs: 3_723_004, endMs: 3_724_000, text: 'Two\nlines.' },
  ];

  it('should write SRT with 1-based numbers and comma milliseconds', () => {
    expect(toSrt(cues)).toBe('1\n00:00:00,500 --> 00:00:01,820\nOne {brace} <b>tag</b> & C:\\new\n\n2\n01:02:03,004 --> 01:02:04,000\nTwo\nlines.\n');
  });

  it('should write WebVTT with its header, dot milliseconds and markup escaped', () => {
    expect(toWebVtt(cues)).toBe('WEBVTT\n\n1\n00:00:00.500 --> 00:00:01.820\nOne {brace} &lt;b&gt;tag&lt;/b&gt; &amp; C:\\new\n\n2\n01:02:03.004 --> 01:02:04.000\nTwo\nlines.\n');
  });

  it('should write ASS with the play resolution, a default style and Dialogue lines with \\N, escaped braces and speakers', () => {
    const ass = toAss(cues, { playResX: 1280, playResY: 720 });
    expect(ass).toMatch(/^\[Script Info\]\nScriptType: v4\.00\+\nPlayResX: 1280\nPlayResY: 720\n/);
    expect(ass).toContain('\n[V4+ Styles]\nFormat: Name, Fontname, Fontsize,');
    expect(ass).toContain('\nStyle: Default,DejaVu Sans,40,&H00FFFFFF,');
    expect(ass).toContain('\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n');
    expect(ass).toContain('\nDialogue: 0,0:00:00.50,0:00:01.82,Default,Speaker 1,0,0,0,,One \\{brace\\} <b>tag</b> & C:\\\u2060new\n');
    expect(ass).toContain('\nDialogue: 0,1:02:03.00,1:02:04.00,Default,,0,0,0,,Two\\Nlines.\n');
    expect(formatAssTimestamp(59_996)).toBe('0:01:00.00');
  });

  it('should be the one serialisation the narrated video uses', () => {
    expect(narrated.toWebVtt).toBe(toWebVtt);
    expect(narrated.toSrt).toBe(toSrt);
  });
});

describe('createSubtitles', () => {
  const request = { transcript_data: transcript(spoken(LECTURE)) };

  it('should make SRT with lines of 50 and cues of 5 s by default, and the format asked for', () => {
    const srt = createSubtitles(request);
    expect(srt).toMatchObject({ format: 'srt', extension: 'srt', contentType: 'application/x-subrip; charset=utf-8' });
    expect(srt.content).toBe(toSrt(srt.cues));
    expectWellFormed(srt.cues);
    expect(srt.cues).toEqual(buildTranscriptCues(request.transcript_data));
    const vtt = createSubtitles({ ...request, subtitle_format: 'vtt', max_chars_per_line: 30, max_duration_per_subtitle: 2.5 });
    expect(vtt.content.startsWith('WEBVTT\n\n')).toBe(true);
    expectWellFormed(vtt.cues, { maxCharsPerLine: 30, maxDurationMs: 2500 });
    expect(createSubtitles({ ...request, subtitle_format: 'ass' }, { playResX: 640, playResY: 360 }).content).toContain('PlayResY: 360');
  });

  it('should refuse bad settings and a transcript with nothing said', () => {
    const fieldOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        return [(e as AppError).code, ((e as AppError).detail as { field: string }).field];
      }
      return null;
    };
    expect(fieldOf(() => createSubtitles({ ...request, max_chars_per_line: 5 }))).toEqual(['VALIDATION_FAILED', 'max_chars_per_line']);
    expect(fieldOf(() => createSubtitles({ ...request, max_duration_per_subtitle: 0 }))).toEqual(['VALIDATION_FAILED', 'max_duration_per_subtitle']);
    expect(fieldOf(() => createSubtitles({ ...request, subtitle_format: 'sub' as SubtitleFormat }))).toEqual(['VALIDATION_FAILED', 'subtitle_format']);
    expect(fieldOf(() => createSubtitles({ transcript_data: null as unknown as Transcript }))).toEqual(['VALIDATION_FAILED', 'transcript_data']);
    expect(fieldOf(() => createSubtitles({ transcript_data: transcript([], { text: '' }) }))).toEqual(['VALIDATION_FAILED', 'transcript_data']);
  });
});

describe('burnInFilter', () => {
  it('should escape as ffmpeg documents its two levels', () => {
    // The example of ffmpeg-filters, "Notes on filtergraph escaping".
    const text = "this is a 'string': may contain one, or more, special characters";
    expect(escapeFilterValue(text)).toBe("this is a \\'string\\'\\: may contain one, or more, special characters");
    expect(escapeFilterArguments(`text=${escapeFilterValue(text)}`)).toBe("text=this is a \\\\\\'string\\\\\\'\\\\: may contain one\\, or more\\, special characters");
  });

  it('should use subtitles= with force_style for SRT and WebVTT and ass= for ASS', () => {
    expect(burnInFilter({ path: "/tmp/it's [a], b;c:d.srt" })).toBe(
      "subtitles=filename=/tmp/it\\\\\\'s \\[a\\]\\, b\\;c\\\\:d.srt:force_style=FontName=DejaVu Sans\\,FontSize=16\\,BorderStyle=3\\,Outline=2\\,Shadow=0\\,OutlineColour=&H80000000\\,MarginV=24",
    );
    expect(burnInFilter({ path: '/x/a.ass' })).toBe('ass=filename=/x/a.ass');
    expect(burnInFilter({ path: '/x/a', format: 'vtt', forceStyle: { FontSize: 20 } })).toContain('FontSize=20');
    expect(burnInFilter({ path: 'c:subs.srt' })).toMatch(/^subtitles=filename=\.\/c\\\\:subs\.srt:/);
    expect(burnInFilter({ path: '/x/a.ass', fontsDir: '/fonts' })).toBe('ass=filename=/x/a.ass:fontsdir=/fonts');
    // A space at the end survives both levels' trimming.
    expect(burnInFilter({ path: '/x/a.ass ', format: 'ass' })).toBe('ass=filename=/x/a.ass\\\\\\ ');
    expect(() => burnInFilter({ path: '/x/a.txt' })).toThrow(/format/);
    expect(() => burnInFilter({ path: '/x/a.srt', forceStyle: { FontName: 'A,B' } })).toThrow(/','/);
  });
});

describe('real consumers', () => {
  const DIALOGUE = transcript(
    [
      ...spoken('Welcome to the course on {safe} ladders & <tools>.', { from: 0.2, perWord: 0.25, speaker: 1 }),
      ...spoken('Is the ladder safe? I checked it twice, and it looks fine to me, but please check it again yourself.', { from: 2.8, perWord: 0.25, speaker: 2 }),
      ...spoken('Thank you.', { from: 8.2, speaker: 1 }),
    ],
    { duration_seconds: 10 },
  );
  const cues = buildTranscriptCues(DIALOGUE);
  let dir: { path: string; remove: () => Promise<void> };

  beforeAll(async () => {
    dir = await tempDir('subtitles-');
  });
  afterAll(async () => {
    await dir.remove();
  });

  interface Packet {
    pts_time: string;
    duration_time: string;
  }

  it.each(['srt', 'vtt', 'ass'] as const)('ffprobe and ffmpeg should read the %s file with every cue at its time', async (format) => {
    const path = join(dir.path, `subs.${format}`);
    await writeFile(path, serializeCues(cues, format));
    const probe = await run('ffprobe', ['-v', 'error', '-show_packets', '-of', 'json', path]);
    expect(probe.stderr).toBe('');
    const packets = (JSON.parse(probe.stdout) as { packets: Packet[] }).packets;
    expect(packets).toHaveLength(cues.length);
    // ASS counts centiseconds.
    const unit = format === 'ass' ? 10 : 1;
    packets.forEach((p, i) => {
      expect(Math.round(Number(p.pts_time) * 1000)).toBe(Math.round(cues[i]!.startMs / unit) * unit);
      expect(Math.round((Number(p.pts_time) + Number(p.duration_time)) * 1000)).toBe(Math.round(cues[i]!.endMs / unit) * unit);
    });
    // ffmpeg decodes and re-encodes it without a complaint, the text intact.
    const decoded = await run('ffmpeg', ['-v', 'error', '-i', path, '-f', 'webvtt', '-']);
    expect(decoded.stderr).toBe('');
    expect(decoded.stdout.match(/ --> /g)).toHaveLength(cues.length);
    expect(decoded.stdout).toContain('- Is the ladder safe?');
    if (format === 'vtt') {
      expect(parseVtt(serializeCues(cues, 'vtt')).map((c) => c.startMs)).toEqual(cues.map((c) => c.startMs));
      // ffmpeg decodes the escapes back to the spoken text.
      expect(decoded.stdout).toContain('ladders & <tools>.');
    }
  });

  /** The brightest luma of the picture's bottom and top thirds in each frame, as ffmpeg's signalstats measures them. */
  async function brightness(video: string): Promise<Array<{ bottom: number; top: number }>> {
    const stats = async (crop: string) => {
      const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', video, '-vf', `crop=${crop},signalstats,metadata=print:key=lavfi.signalstats.YMAX:file=-`, '-f', 'null', '-']);
      return [...stdout.matchAll(/YMAX=(\d+)/g)].map((m) => Number(m[1]));
    };
    const [bottom, top] = await Promise.all([stats('320:60:0:120'), stats('320:60:0:0')]);
    return bottom.map((b, i) => ({ bottom: b, top: top[i]! }));
  }

  it.each(['srt', 'ass', 'vtt'] as const)('ffmpeg should burn the %s file from a path with a space, quote, brackets, comma, colon and backslash', async (format) => {
    const folder = join(dir.path, "it's a [test], 1:2 \\ x;y");
    await mkdir(folder, { recursive: true });
    const path = join(folder, `burn ${format}.${format}`);
    // One cue from 0.5 s to 1.5 s of the 2 s clip.
    const one = buildTranscriptCues(transcript(spoken('Safety first, always', { from: 0.5, perWord: 0.25 }), { duration_seconds: 2 }));
    expect(one).toEqual([{ startMs: 500, endMs: 1500, text: 'Safety first, always' }]);
    await writeFile(path, serializeCues(one, format, { playResX: 320, playResY: 180 }));
    const video = join(dir.path, `burned-${format}.mp4`);
    const source = ['-f', 'lavfi', '-i', 'color=c=0x203060:s=320x180:r=10:d=2'];
    await run('ffmpeg', ['-v', 'error', '-y', ...source, '-vf', burnInFilter({ path }), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', video]);
    const frames = await brightness(video);
    expect(frames).toHaveLength(20);
    const plain = frames[0]!.bottom;
    frames.forEach(({ bottom, top }, i) => {
      // Frame i shows from i/10 s; the text is there from 0.5 s to 1.5 s, in the bottom third only.
      if (i >= 6 && i <= 13) expect(bottom).toBeGreaterThan(plain + 100);
      if (i <= 3 || i >= 17) expect(Math.abs(bottom - plain)).toBeLessThanOrEqual(3);
      expect(Math.abs(top - plain)).toBeLessThanOrEqual(3);
    });
  });
});
