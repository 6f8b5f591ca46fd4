// Narration: the text per slide, and real synthesis through espeak-ng with the clips measured by ffprobe.
import { existsSync } from 'node:fs';
import { RenderError, type SpeechClip, type SpeechProvider, type VoiceSettings } from '../../src/domain/types.js';
import { EspeakProvider } from '../../src/adapters/speech/espeak.js';
import { MIN_SLIDE_MS, narrate, narrationTexts, SLIDE_PAUSE_MS, slideDurationMs, speakableText } from '../../src/video/narration.js';
import { TITLE_CARD, videoSlideIndexes } from '../../src/video/slide-image.js';
import { makeInput, probeDurationMs, slide, tempDir } from './helpers.js';

const VOICE: VoiceSettings = { provider: 'espeak', voice: 'en-us' };

describe('narration text', () => {
  test('the title card says the title; a slide says its notes, whitespace normalised, paragraphs on their own lines', () => {
    const input = makeInput([slide('One', ['Ignored point'], '  Welcome   to\nthe   course.  \n\n\tSecond paragraph here \n')]);
    expect(narrationTexts(input)).toEqual(['Workplace Safety.', 'Welcome to the course.\nSecond paragraph here.']);
  });

  test('without notes a slide says its scene of the script, matched by title, else by position', () => {
    const script = [
      '[SCENE: Intro]',
      'NARRATOR: Hello and welcome.',
      '',
      'A stage direction that is not spoken.',
      '',
      '[SCENE: ladders]',
      'SPEAKER: Check the ladder',
      'before you climb.',
    ].join('\n');
    const input = makeInput([slide('Ladders', ['Point']), slide('Intro', ['Point'])], { script });
    expect(narrationTexts(input).slice(1)).toEqual(['Check the ladder before you climb.', 'Hello and welcome.']);
    // Titles that match no scene: scene n narrates slide n when the counts agree.
    const byPosition = makeInput([slide('A'), slide('B')], { script });
    expect(narrationTexts(byPosition).slice(1)).toEqual(['Hello and welcome.', 'Check the ladder before you climb.']);
  });

  test('without notes or a scene a slide says its points then paragraphs, each ending a sentence; an empty slide says nothing', () => {
    const input = makeInput([slide('P', ['Wear gloves', 'Check ladders!', '安全第一'], '', ['Stay  alert']), slide('')]);
    expect(narrationTexts(input).slice(1)).toEqual(['Wear gloves.\nCheck ladders!\n安全第一。\nStay alert.', '']);
    expect(speakableText(['  ', 'Done: "quoted."'])).toBe('Done: "quoted."');
    // A 2000-character title is shown cut on the card, and said only in part.
    const long = makeInput([], { title: 'word '.repeat(400) });
    expect(narrationTexts(long)[0]!.length).toBeLessThanOrEqual(201);
  });

  test('a first slide that only repeats the title is the title card: its notes are said there, and no slide says them again', () => {
    const input = makeInput([
      slide('Workplace Safety', [], 'Welcome, everyone.\n\nPhones off, please.'),
      slide('Hazards', ['Spot hazards'], 'Look for hazards first.'),
      slide('Report', ['Report incidents'], 'Tell your supervisor at once.'),
    ]);
    expect(videoSlideIndexes(input)).toEqual([TITLE_CARD, 0, 1]);
    expect(narrationTexts(input)).toEqual(['Welcome, everyone.\nPhones off, please.', 'Look for hazards first.', 'Tell your supervisor at once.']);
    // Without notes the title card says the title, and scenes still pair with their slides of the deck.
    const script = ['[SCENE: Opening]', 'NARRATOR: Not said: the card says the title.', '[SCENE: One]', 'NARRATOR: First.', '[SCENE: Two]', 'NARRATOR: Second.'].join('\n');
    const silent = makeInput([slide('Workplace Safety'), slide('A', ['a']), slide('B', ['b'])], { script });
    expect(narrationTexts(silent)).toEqual(['Workplace Safety.', 'First.', 'Second.']);
  });

  test('slide durations: the narration plus a pause, never below the minimum', () => {
    expect(slideDurationMs(null)).toBe(MIN_SLIDE_MS);
    expect(slideDurationMs(500)).toBe(MIN_SLIDE_MS);
    expect(slideDurationMs(4000.4)).toBe(4000 + SLIDE_PAUSE_MS);
  });
});

describe('narrate', () => {
  test('speaks each slide with espeak-ng; clips and timeline match what ffprobe measures', async () => {
    const dir = await tempDir('narrate-');
    try {
      const input = makeInput([slide('Hazards', [], 'Look for hazards first.'), slide('Silent'), slide('Report', ['Report incidents at once'])]);
      const seen: number[] = [];
      const narration = await narrate(input, new EspeakProvider(), VOICE, dir.path, (p) => void seen.push(p));
      expect(narration.slides.map((s) => s.index)).toEqual([TITLE_CARD, 0, 1, 2]);
      expect(narration.slides[2]!.clip).toBeNull();
      expect(narration.slides[2]!.durationMs).toBe(MIN_SLIDE_MS);
      let start = 0;
      for (const s of narration.slides) {
        expect(s.startMs).toBe(start);
        start += s.durationMs;
        if (!s.clip) continue;
        expect(existsSync(s.clip.wavPath)).toBe(true);
        const measured = await probeDurationMs(s.clip.wavPath);
        expect(Math.abs(measured - s.clip.durationMs)).toBeLessThan(5);
        expect(s.durationMs).toBe(slideDurationMs(s.clip.durationMs));
      }
      expect(narration.totalMs).toBe(start);
      // Real speech: a sentence of five words takes espeak-ng about two seconds at its normal rate.
      expect(narration.slides[1]!.clip!.durationMs).toBeGreaterThan(800);
      expect(seen[seen.length - 1]).toBe(100);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    } finally {
      await dir.remove();
    }
  });

  test('a failing or broken provider fails the narration with a RenderError', async () => {
    const dir = await tempDir('narrate-');
    const provider = (synthesize: SpeechProvider['synthesize']): SpeechProvider => ({ name: 'test', voices: async () => [], synthesize });
    try {
      const input = makeInput([slide('A', ['x'])]);
      const failing = provider(async () => {
        throw new RenderError('voice not available');
      });
      await expect(narrate(input, failing, VOICE, dir.path)).rejects.toThrow('voice not available');
      const empty = provider(async (_t, _s, out): Promise<SpeechClip> => ({ wavPath: out, durationMs: 0 }));
      await expect(narrate(input, empty, VOICE, dir.path)).rejects.toThrow(RenderError);
      await expect(narrate(input, empty, VOICE, dir.path)).rejects.toThrow("The speech provider 'test' returned an empty clip for slide 0.");
      // A provider of several engines: the message names the one that spoke.
      const emptyFlite = provider(async (_t, _s, out): Promise<SpeechClip> => ({ wavPath: out, durationMs: 0, engine: 'flite' }));
      await expect(narrate(input, emptyFlite, VOICE, dir.path)).rejects.toThrow("The speech provider 'flite' returned an empty clip");
    } finally {
      await dir.remove();
    }
  });
});
