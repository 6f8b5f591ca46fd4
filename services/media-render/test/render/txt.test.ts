import { RenderError } from '../../src/domain/types.js';
import { renderTxt } from '../../src/render/txt.js';
import { bareInput, EMOJI, fireSafetyInput, HEBREW, HOSTILE_COMPANY, hostileInput, SCRIPT_TITLE, SECTION_TITLES } from './fixtures.js';

describe('renderTxt', () => {
  const text = renderTxt(fireSafetyInput());
  const lines = text.split('\n');

  it('should start with the underlined title and the branding', () => {
    expect(lines.slice(0, 2)).toEqual(['Fire Safety Training', '====================']);
    expect(text).toContain('Acme Safety Ltd · www.acme-safety.example');
    expect(text).toContain('March 14, 2025');
  });

  it('should write every slide as a numbered section, in order, with points, paragraphs and notes', () => {
    const positions = SECTION_TITLES.map((title, i) => lines.indexOf(`${i + 1}. ${title}`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain("- Évacuez par l'escalier, jamais par l'ascenseur");
    expect(text).toContain('Ce module présente les règles de sécurité du bâtiment à Genève.');
    expect(text).toContain('Trainer notes:\n  Welcome everyone and introduce yourself.\n  Ask who has used an extinguisher before.');
    // Numbered points of the slide text are points too (the number is not kept).
    expect(text).toContain('- Pull the pin\n- Aim at the base of the fire');
  });

  it('should underline CJK headings to their width on a monospaced display', () => {
    const at = lines.indexOf('4. 消防安全');
    expect(lines[at + 1]).toBe('-'.repeat(3 + 8));
  });

  it('should list objectives, questions with lettered options, the answer key and the glossary', () => {
    expect(text).toContain('Learning objectives\n-------------------\n- Name the three sides of the fire triangle');
    expect(text).toContain('1. Which of these is NOT part of the fire triangle?\n   A. Heat\n   B. Water\n   C. Oxygen');
    expect(text).toContain(
      'Answer key\n----------\n1. B – Water\n   The triangle is heat, fuel and oxygen; water removes heat.\n2. A – Squeeze',
    );
    expect(text).toContain('Glossary\n--------\nAssembly point: The place where everyone gathers after evacuating.');
    expect(text.indexOf('Assessment')).toBeLessThan(text.indexOf('Answer key'));
    expect(text.indexOf('Answer key')).toBeLessThan(text.indexOf('Glossary'));
  });

  it('should be deterministic and end with one line break', () => {
    expect(renderTxt(fireSafetyInput())).toBe(text);
    expect(text.endsWith('Sweep: how to use an extinguisher.\n')).toBe(true);
  });

  it('should keep hostile text literally, without control characters, for 200 slides', () => {
    const hostile = renderTxt(hostileInput());
    expect(hostile).toContain(SCRIPT_TITLE);
    expect(hostile).toContain(EMOJI);
    expect(hostile).toContain(HEBREW);
    expect(hostile).toContain('200. Topic 200: handling load 200');
    expect(hostile).toContain('2. Slide 2');
    expect(hostile).not.toMatch(/[\u0000-\u0008\u000b-\u001f]/);
    expect(hostile).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(hostile).toContain('Tab here');
    expect(hostile).toContain(`${HOSTILE_COMPANY} · https://example.com/?a=1&b=<2>`);
    // The long title's rule stops at 72 columns.
    expect(hostile.split('\n')[1]).toBe('='.repeat(72));
  });

  it('should render content without branding, questions or glossary', () => {
    const bare = renderTxt(bareInput());
    expect(bare).toBe('Bare deck\n=========\n\n1. Slide 1\n----------\n\n2. Only a title\n---------------\n');
  });

  it('should refuse input without a deck with a RenderError', () => {
    expect(() => renderTxt({ ...fireSafetyInput(), deck: undefined as never })).toThrow(RenderError);
    expect(() => renderTxt({ ...fireSafetyInput(), deck: undefined as never })).toThrow(
      'Nothing to render: the content has no slide deck.',
    );
  });
});
