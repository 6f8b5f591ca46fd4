import { MAX_POINTS_PER_SLIDE, type Script, type ScriptBlock, deckToScript, parseScript, scriptToDeck, splitSentences } from '../src/index.js';
import { Generator } from './random-text.js';

const narration = (script: Script) =>
  script.blocks.filter((b): b is Extract<ScriptBlock, { kind: 'line' }> => b.kind === 'line').map((b) => b.text);
const sentences = (texts: string[]) => texts.flatMap((t) => splitSentences(t).map((s) => s.text));
const words = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `Sentence ${from + i}.`).join(' ');

describe('splitSentences', () => {
  it('should split at terminators followed by whitespace and at line breaks', () => {
    expect(splitSentences('Hello world. How are you?  Fine!\nNo stop here').map((s) => s.text)).toEqual([
      'Hello world.',
      'How are you?',
      'Fine!',
      'No stop here',
    ]);
  });

  it('should not split decimals, and keep closing quotes with their sentence', () => {
    expect(splitSentences('Pi is 3.14. He said "Stop." Then left...').map((s) => s.text)).toEqual([
      'Pi is 3.14.',
      'He said "Stop."',
      'Then left...',
    ]);
  });

  it('should split CJK text at full stops without spaces', () => {
    expect(splitSentences('你好。世界！日本語です').map((s) => s.text)).toEqual(['你好。', '世界！', '日本語です']);
  });

  it('should give offsets into the source', () => {
    const text = '  One.  Two. ';
    for (const s of splitSentences(text)) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(splitSentences('   ')).toEqual([]);
  });
});

describe('scriptToDeck', () => {
  it('should make one slide per scene with narration as notes and sentences as points', () => {
    const script = parseScript(
      '[SCENE: Intro]\nNARRATOR: Welcome. We start now.\n[TRANSITION: Fade]\n[SCENE: Hazards]\nThe camera pans.\nSPEAKER: Watch your step!',
    );
    expect(scriptToDeck(script, 'Safety')).toEqual({
      title: 'Safety',
      slides: [
        { title: 'Intro', points: ['Welcome.', 'We start now.'], paragraphs: [], notes: 'Welcome. We start now.' },
        { title: 'Hazards', points: ['Watch your step!'], paragraphs: [], notes: 'The camera pans.\n\nWatch your step!' },
      ],
    });
  });

  it('should follow the scenes in slide count when no scene is long', () => {
    for (let n = 0; n <= 12; n++) {
      const text = Array.from({ length: n }, (_, i) => `[SCENE: S${i}]\nNARRATOR: ${words(1 + (i % MAX_POINTS_PER_SLIDE))}`).join('\n\n');
      const deck = scriptToDeck(parseScript(text), 'T');
      expect(deck.slides.map((s) => s.title)).toEqual(Array.from({ length: n }, (_, i) => `S${i}`));
    }
  });

  it('should continue a long scene on numbered slides with their own notes', () => {
    const script = parseScript(`[SCENE: Long]\nNARRATOR: ${words(8)}\nSPEAKER: ${words(6, 9)}\n[SCENE: Next]`);
    const deck = scriptToDeck(script, 'T');
    expect(deck.slides.map((s) => [s.title, s.points.length])).toEqual([
      ['Long', 6],
      ['Long (2)', 6],
      ['Long (3)', 2],
      ['Next', 0],
    ]);
    expect(deck.slides[0]!.notes).toBe(words(6));
    expect(deck.slides[1]!.notes).toBe(`${words(2, 7)}\n\n${words(4, 9)}`);
    expect(deck.slides[2]!.notes).toBe(words(2, 13));
  });

  it('should put narration before the first scene on a slide titled like the deck', () => {
    const deck = scriptToDeck(parseScript('NARRATOR: Hello.\n\n[SCENE: A]'), 'Course');
    expect(deck.slides.map((s) => s.title)).toEqual(['Course', 'A']);
    expect(scriptToDeck({ blocks: [{ kind: 'transition', text: 'Cut' }] }, 'Course').slides).toEqual([]);
  });

  it('should honour a smaller maximum of points', () => {
    const deck = scriptToDeck(parseScript(`[SCENE: A]\nNARRATOR: ${words(5)}`), 'T', { maxPointsPerSlide: 2 });
    expect(deck.slides.map((s) => s.title)).toEqual(['A', 'A (2)', 'A (3)']);
  });

  it('should lose and duplicate no sentence of generated scripts', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const script = new Generator(seed).script(20);
      const deck = scriptToDeck(script, 'T');
      const points = deck.slides.flatMap((s) => s.points);
      expect({ seed, points }).toEqual({ seed, points: sentences(narration(script)) });
      expect(deck.slides.every((s) => s.points.length <= MAX_POINTS_PER_SLIDE)).toBe(true);
      // Every character of narration and paragraphs, apart from whitespace, is in the notes once.
      const squash = (s: string) => s.replace(/\s+/g, '');
      const spoken = script.blocks.filter((b) => b.kind === 'line' || b.kind === 'paragraph').map((b) => b.text);
      expect({ seed, notes: squash(deck.slides.map((s) => s.notes).join('')) }).toEqual({ seed, notes: squash(spoken.join('')) });
      // Without the point limit, slides are the scenes plus one for any text before the first scene.
      const scenes = script.blocks.filter((b) => b.kind === 'scene').length;
      const firstScene = script.blocks.findIndex((b) => b.kind === 'scene');
      const before = script.blocks.slice(0, firstScene < 0 ? undefined : firstScene);
      const hasLead = before.some((b) => (b.kind === 'line' || b.kind === 'paragraph') && b.text.trim() !== '');
      const unlimited = scriptToDeck(script, 'T', { maxPointsPerSlide: Number.MAX_SAFE_INTEGER });
      expect({ seed, slides: unlimited.slides.length }).toEqual({ seed, slides: scenes + (hasLead ? 1 : 0) });
    }
  });
});

