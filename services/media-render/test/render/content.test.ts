import { contrastRatio } from '@trainwright/templates';
import { hasOverview, logoOf, optionLetter, overviewObjectives, paletteOf, prepareContent, shorten } from '../../src/render/content.js';
import { fireSafetyInput, logoPng } from './fixtures.js';

describe('prepareContent', () => {
  it('should number sections, name untitled slides and clean text for every output', () => {
    const c = prepareContent(
      fireSafetyInput({
        title: '  Fire\r\nSafety\u0007 ',
        deck: {
          title: '',
          slides: [
            {
              title: '',
              points: [' Keep\u0000 exits clear ', '  '],
              paragraphs: ['Line one\r\nLine two\u2028three'],
              notes: '\tSay hello\r',
            },
          ],
        },
      }),
    );
    expect(c.title).toBe('Fire Safety');
    // Each section also carries its visual (visuals.ts, tested in visuals.test.ts).
    expect(c.sections).toMatchObject([
      {
        number: 1,
        slide: 0,
        title: 'Slide 1',
        heading: '1. Slide 1',
        points: ['Keep exits clear'],
        paragraphs: ['Line one\nLine two\nthree'],
        notes: 'Say hello',
      },
    ]);
    expect(c.coverNotes).toBe('');
  });

  it('should take a first slide that only repeats the title for the cover, its notes the cover’s', () => {
    const slides = (first: { title: string; points?: string[]; paragraphs?: string[]; notes?: string }) => [
      { points: [], paragraphs: [], notes: '', ...first },
      { title: 'Hazards', points: ['Spot them'], paragraphs: [], notes: 'Look first.' },
    ];
    const titled = (first: Parameters<typeof slides>[0], deckTitle = 'Fire Safety Training') =>
      prepareContent(fireSafetyInput({ description: 'How to stay safe.', deck: { title: deckTitle, slides: slides(first) } }));

    const c = titled({ title: ' FIRE  safety training', notes: '\tWelcome, everyone.\r\n' });
    expect(c.sections).toMatchObject([{ number: 1, slide: 1, title: 'Hazards', heading: '1. Hazards', points: ['Spot them'], paragraphs: [], notes: 'Look first.' }]);
    expect(c.coverNotes).toBe('Welcome, everyone.');
    // The project's title counts as much as the deck's, and the cover's description is no text of the slide's own.
    expect(titled({ title: 'Fire Safety Training', paragraphs: ['How to stay  safe.'] }, '').sections.map((s) => s.title)).toEqual(['Hazards']);
    // A slide with something of its own to show stays a slide.
    for (const first of [{ title: 'Fire Safety Training', points: ['Welcome'] }, { title: 'Fire Safety Training', paragraphs: ['Our site'] }, { title: 'Welcome', notes: 'Hi.' }]) {
      const kept = titled(first);
      expect(kept.sections.map((s) => s.heading)).toEqual([`1. ${first.title}`, '2. Hazards']);
      expect(kept.coverNotes).toBe('');
    }
    // Malformed slides are cleaned before they are compared, never thrown on.
    const hostile = prepareContent(fireSafetyInput({ deck: { title: 'Fire Safety Training', slides: [{ title: 42, points: null, paragraphs: 'x', notes: {} } as never] } }));
    expect(hostile.sections.map((s) => s.heading)).toEqual(['1. Slide 1']);
  });

  it("should not list the objectives in the overview when a section of the deck lists them", () => {
    const input = fireSafetyInput();
    expect(overviewObjectives(prepareContent(input))).toEqual(input.objectives);
    const deck = { ...input.deck, slides: [{ title: 'Learning objectives', points: input.objectives.map((o) => o.toUpperCase()), paragraphs: [], notes: '' }, ...input.deck.slides] };
    const withSlide = prepareContent({ ...input, deck });
    expect(overviewObjectives(withSlide)).toEqual([]);
    // The overview stays for the summary.
    expect(hasOverview(withSlide)).toBe(true);
  });

  it('should give the answer letters and texts, and a dash when no option is marked', () => {
    const c = prepareContent(
      fireSafetyInput({
        questions: [
          {
            prompt: 'Which two?',
            options: [
              { text: 'Heat', is_correct: true },
              { text: 'Water', is_correct: false },
              { text: 'Fuel', is_correct: true },
            ],
            explanation: '',
          },
          { prompt: 'None marked', options: [{ text: 'A', is_correct: false }], explanation: '' },
        ],
      }),
    );
    expect(c.questions.map((q) => q.answerText)).toEqual(['A, C – Heat; Fuel', '–']);
    expect([optionLetter(0), optionLetter(25), optionLetter(26), optionLetter(27)]).toEqual(['A', 'Z', 'AA', 'AB']);
  });

  it('should fall back to English labels and drop branding that holds nothing', () => {
    const c = prepareContent(fireSafetyInput({ language: 'de', branding: { companyName: ' ', website: '', logo: null } }));
    expect(c.labels.trainerNotes).toBe('Trainer notes');
    expect(c.language).toBe('de');
    expect(c.date).toBe('14. März 2025');
    expect(c.branding).toBeNull();
  });
});

describe('logo, colours and shortening', () => {
  it('should accept a logo by its bytes, not its declared type', () => {
    const png = logoPng();
    expect(logoOf({ bytes: png, mime: 'image/jpeg', width: 240, height: 80 })?.type).toBe('png');
    expect(logoOf({ bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), mime: 'image/png', width: 1, height: 1 })?.type).toBe('jpg');
    expect(logoOf({ bytes: Buffer.from('<svg/>'), mime: 'image/png', width: 1, height: 1 })).toBeNull();
    expect(logoOf({ bytes: png, mime: 'image/png', width: 0, height: 80 })).toBeNull();
  });

  it('should choose text colours that read on the slide and on white paper', () => {
    const dark = paletteOf({ primary: '#ffff00', secondary: '#222222', accent: '#ffff66', background: '#111111', text: '#151515' });
    expect(contrastRatio(dark.slide.text, '#111111')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark.page.text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(dark.page.heading, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(contrastRatio(dark.onPrimary, '#ffff00')).toBeGreaterThan(contrastRatio('#ffffff', '#ffff00'));
    const broken = paletteOf({ primary: 'red' } as never);
    expect(broken.primary).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('should shorten between code points', () => {
    expect(shorten('😀'.repeat(10), 5)).toBe('😀😀😀😀…');
    expect(shorten('short  text', 20)).toBe('short text');
  });
});
