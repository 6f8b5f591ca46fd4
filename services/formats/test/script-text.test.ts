import { type Script, parseScript, printScript } from '../src/index.js';
import { Generator } from './random-text.js';

const roundTrip = (script: Script) => parseScript(printScript(script));

const SPEC_EXAMPLE = `[SCENE: Introduction]
NARRATOR: Welcome to the safety course.
This line continues the narration.

SPEAKER: I am the site manager.
[TRANSITION: Fade to black]
[SCENE: Hazards]
The camera pans across the floor.
NARRATOR: Watch your step.
`;

describe('parseScript', () => {
  it('should read the shape of the specification example', () => {
    expect(parseScript(SPEC_EXAMPLE).blocks).toEqual([
      { kind: 'scene', text: 'Introduction' },
      { kind: 'line', speaker: 'NARRATOR', text: 'Welcome to the safety course.\nThis line continues the narration.' },
      { kind: 'line', speaker: 'SPEAKER', text: 'I am the site manager.' },
      { kind: 'transition', text: 'Fade to black' },
      { kind: 'scene', text: 'Hazards' },
      { kind: 'paragraph', text: 'The camera pans across the floor.' },
      { kind: 'line', speaker: 'NARRATOR', text: 'Watch your step.' },
    ]);
  });

  it('should end a speaker line at a blank line or the next marker', () => {
    expect(parseScript('NARRATOR: a\nb\n\nc\nSPEAKER: d\n[SCENE: e]').blocks).toEqual([
      { kind: 'line', speaker: 'NARRATOR', text: 'a\nb' },
      { kind: 'paragraph', text: 'c' },
      { kind: 'line', speaker: 'SPEAKER', text: 'd' },
      { kind: 'scene', text: 'e' },
    ]);
  });

  it('should match markers ignoring case and whitespace', () => {
    expect(parseScript('  [ scene : Intro ]  \nnarrator : hi\n[Transition:Cut]\n[SCENE]').blocks).toEqual([
      { kind: 'scene', text: 'Intro' },
      { kind: 'line', speaker: 'NARRATOR', text: 'hi' },
      { kind: 'transition', text: 'Cut' },
      { kind: 'scene', text: '' },
    ]);
  });

  it('should keep other speakers and partial markers as paragraph text', () => {
    expect(parseScript('ANNA: hello\n\n[SCENE: x] and more\n\n[MUSIC: soft]').blocks).toEqual([
      { kind: 'paragraph', text: 'ANNA: hello' },
      { kind: 'paragraph', text: '[SCENE: x] and more' },
      { kind: 'paragraph', text: '[MUSIC: soft]' },
    ]);
  });

  it('should keep brackets inside a scene text', () => {
    expect(parseScript('[SCENE: Room [B] 2]').blocks).toEqual([{ kind: 'scene', text: 'Room [B] 2' }]);
  });

  it('should accept CRLF and CR line endings', () => {
    const lf = parseScript(SPEC_EXAMPLE);
    expect(parseScript(SPEC_EXAMPLE.replace(/\n/g, '\r\n'))).toEqual(lf);
    expect(parseScript(SPEC_EXAMPLE.replace(/\n/g, '\r'))).toEqual(lf);
  });

  it('should read empty input as an empty script', () => {
    expect(parseScript('')).toEqual({ blocks: [] });
  });
});

describe('printScript', () => {
  it('should write one block per paragraph', () => {
    expect(printScript(parseScript(SPEC_EXAMPLE))).toBe(
      '[SCENE: Introduction]\n\nNARRATOR: Welcome to the safety course.\nThis line continues the narration.\n\n' +
        'SPEAKER: I am the site manager.\n\n[TRANSITION: Fade to black]\n\n[SCENE: Hazards]\n\n' +
        'The camera pans across the floor.\n\nNARRATOR: Watch your step.\n',
    );
  });

  it('should escape a marker inside narration', () => {
    const script: Script = { blocks: [{ kind: 'line', speaker: 'NARRATOR', text: 'Now:\n[SCENE: x]\nNARRATOR: y' }] };
    expect(printScript(script)).toBe('NARRATOR: Now:\n\\[SCENE: x]\n\\NARRATOR: y\n');
    expect(roundTrip(script)).toEqual(script);
  });
});

describe('script round trip', () => {
  it.each<[string, Script]>([
    ['multi-line scene text', { blocks: [{ kind: 'scene', text: 'Part one\nThe office' }, { kind: 'paragraph', text: 'x' }] }],
    ['empty texts', { blocks: [{ kind: 'scene', text: '' }, { kind: 'line', speaker: 'SPEAKER', text: '' }, { kind: 'paragraph', text: '' }] }],
    ['blank lines inside narration', { blocks: [{ kind: 'line', speaker: 'NARRATOR', text: 'a\n\nb' }] }],
    ['emoji and right-to-left text', { blocks: [{ kind: 'scene', text: '🎬 مشهد' }, { kind: 'line', speaker: 'NARRATOR', text: 'שלום 👋' }] }],
    ['markup kept verbatim', { blocks: [{ kind: 'scene', text: '<script>alert(1)</script>' }] }],
    ['brackets and backslashes', { blocks: [{ kind: 'transition', text: 'a]' }, { kind: 'scene', text: '\\' }, { kind: 'paragraph', text: 'C:\\' }] }],
  ])('should round-trip %s', (_name, script) => {
    expect(roundTrip(script)).toEqual(script);
  });

  it('should round-trip 400 generated scripts of trimmed strings', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const script = new Generator(seed).script();
      expect({ seed, script: roundTrip(script) }).toEqual({ seed, script });
    }
  });

  it('should also round-trip generated scripts whose strings have surrounding whitespace', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const script = new Generator(seed, false).script();
      expect({ seed, script: roundTrip(script) }).toEqual({ seed, script });
    }
  });

  it('should keep whatever it parses from arbitrary text through a print', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const script = parseScript(new Generator(seed, false).strings(30, 3).join('\n'));
      expect({ seed, script: roundTrip(script) }).toEqual({ seed, script });
    }
  });
});
