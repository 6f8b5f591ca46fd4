// Trainer notes apart from learner text (issue 23 point 6): the slide text's own section, and the
// reading of content stored before it existed, whose engine prompts sit in the speaker notes.
import { deckToScript, learnerDeck, narrationScript, parseScript, parseSlideText, printScript, printSlideText, projectDeck, sceneLinesFor, withoutTrainerPrompts, type SlideDeck } from '../src/index.js';

const PROMPT = 'Trainer prompt: present Listening in your own words. This outline holds no facts yet.';

describe('trainer notes in the slide text format', () => {
  it('should read a **Trainer Notes:** section apart from the speaker notes and print it back', () => {
    const deck = parseSlideText(`## Listening\n- Hear the customer out\n**Speaker Notes:**\nLet the customer finish.\n**Trainer Notes:**\n${PROMPT}`);
    expect(deck.slides[0]).toEqual({ title: 'Listening', points: ['Hear the customer out'], paragraphs: [], notes: 'Let the customer finish.', trainerNotes: PROMPT });
    const text = printSlideText(deck);
    expect(text).toContain(`**Trainer Notes:**\n${PROMPT}\n`);
    expect(parseSlideText(text)).toEqual(deck);
  });

  it('should leave trainer notes out of the script and the learner deck', () => {
    const deck: SlideDeck = { title: 'T', slides: [{ title: 'A', points: ['p'], paragraphs: [], notes: '', trainerNotes: PROMPT }] };
    expect(printScript(deckToScript(deck))).not.toContain('Trainer prompt');
    expect(learnerDeck(deck).slides[0]).toEqual({ title: 'A', points: ['p'], paragraphs: [], notes: '' });
    // A literal line that looks like the marker stays text.
    const literal: SlideDeck = { title: '', slides: [{ title: 'A', points: [], paragraphs: ['**Trainer Notes:**'], notes: '**Trainer notes:** x' }] };
    expect(parseSlideText(printSlideText(literal))).toEqual(literal);
  });
});

describe('content stored before trainer notes existed', () => {
  const OLD = `# Complaints\n\n## Listening\n\n**Content:**\n- Explain Listening for beginners\n\n**Speaker Notes:**\n${PROMPT}\n\n## Logging\n\n**Speaker Notes:**\nTime: about 4 min.\n\nConsigne pour le formateur: présentez Logging avec vos propres mots. Ce plan ne contient encore aucun fait.\n\nLog every call.`;

  it('should read the offline engine’s prompts out of old speaker notes into trainer notes', () => {
    const deck = projectDeck({ title: 'Complaints', slidesContent: '', scriptContent: '' }, OLD)!;
    expect(deck.slides[0]).toMatchObject({ notes: '', trainerNotes: PROMPT });
    expect(deck.slides[1]!.notes).toBe('Log every call.');
    expect(deck.slides[1]!.trainerNotes).toMatch(/^Time: about 4 min\.\n\nConsigne pour le formateur/);
    expect(JSON.stringify(learnerDeck(deck))).not.toMatch(/Trainer prompt|Consigne/);
  });

  it('should drop those prompts from an old script’s narration', () => {
    const script = printScript(deckToScript(parseSlideText(OLD)));
    expect(script).toContain(PROMPT);
    const clean = withoutTrainerPrompts(script);
    expect(clean).not.toMatch(/Trainer prompt|Consigne/);
    expect(parseScript(clean).blocks).toContainEqual({ kind: 'line', speaker: 'NARRATOR', text: 'Log every call.' });
  });
});

describe('narrationScript (what the video says, as a script: the share page’s Script)', () => {
  const deck = (notes: string[]): SlideDeck => ({
    title: 'T',
    slides: notes.map((n, i) => ({ title: `S${i + 1}`, points: [`Point ${i + 1}`], paragraphs: [], notes: n, trainerNotes: 'Only for the trainer.' })),
  });
  it('should follow the current slides: their notes, else their scene of the script, else their points', () => {
    const stale = '[SCENE: S1]\n\nNARRATOR: Old narration of S1.\n\n[SCENE: S2]\n\nNARRATOR: Said over S2.\n';
    const script = printScript(narrationScript(deck(['Edited narration of S1.', '', '']), stale));
    expect(script).toBe(
      '[SCENE: S1]\n\nNARRATOR: Edited narration of S1.\n\n[TRANSITION: Next slide]\n\n[SCENE: S2]\n\nNARRATOR: Said over S2.\n\n[TRANSITION: Next slide]\n\n[SCENE: S3]\n\nNARRATOR: Point 3\n',
    );
    expect(script).not.toContain('Only for the trainer');
    // One scene per slide and no title matches: scene n is slide n's.
    expect(sceneLinesFor(deck(['', '']).slides, '[SCENE: A]\nNARRATOR: a\n[SCENE: B]\nNARRATOR: b')).toEqual([['a'], ['b']]);
  });
});