describe('deckToScript', () => {
  const deck = {
    title: 'Safety',
    slides: [
      { title: 'Intro', points: ['Welcome'], paragraphs: [], notes: 'Hello everyone.\nWelcome.\n\nLet us begin.' },
      { title: 'Hazards', points: ['Slips', 'Fire'], paragraphs: ['Stay alert.'], notes: '' },
      { title: 'Empty', points: [], paragraphs: [], notes: '' },
    ],
  };

  it('should make one scene per slide with transitions between and narration from the notes', () => {
    expect(deckToScript(deck).blocks).toEqual([
      { kind: 'scene', text: 'Intro' },
      { kind: 'line', speaker: 'NARRATOR', text: 'Hello everyone.\nWelcome.' },
      { kind: 'line', speaker: 'NARRATOR', text: 'Let us begin.' },
      { kind: 'transition', text: 'Next slide' },
      { kind: 'scene', text: 'Hazards' },
      { kind: 'line', speaker: 'NARRATOR', text: 'Slips' },
      { kind: 'line', speaker: 'NARRATOR', text: 'Fire' },
      { kind: 'line', speaker: 'NARRATOR', text: 'Stay alert.' },
      { kind: 'transition', text: 'Next slide' },
      { kind: 'scene', text: 'Empty' },
    ]);
    expect(deckToScript({ title: 'x', slides: [] })).toEqual({ blocks: [] });
    expect(deckToScript(deck, { transition: 'Fade' }).blocks[3]).toEqual({ kind: 'transition', text: 'Fade' });
  });

  it('should come back to the same slides through scriptToDeck when the notes are short', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const generated = new Generator(seed).deck();
      const deck = { ...generated, slides: generated.slides.map((s) => ({ ...s, notes: 'One. Two.' })) };
      const back = scriptToDeck(deckToScript(deck), deck.title);
      expect({ seed, slides: back.slides.map((s) => [s.title, s.points]) }).toEqual({
        seed,
        slides: deck.slides.map((s) => [s.title, ['One.', 'Two.']]),
      });
    }
  });
});
