import { type Slide, type SlideDeck, parseSlideText, printSlideText } from '../src/index.js';
import { Generator } from './random-text.js';

const slide = (s: Partial<Slide> & { title: string }): Slide => ({ points: [], paragraphs: [], notes: '', ...s });
const roundTrip = (deck: SlideDeck) => parseSlideText(printSlideText(deck));

const SPEC_EXAMPLE = `# Workplace Safety

## Introduction
**Content:**
- Welcome to the course
- Why safety matters

**Speaker Notes:**
Welcome everyone.
Today we cover the basics.

## Hazards
**Content:**
* Slips and trips
* Fire
**Notes:**
Point at the exits.
`;

describe('parseSlideText', () => {
  it('should read the shape of the specification example', () => {
    expect(parseSlideText(SPEC_EXAMPLE)).toEqual({
      title: 'Workplace Safety',
      slides: [
        slide({
          title: 'Introduction',
          points: ['Welcome to the course', 'Why safety matters'],
          notes: 'Welcome everyone.\nToday we cover the basics.',
        }),
        slide({ title: 'Hazards', points: ['Slips and trips', 'Fire'], notes: 'Point at the exits.' }),
      ],
    });
  });

  it('should treat **Notes:** and **Speaker Notes:** alike', () => {
    const a = parseSlideText('## A\n**Notes:**\nSay hello.');
    const b = parseSlideText('## A\n**Speaker Notes:**\nSay hello.');
    expect(a).toEqual(b);
    expect(a.slides[0]!.notes).toBe('Say hello.');
  });

  it('should match markers ignoring case and surrounding whitespace', () => {
    const deck = parseSlideText('##   A  \n   ** content : **  \n  - one\n** SPEAKER notes:**\nx\n**notes**:\ny');
    expect(deck.slides).toEqual([slide({ title: 'A', points: ['one'], notes: 'x\n\ny' })]);
  });

  it('should read -, * and numbered lines as points, but not a year', () => {
    const deck = parseSlideText('## A\n- dash\n* star\n1. one\n12. twelve\n2024. was a year\n**bold** start\n---');
    expect(deck.slides[0]!.points).toEqual(['dash', 'star', 'one', 'twelve']);
    expect(deck.slides[0]!.paragraphs).toEqual(['2024. was a year\n**bold** start\n---']);
  });

  it('should accept CRLF and CR line endings and trim trailing whitespace', () => {
    const lf = parseSlideText(SPEC_EXAMPLE);
    expect(parseSlideText(SPEC_EXAMPLE.replace(/\n/g, '\r\n'))).toEqual(lf);
    expect(parseSlideText(SPEC_EXAMPLE.replace(/\n/g, '\r'))).toEqual(lf);
    expect(parseSlideText(SPEC_EXAMPLE.replace(/\n/g, ' \t\n'))).toEqual(lf);
  });

  it('should keep text before the first heading on an untitled first slide', () => {
    const deck = parseSlideText('# Deck\nIntro text\n- a point\n\n## A\n- b');
    expect(deck).toEqual({
      title: 'Deck',
      slides: [slide({ title: '', points: ['a point'], paragraphs: ['Intro text'] }), slide({ title: 'A', points: ['b'] })],
    });
    expect(parseSlideText('# Deck only\n\n').slides).toEqual([]);
    expect(parseSlideText('**Notes:** first\n## A').slides[0]).toEqual(slide({ title: '', notes: 'first' }));
  });

  it('should take lines after the title and before any marker as content', () => {
    const deck = parseSlideText('## A\n- p\nA paragraph\n**Notes:**\nn');
    expect(deck.slides[0]).toEqual(slide({ title: 'A', points: ['p'], paragraphs: ['A paragraph'], notes: 'n' }));
  });

  it('should separate paragraphs at blank lines and keep the line breaks within one', () => {
    const deck = parseSlideText('## A\n**Content:**\nline one\nline two\n\n\nsecond paragraph');
    expect(deck.slides[0]!.paragraphs).toEqual(['line one\nline two', 'second paragraph']);
  });

  it('should keep multi-line notes with inner blank lines and drop blank lines at the edges', () => {
    const deck = parseSlideText('## A\n**Notes:**\n\n\nfirst\n  - indented item\n\n\nlast\n\n\n## B');
    expect(deck.slides[0]!.notes).toBe('first\n- indented item\n\n\nlast');
  });

  it('should read text after a marker on the same line', () => {
    const deck = parseSlideText('## A\n**Content:** - inline point\n**Speaker Notes:** Say this.\nAnd this.');
    expect(deck.slides[0]).toEqual(slide({ title: 'A', points: ['inline point'], notes: 'Say this.\nAnd this.' }));
  });

  it('should continue a point on indented lines and go back to content after notes', () => {
    const deck = parseSlideText('## A\n- first\n  wrapped\n- second\n**Notes:**\nn\n**Content:**\n- third');
    expect(deck.slides[0]).toEqual(slide({ title: 'A', points: ['first\nwrapped', 'second', 'third'], notes: 'n' }));
  });

  it('should read ### headings and # lines after the start as text', () => {
    const deck = parseSlideText('## A\n### Sub\n# Not a title');
    expect(deck).toEqual({ title: '', slides: [slide({ title: 'A', paragraphs: ['### Sub\n# Not a title'] })] });
  });

  it('should undo the literal escape', () => {
    const deck = parseSlideText('## \\## Not a heading\n\\- not a point\n- \\ kept space\\\n\\\\backslash');
    expect(deck.slides[0]).toEqual(
      slide({ title: '## Not a heading', points: [' kept space'], paragraphs: ['- not a point', '\\backslash'] }),
    );
  });

  it('should read empty input as an empty deck', () => {
    expect(parseSlideText('')).toEqual({ title: '', slides: [] });
    expect(parseSlideText('\n \r\n')).toEqual({ title: '', slides: [] });
  });
});

