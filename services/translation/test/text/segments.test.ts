import { parseScript, parseSlideText } from '@trainwright/formats';
import { assemble, assembleTexts, segment, segmentTexts, type TranslatableContent } from '../../src/text/segments.js';
import { linesOf, project, SCRIPT, SLIDES } from './fixtures.js';
import { bigSlideText, only, shout } from './segments-fixtures.js';

describe('segment', () => {
  it('takes only the text of each line, with stable ids', () => {
    const segs = segment(project());
    const byId = new Map(segs.map((s) => [s.id, s]));
    expect(byId.get('title')?.text).toBe('Forklift Safety');
    expect(byId.get('slides:0')?.text).toBe('Forklift Safety'); // '# ' deck title
    expect(byId.get('slides:2')?.text).toBe('Before You Start');
    expect(byId.has('slides:3')).toBe(false); // '**Content:**' alone
    expect(byId.get('slides:4')?.text).toBe('Check the brakes before every shift.');
    expect(byId.get('slides:5')?.source).toBe('The forklift can lift <ph id="1"/><ph id="2"/> tonnes<ph id="3"/> safely.');
    expect(byId.get('slides:6')?.source).toBe('Read the <ph id="1"/>safety rules<ph id="2"/> at <ph id="3"/>.');
    expect(byId.get('slides:7')?.text).toBe('Wear a helmet and gloves.');
    expect(byId.has('slides:8')).toBe(false); // '- 42'
    expect(byId.has('slides:9')).toBe(false); // a URL alone
    expect(byId.get('slides:15')?.text).toBe('Drive slowly in the warehouse.'); // after '**Content:** '
    expect(byId.get('slides:16')?.text).toBe('Look behind you.');
    expect(byId.get('slides:20')?.source).toBe('Call <ph id="1"/> with questions.');
    expect(byId.get('script:0')?.text).toBe('A busy warehouse in the morning');
    expect(byId.get('script:2')?.text).toBe('Welcome to the forklift safety training.');
    expect(byId.get('script:3')?.source).toBe('The training takes <ph id="1"/> minutes.');
    expect(byId.get('script:7')?.text).toBe('Always check the brakes.');
    expect(byId.get('generated.questions.0.options.1')?.text).toBe('The radio');
    expect(byId.get('generated.modules.0.topics.0')?.text).toBe('Brakes');
    expect(segs.some((s) => /engine|is_correct|basic|q1/.test(s.id))).toBe(false);
  });

  it('gives the structure back byte for byte, only the text changed', () => {
    const out = shout(project());
    const before = linesOf(SLIDES);
    const after = linesOf(out.slidesContent);
    expect(after).toHaveLength(before.length);
    expect(after[2]).toBe('## BEFORE YOU START\n');
    expect(after[3]).toBe('**Content:**\n');
    expect(after[5]).toBe('- THE FORKLIFT CAN LIFT **2.5 TONNES** SAFELY.\n');
    expect(after[6]).toBe('* READ THE *SAFETY RULES* AT https://example.com/rules.\n');
    expect(after[7]).toBe('  WEAR A HELMET AND GLOVES.\n');
    expect(after[8]).toBe('- 42\n');
    expect(after[9]).toBe('- https://example.com/manual.pdf\n');
    expect(after[11]).toBe('**Speaker Notes:**\n');
    expect(after[15]).toBe('**Content:** DRIVE SLOWLY IN THE WAREHOUSE.\n');
    expect(after[16]).toBe('1. LOOK BEHIND YOU.\n');
    expect(linesOf(out.scriptContent)[0]).toBe('[SCENE: A BUSY WAREHOUSE IN THE MORNING]\n');
    expect(linesOf(out.scriptContent)[2]).toBe('NARRATOR: WELCOME TO THE FORKLIFT SAFETY TRAINING.\n');
    expect(linesOf(out.scriptContent)[5]).toBe('[TRANSITION: FADE TO THE LOADING DOCK]\n');
    // The formats read the same structure.
    const deck = parseSlideText(out.slidesContent);
    expect(deck.slides.map((s) => s.points.length)).toEqual(parseSlideText(SLIDES).slides.map((s) => s.points.length));
    expect(parseScript(out.scriptContent).blocks.map((b) => b.kind)).toEqual(parseScript(SCRIPT).blocks.map((b) => b.kind));
    // Non-text fields untouched.
    const g = out.generatedContent!;
    expect(g.engine).toBe('offline');
    expect(g.questions[0]!.options.map((o) => [o.id, o.is_correct])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(g.questions[0]!.type).toBe('multiple_choice');
    expect(g.modules[0]!.estimated_minutes).toBe(30);
    expect(g.modules[0]!.level).toBe('basic');
    expect(g.questions[0]!.prompt).toBe('WHAT MUST YOU CHECK BEFORE EVERY SHIFT?');
  });

  it('keeps CRLF and CR line endings and indentation', () => {
    const crlf = SLIDES.replace(/\n/g, '\r\n');
    const out = shout(only(crlf)).slidesContent;
    expect(out.match(/\r\n/g)?.length).toBe(crlf.match(/\r\n/g)?.length);
    expect(out.replace(/[^\r\n]/g, '')).toBe(crlf.replace(/[^\r\n]/g, ''));
    expect(out).toContain('  WEAR A HELMET AND GLOVES.\r\n');
    const cr = 'NARRATOR: Hello there.\rSPEAKER: Bye.\r';
    expect(shout(only(cr, 'script')).scriptContent).toBe('NARRATOR: HELLO THERE.\rSPEAKER: BYE.\r');
  });

  it('treats [SCENE: inside normal text, ** inside a point and emoji as text', () => {
    const text = 'She said [SCENE: not a marker here\n- Press ** twice to save 😀 now\n- 👍🏽 Great job\n';
    const segs = segment(only(text));
    expect(segs.map((s) => s.source)).toEqual(['She said [SCENE: not a marker here', 'Press <ph id="1"/> twice to save <ph id="2"/> now', '<ph id="1"/> Great job']);
    expect(shout(only(text)).slidesContent).toBe('SHE SAID [SCENE: NOT A MARKER HERE\n- PRESS ** TWICE TO SAVE 😀 NOW\n- 👍🏽 GREAT JOB\n');
  });

  it('keeps section markers written loosely and literal lines', () => {
    const text = '## Title\n** speaker notes **: First note\n\\## not a heading\\\n  \\- literal point\n';
    const out = shout(only(text)).slidesContent;
    expect(out).toBe('## TITLE\n** speaker notes **: FIRST NOTE\n\\## NOT A HEADING\\\n  \\- LITERAL POINT\n');
  });

  it('writes a translated text line that would read as a marker as a literal line', () => {
    const content = only('## Title\nPlain words\n');
    const out = assemble(content, { 'slides:0': 'Título', 'slides:1': '## Palabras' }).slidesContent;
    expect(out).toBe('## Título\n\\## Palabras\n');
    expect(parseSlideText(out).slides).toHaveLength(1);
  });

  it('refuses to assemble without a translation for every segment', () => {
    expect(() => assemble(only('## A\n- b\n'), { 'slides:0': 'x' })).toThrow('No translation for segment slides:1.');
  });

  it('splits multi-line plain fields by line', () => {
    const content: TranslatableContent = { ...only(''), description: 'First line.\n\nSecond line.' };
    expect(segment(content).map((s) => s.id)).toEqual(['description:0', 'description:2']);
    expect(shout(content).description).toBe('FIRST LINE.\n\nSECOND LINE.');
  });

  it('cuts a list of texts as plain fields, one per text, and puts the translations back in their places', () => {
    const texts = ['Brakes', '42', 'First line.\n- Second line.', ''];
    expect(segmentTexts(texts).map((s) => [s.id, s.text])).toEqual([
      ['texts.0', 'Brakes'],
      ['texts.2:0', 'First line.'],
      ['texts.2:1', 'Second line.'],
    ]);
    const translated = new Map([['texts.0', 'Frenos'], ['texts.2:0', 'Primera línea.'], ['texts.2:1', 'Segunda línea.']]);
    expect(assembleTexts(texts, translated)).toEqual(['Frenos', '42', 'Primera línea.\n- Segunda línea.', '']);
  });

  it('segments and assembles a 50,000-character slide text (its time: segments.timed.test.ts)', () => {
    const big = bigSlideText();
    const segs = segment(only(big));
    const out = shout(only(big));
    expect(segs.length).toBeGreaterThan(1000);
    expect(out.slidesContent.length).toBe(big.length);
  });
});
