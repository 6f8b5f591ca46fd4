// Edits reach every output (issue 23 point 8): after the user edits the objectives slide, the PDF
// guide's overview (read by pdftotext), the txt header and the knowledge-check slide carry the new
// objectives only, never the ones stored at generation beside them.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { renderPdf } from '../../src/render/pdf.js';
import { renderTxt } from '../../src/render/txt.js';
import { renderInputOf } from '../../src/services/renders/render-input.js';
import { flat, pdfText, tempDir } from './consumers.js';

const slides = (objectives: string[], checks: string[]) =>
  [
    '# Complaints',
    '## What you will learn',
    ...objectives.map((o) => `- ${o}`),
    '## Listening',
    '- Let the customer finish',
    '## Knowledge check',
    ...checks.map((c) => `- ${c}`),
  ].join('\n');

const OLD = ['Acknowledge a complaint within one day', 'Record every complaint'];
const NEW = ['Acknowledge a complaint the same day', 'Escalate a complaint you cannot solve'];

/** Generated with OLD, then the objectives slide edited to NEW (the knowledge check left as generated). */
const edited = Project.fromPartial({
  id: 'p1',
  title: 'Complaints',
  primaryLanguage: 'en',
  generatedContent: {
    slides: { slideContent: slides(NEW, OLD.map((o) => `Check: ${o}`)) },
    script: '',
    summary: 'How to handle complaints.',
    objectives: OLD,
  },
});

describe('edited objectives', () => {
  it('should reach the PDF overview, the txt header and the knowledge-check slide, and no old objective stays', async () => {
    const input = renderInputOf(edited, null, null);
    expect(input.objectives).toEqual(NEW);
    const check = input.deck.slides.find((s) => s.title === 'Knowledge check')!;
    expect(check.points).toEqual(NEW.map((o) => `Check: ${o}`));

    const txt = renderTxt(input);
    const dir = await tempDir('edited-objectives');
    try {
      const file = join(dir, 'guide.pdf');
      await writeFile(file, await renderPdf(input));
      const pdf = flat(await pdfText(file));
      for (const [name, text] of [['pdf', pdf], ['txt', flat(txt)]] as const) {
        for (const o of OLD) expect({ name, old: o, found: text.includes(o) }).toEqual({ name, old: o, found: false });
        for (const o of NEW) expect({ name, current: o, found: text.includes(o) }).toEqual({ name, current: o, found: true });
        expect({ name, check: text.includes(`Check: ${NEW[1]}`) }).toEqual({ name, check: true });
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('should keep a knowledge check the user wrote, and the stored objectives of a deck without an objectives slide', () => {
    const own = Project.fromPartial({ ...edited, generatedContent: { ...edited.generatedContent!, slides: { slideContent: slides(NEW, ['Role-play a call']) } } });
    expect(renderInputOf(own, null, null).deck.slides.at(-1)!.points).toEqual(['Role-play a call']);
    const none = Project.fromPartial({ ...edited, generatedContent: { ...edited.generatedContent!, slides: { slideContent: '## Listening\n- Let the customer finish' } } });
    expect(renderInputOf(none, null, null).objectives).toEqual(OLD);
  });
});
