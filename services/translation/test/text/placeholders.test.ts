import { checkGlossary, enforceGlossary, keptTermFinder, protectFixedTerms, termsFor, type GlossaryTerm } from '../../src/text/glossary.js';
import { hasTranslatableText, protect, protectLike, restore } from '../../src/text/placeholders.js';

const term = (t: Partial<GlossaryTerm> & { term: string }): GlossaryTerm => ({ sourceLanguage: 'en', targetLanguage: '', translation: '', caseSensitive: false, ...t });

describe('protect and restore', () => {
  it('turns numbers, URLs, e-mails, markup, code, templates and emoji into tags', () => {
    const text = 'Lift 1,250.5 kg (see https://example.com/a?b=1). Mail ops@example.co.uk, run `npm test`, hi {name} and {{ user.first }} 🚜 **now** *really* & <b>.';
    const p = protect(text);
    expect(p.text).toBe(
      'Lift <ph id="1"/> kg (see <ph id="2"/>). Mail <ph id="3"/>, run <ph id="4"/>, hi <ph id="5"/> and <ph id="6"/> <ph id="7"/> <ph id="8"/>now<ph id="9"/> <ph id="10"/>really<ph id="11"/> &amp; &lt;b&gt;.',
    );
    expect(p.placeholders.map((x) => x.original)).toEqual(['1,250.5', 'https://example.com/a?b=1', 'ops@example.co.uk', '`npm test`', '{name}', '{{ user.first }}', '🚜', '**', '**', '*', '*']);
    const r = restore('s1', p.text, p.placeholders);
    expect(r).toEqual({ ok: true, text });
  });

  it('leaves numbers inside words alone', () => {
    expect(protect('H2O and COVID-19 in the 3rd row').text).toBe('H2O and COVID-<ph id="1"/> in the 3rd row');
  });

  it('fails clearly on a missing, duplicated or unknown tag', () => {
    const p = protect('Lift 5 kg and 6 kg.');
    expect(restore('slides:3', 'Levanta <ph id="1"/> kg.', p.placeholders)).toEqual({ ok: false, error: 'Segment slides:3: placeholder <ph id="2"/> is missing.' });
    expect(restore('slides:3', '<ph id="1"/> <ph id="1"/> <ph id="2"/>', p.placeholders)).toEqual({ ok: false, error: 'Segment slides:3: placeholder <ph id="1"/> appears more than once.' });
    expect(restore('slides:3', '<ph id="1"/> <ph id="2"/> <ph id="9"/>', p.placeholders)).toEqual({ ok: false, error: 'Segment slides:3: unknown placeholder <ph id="9"/>.' });
    expect(restore('slides:3', '<ph id="1"/> <b>x</b> <ph id="2"/>', p.placeholders)).toEqual({ ok: false, error: 'Segment slides:3: unexpected markup <b>.' });
    expect(restore('slides:3', 'Levanta <ph id="1"/> kg.', p.placeholders, { allowMissing: true })).toEqual({ ok: true, text: 'Levanta 5 kg.' });
  });

  it('knows when there is nothing to translate', () => {
    expect(hasTranslatableText(protect('42').text)).toBe(false);
    expect(hasTranslatableText(protect('https://example.com 😀 3.5').text)).toBe(false);
    expect(hasTranslatableText(protect('3.5 kg').text)).toBe(true);
  });

  it('tags a hand-written target like its source', () => {
    const p = protect('Lift **2.5** tonnes, see https://x.org.');
    expect(protectLike('Levante **2.5** toneladas, vea https://x.org.', p.placeholders)).toBe('Levante <ph id="1"/><ph id="2"/><ph id="3"/> toneladas, vea <ph id="4"/>.');
    expect(protectLike('Levante toneladas & más', p.placeholders)).toBe('Levante toneladas &amp; más');
  });
});

describe('glossary', () => {
  const glossary = [
    term({ term: 'Trainwright' }),
    term({ term: 'forklift', translation: 'carretilla elevadora', targetLanguage: 'es' }),
    term({ term: 'forklift', translation: 'chariot élévateur', targetLanguage: 'fr' }),
    term({ term: 'año', sourceLanguage: 'es', translation: 'year' }),
    term({ term: 'PPE', caseSensitive: true, translation: 'EPI' }),
  ];

  it('picks the rules of the pair, the target-specific one first', () => {
    expect(termsFor(glossary, 'en', 'es').map((t) => t.translation)).toEqual(['', 'carretilla elevadora', 'EPI']);
    expect(termsFor(glossary, 'es', 'en').map((t) => t.term)).toEqual(['año']);
  });

  it('matches whole words, Unicode-aware, with the case rule', () => {
    const kept = keptTermFinder([term({ term: 'año' })]);
    expect(kept('El año y el añorado').map((s) => s.output)).toEqual(['año']);
    expect(protect('Trainwright and trainwrights use TRAINWRIGHT', [keptTermFinder(glossary)]).text).toBe('<ph id="1"/> and trainwrights use <ph id="2"/>');
    expect(checkGlossary('Wear PPE', 'Use ppe', [term({ term: 'PPE', caseSensitive: true, translation: 'EPI' })])).toHaveLength(1);
    expect(checkGlossary('Wear ppe', 'Use it', [term({ term: 'PPE', caseSensitive: true, translation: 'EPI' })])).toHaveLength(0);
  });

  it('turns fixed terms into tags that restore as the fixed translation, in the source case', () => {
    const terms = termsFor(glossary, 'en', 'es');
    const p = protectFixedTerms('The forklift <ph id="1"/> and Forklift id', terms);
    expect(p.text).toBe('The <ph id="g1"/> <ph id="1"/> and <ph id="g2"/> id');
    expect(p.restore('El <ph id="g1"/> <ph id="1"/> y <ph id="g2"/> id')).toBe('El carretilla elevadora <ph id="1"/> y Carretilla elevadora id');
  });

  it('reports kept terms missing and fixed translations missing, and fixes what it can', () => {
    const terms = termsFor(glossary, 'en', 'es');
    expect(checkGlossary('Trainwright has a forklift.', 'Entrenador tiene una carretilla elevadora.', terms)).toEqual([
      { term: 'Trainwright', kind: 'kept-term-missing', message: '"Trainwright" should stay as written but is missing from the translation' },
    ]);
    const fixed = enforceGlossary('The forklift is red.', 'El forklift es rojo.', terms);
    expect(fixed).toEqual({ text: 'El carretilla elevadora es rojo.', violations: [] });
    const unfixable = enforceGlossary('The forklift is red.', 'La carretilla es roja.', terms);
    expect(unfixable.violations.map((v) => v.kind)).toEqual(['fixed-translation-missing']);
  });
});
