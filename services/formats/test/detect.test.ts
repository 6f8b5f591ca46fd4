import { detectTextFormat, opensWithTitleSlide, parseScript, parseSlideText, printSlideText, scriptTextToDeck, scriptToDeck, type SlideDeck } from '../src/index.js';

/** A script_to_slides script written in the slide text format (issue 11). */
const FORKLIFT = `# Forklift Safety

## Inspect before each shift
- Check the forks for cracks
- Test the brakes and the horn

**Speaker Notes:** Walk the trainees round the truck.
Point at each part as you check it.

## Lifting a load
**Content:**
- Keep the load low and tilted back
**Notes:**
Show the load chart on the overhead guard.
`;

describe('detectTextFormat', () => {
  it('should read slide headings and section markers as slide text', () => {
    expect(detectTextFormat(FORKLIFT)).toBe('slides');
    expect(detectTextFormat('## Intro\n- a')).toBe('slides');
    expect(detectTextFormat('##\nempty title')).toBe('slides');
    // Without a heading a section marker is enough: the text is an untitled slide.
    expect(detectTextFormat('- a point\n**Speaker Notes:** say this')).toBe('slides');
    expect(detectTextFormat('**notes**: lower case, colon outside')).toBe('slides');
  });

  it('should read scene, transition and speaker lines as a script', () => {
    expect(detectTextFormat('[SCENE: Intro]\nThe camera pans.')).toBe('script');
    expect(detectTextFormat('[transition: fade]')).toBe('script');
    expect(detectTextFormat('narrator: hello')).toBe('script');
    expect(detectTextFormat('Some text.\r\nSPEAKER: Watch your step!')).toBe('script');
  });

  it('should let headings win over speaker lines, and scenes over headings', () => {
    // Notes that quote the narrator are still notes of a slide.
    expect(detectTextFormat('## Welcome\n**Speaker Notes:**\nNARRATOR: Welcome, everyone.')).toBe('slides');
    // A scene marker is never slide text: the '##' line is a stage direction of the script.
    expect(detectTextFormat('## Part one\n[SCENE: Office]\nNARRATOR: Hi.')).toBe('script');
    // Speaker lines win over a section marker without headings.
    expect(detectTextFormat('NARRATOR: Hi.\n**Notes:** bring the extinguisher')).toBe('script');
  });

  it('should return null for text with the structure of neither, and ignore literal lines', () => {
    expect(detectTextFormat('')).toBeNull();
    expect(detectTextFormat('Plain text.\n\n- a list\n# A markdown title\n### deeper')).toBeNull();
    expect(detectTextFormat('\\## not a heading\n\\[SCENE: not a scene]\n\\NARRATOR: not a line')).toBeNull();
    expect(detectTextFormat('ANNA: other speakers are text')).toBeNull();
  });
});

describe('scriptTextToDeck', () => {
  it('should read a slide-format script as slides, notes kept as notes', () => {
    const deck = scriptTextToDeck(FORKLIFT, 'Project title');
    expect(deck).toEqual(parseSlideText(FORKLIFT));
    expect(deck.title).toBe('Forklift Safety');
    expect(deck.slides).toEqual([
      {
        title: 'Inspect before each shift',
        points: ['Check the forks for cracks', 'Test the brakes and the horn'],
        paragraphs: [],
        notes: 'Walk the trainees round the truck.\nPoint at each part as you check it.',
      },
      { title: 'Lifting a load', points: ['Keep the load low and tilted back'], paragraphs: [], notes: 'Show the load chart on the overhead guard.' },
    ]);
    // Nothing of the markup reaches a point, a paragraph or the notes.
    const text = deck.slides.flatMap((s) => [s.title, ...s.points, ...s.paragraphs, s.notes]).join('\n');
    expect(text).not.toMatch(/\*\*|^#/m);
  });

  it('should title slide text without a deck title with the given title', () => {
    expect(scriptTextToDeck('## Only slide\n- a', 'Fallback').title).toBe('Fallback');
  });

  it('should read the script format and plain text as scriptToDeck does', () => {
    for (const text of ['[SCENE: Intro]\nNARRATOR: Welcome. We start now.', 'NARRATOR: One line.', 'Just a paragraph.', '']) {
      expect(scriptTextToDeck(text, 'T', { maxPointsPerSlide: 1 })).toEqual(scriptToDeck(parseScript(text), 'T', { maxPointsPerSlide: 1 }));
    }
  });
});

describe('opensWithTitleSlide', () => {
  const deck = (first: Partial<SlideDeck['slides'][number]>, title = 'Forklift Safety'): SlideDeck => ({
    title,
    slides: [{ title: 'Forklift Safety', points: [], paragraphs: [], notes: '', ...first }, { title: 'Next', points: ['a'], paragraphs: [], notes: '' }],
  });

  it('should find a first slide that only repeats the deck or cover title, whatever its notes', () => {
    expect(opensWithTitleSlide(deck({}))).toBe(true);
    expect(opensWithTitleSlide(deck({ notes: 'Welcome everyone.' }))).toBe(true);
    expect(opensWithTitleSlide(deck({ title: '  forklift\n SAFETY ' }))).toBe(true);
    expect(opensWithTitleSlide(deck({}, 'Other'), { title: 'Forklift Safety' })).toBe(true);
    // The description the cover already shows is not text of the slide's own.
    expect(opensWithTitleSlide(deck({ paragraphs: ['How to drive safely.'] }), { description: 'How to drive  safely.' })).toBe(true);
    expect(opensWithTitleSlide(deck({ points: [''], paragraphs: [' '] }))).toBe(true);
  });

  it('should not take a slide with content or another title for the cover', () => {
    expect(opensWithTitleSlide(deck({ points: ['Welcome.'] }))).toBe(false);
    expect(opensWithTitleSlide(deck({ paragraphs: ['A text of its own.'] }), { description: 'Another text.' })).toBe(false);
    expect(opensWithTitleSlide(deck({ title: 'Welcome' }))).toBe(false);
    expect(opensWithTitleSlide(deck({ title: '' }, ''))).toBe(false);
    expect(opensWithTitleSlide({ title: 'T', slides: [] })).toBe(false);
    // Only the first slide is the cover's place.
    const later = deck({});
    expect(opensWithTitleSlide({ ...later, slides: [later.slides[1]!, later.slides[0]!] })).toBe(false);
  });

  it('should recognise the title slide of slide text written by hand', () => {
    const written = parseSlideText(`# Forklift Safety\n\n## Forklift Safety\n**Speaker Notes:** Welcome.\n\n${printSlideText({ title: '', slides: parseSlideText(FORKLIFT).slides })}`);
    expect(opensWithTitleSlide(written)).toBe(true);
    expect(opensWithTitleSlide(parseSlideText(FORKLIFT))).toBe(false);
  });
});