describe('printSlideText', () => {
  it('should write the canonical form', () => {
    const deck: SlideDeck = {
      title: 'Workplace Safety',
      slides: [
        slide({ title: 'Introduction', points: ['Welcome', 'Why'], paragraphs: ['Some text.'], notes: 'Hello.\nBye.' }),
        slide({ title: 'Empty' }),
      ],
    };
    expect(printSlideText(deck)).toBe(
      '# Workplace Safety\n\n## Introduction\n\n**Content:**\n- Welcome\n- Why\n\nSome text.\n\n' +
        '**Speaker Notes:**\nHello.\nBye.\n\n## Empty\n',
    );
    expect(printSlideText({ title: '', slides: [] })).toBe('');
  });

  it('should escape text that would be misread', () => {
    const deck: SlideDeck = {
      title: '',
      slides: [slide({ title: 'A', points: ['one\n- two'], paragraphs: ['- dash', '## heading', '**Content:** x', 'a\n\nb'], notes: '## n\n\\' })],
    };
    const text = printSlideText(deck);
    expect(text).toContain('- one\n  \\- two\n');
    expect(text).toContain('\n\\- dash\n');
    expect(text).toContain('\n\\## heading\n');
    expect(text).toContain('\n\\**Content:** x\n');
    expect(text).toContain('\na\n\\\nb\n');
    expect(text).toContain('**Speaker Notes:**\n\\## n\n\\\\\\\n');
    expect(parseSlideText(text)).toEqual(deck);
  });

  it('should be stable: printing what it parsed gives the same text', () => {
    const text = printSlideText(parseSlideText(SPEC_EXAMPLE));
    expect(printSlideText(parseSlideText(text))).toBe(text);
  });
});

describe('slide text round trip', () => {
  it.each<[string, SlideDeck]>([
    ['both note markers and star points', parseSlideText('## A\n* x\n**Notes:**\nn\n\n## B\n**Speaker Notes:**\nm')],
    ['CRLF input', parseSlideText(SPEC_EXAMPLE.replace(/\n/g, '\r\n'))],
    ['emoji', { title: '🚀 Launch', slides: [slide({ title: '👨‍👩‍👧 Family 🇫🇷', points: ['✅ done', '❤️'], notes: 'Smile 😀' })] }],
    ['right-to-left text', { title: 'שלום', slides: [slide({ title: 'مرحبا بالعالم', points: ['נקודה אחת'], paragraphs: ['نص عربي\nسطر ثان'], notes: 'הערות' })] }],
    ['markup in a title kept verbatim', { title: '<b>x</b>', slides: [slide({ title: '<script>alert("x")</script>', points: ['<img src=x onerror=alert(1)>'] })] }],
    ['a very long title', { title: 'T'.repeat(10_000), slides: [slide({ title: 'word '.repeat(2_000).trim(), points: ['p'.repeat(5_000)] })] }],
    ['empty strings', { title: '', slides: [slide({ title: '', points: ['', 'x', ''], paragraphs: ['', ''], notes: '' })] }],
    ['backslashes', { title: '\\', slides: [slide({ title: 'C:\\dir\\', points: ['\\', '\\\\x'], paragraphs: ['\\n'], notes: '\\\nend\\' })] }],
    ['syntax inside text', { title: '# x', slides: [slide({ title: '## y', points: ['- z', '**Notes:**'], paragraphs: ['* a', '1. b', '**Speaker Notes:**'], notes: '**Content:**\n## c\n- d' })] }],
  ])('should round-trip %s', (_name, deck) => {
    expect(roundTrip(deck)).toEqual(deck);
  });

  it('should round-trip 200 slides', () => {
    const deck: SlideDeck = {
      title: 'Big',
      slides: Array.from({ length: 200 }, (_, i) =>
        slide({ title: `Slide ${i + 1}`, points: [`Point ${i}`, `Other ${i}`], paragraphs: i % 3 ? [] : [`Text ${i}`], notes: i % 2 ? `Note ${i}\nmore` : '' }),
      ),
    };
    const back = roundTrip(deck);
    expect(back.slides).toHaveLength(200);
    expect(back).toEqual(deck);
  });

  it('should round-trip 400 generated decks of trimmed strings', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const deck = new Generator(seed).deck();
      expect({ seed, deck: roundTrip(deck) }).toEqual({ seed, deck });
    }
  });

  it('should also round-trip generated decks whose strings have surrounding whitespace', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const deck = new Generator(seed, false).deck();
      expect({ seed, deck: roundTrip(deck) }).toEqual({ seed, deck });
    }
  });

  it('should keep whatever it parses from arbitrary text through a print', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = new Generator(seed, false).strings(30, 3).join('\n');
      const deck = parseSlideText(text);
      expect({ seed, deck: roundTrip(deck) }).toEqual({ seed, deck });
    }
  });

  it('should read a CR inside a model string back as a line break', () => {
    const deck = { title: '', slides: [slide({ title: 'A', notes: 'a\rb\r\nc' })] };
    expect(roundTrip(deck).slides[0]!.notes).toBe('a\nb\nc');
  });
});
