import { segment } from '../../src/text/segments.js';
import { fromXliff, toXliff, XLIFF_NAMESPACE } from '../../src/text/xliff.js';
import { project } from './fixtures.js';

const segments = segment(project()).map((s, i) => ({ id: s.id, source: s.source, target: i % 5 === 4 ? '' : `ES ${s.source} &amp; "más" 'x'` }));
const expected = { sourceLanguage: 'en', targetLanguage: 'es', unitIds: new Set(segments.map((s) => s.id)) };

describe('XLIFF 2.0', () => {
  it('exports one unit per segment with <ph/> tags', () => {
    const xml = toXliff({ projectId: 'p1', sourceLanguage: 'en', targetLanguage: 'es', segments });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"')).toBe(true);
    expect(xml).toContain('<unit id="slides:5">');
    expect(xml).toContain('<source>The forklift can lift <ph id="1"/><ph id="2"/> tonnes<ph id="3"/> safely.</source>');
    expect(xml.match(/<unit /g)).toHaveLength(segments.length);
  });

  it('round-trips export -> import without any change', () => {
    const xml = toXliff({ projectId: 'p1', sourceLanguage: 'en', targetLanguage: 'es', segments });
    const back = fromXliff(xml, expected);
    expect(back.sourceLanguage).toBe('en');
    expect(back.targetLanguage).toBe('es');
    expect(back.units).toEqual(segments);
    expect(toXliff({ projectId: 'p1', sourceLanguage: 'en', targetLanguage: 'es', segments: back.units })).toBe(xml);
  });

  it('reads what CAT tools write: prefixes, split segments, <mrk>, CDATA, character references', () => {
    const xml = `<?xml version="1.0"?>
<x:xliff xmlns:x="${XLIFF_NAMESPACE}" version="2.0" srcLang="en" trgLang="es"><x:file id="f"><x:group id="g">
<x:unit id="title"><x:segment><x:source>Forklift </x:source><x:target>Carretilla </x:target></x:segment><x:ignorable><x:source> </x:source><x:target> </x:target></x:ignorable>
<x:segment><x:source>Safety</x:source><x:target><x:mrk id="m1" type="comment">Seguridad</x:mrk> &#233;<![CDATA[ <y> & ]]></x:target></x:segment></x:unit>
</x:group></x:file></x:xliff>`;
    expect(fromXliff(xml, expected).units).toEqual([{ id: 'title', source: 'Forklift  Safety', target: 'Carretilla  Seguridad é &lt;y&gt; &amp; ' }]);
  });

  it('refuses bad input with clear messages', () => {
    const good = toXliff({ projectId: 'p1', sourceLanguage: 'en', targetLanguage: 'es', segments: segments.slice(0, 3) });
    expect(() => fromXliff('<xliff><file></xliff>', expected)).toThrow(/not well-formed XML: .*line 1/);
    expect(() => fromXliff(good.replace('version="2.0"', 'version="1.2"'), expected)).toThrow('Only XLIFF 2.0 is accepted; this file is version 1.2.');
    expect(() => fromXliff(good.replace('trgLang="es"', 'trgLang="fr"'), expected)).toThrow('The XLIFF file translates into "fr", but this translation is into "es".');
    expect(() => fromXliff(good.replace('srcLang="en"', 'srcLang="de"'), expected)).toThrow('translates from "de"');
    expect(() => fromXliff(good.replace('<unit id="title">', '<unit id="slides:999">'), expected)).toThrow('Unit "slides:999" is not a segment of this translation.');
    expect(() => fromXliff(good.replace(XLIFF_NAMESPACE, 'urn:other'), expected)).toThrow('namespace');
    const bomb = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>${good.slice(good.indexOf('<xliff'))}`;
    expect(() => fromXliff(bomb, expected)).toThrow('DOCTYPE');
    expect(() => fromXliff(good, expected, { maxBytes: 100, maxUnits: 10 })).toThrow('too large');
    expect(() => fromXliff(good, expected, { maxBytes: 1e7, maxUnits: 2 })).toThrow('more than 2 units');
    expect(() => fromXliff(good.replace('<target>', '<target><bx id="1"/>'), expected)).toThrow('unsupported inline element <bx>');
    expect(() => fromXliff('<root/>', expected)).toThrow('not XLIFF');
  });

  it('refuses every other malformed document with an XliffError naming the problem (never another error)', () => {
    const good = toXliff({ projectId: 'p1', sourceLanguage: 'en', targetLanguage: 'es', segments: segments.slice(0, 3) });
    const refused = (xml: string) => {
      try {
        fromXliff(xml, expected);
      } catch (error) {
        expect((error as Error).name).toBe('XliffError');
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refused('plain text, not XML at all')).toMatch(/not well-formed XML|not XLIFF/);
    expect(refused('\u0000\u0001binary')).toMatch(/not well-formed XML|not XLIFF/);
    expect(refused(good.replace('<unit id="title">', '<unit>'))).toBe('A <unit> has no id.');
    expect(refused(good.replace(/<target>/, '<target><ph id="a&quot;b"/>'))).toMatch(/^Unit title: a <ph\/> with the id "a"b", which is not a placeholder id\.$/);
    expect(refused(good.replace(/<target>/, '<target>&#99999999;'))).toMatch(/^Unit title: "&#99999999;" is not a character\.$/);
    const deep = good.replace('<file id="f1" original="project-p1">', `<file id="f1" original="project-p1">${'<group id="g">'.repeat(50_000)}${'</group>'.repeat(50_000)}`);
    expect(refused(deep)).toMatch(/nested more than \d+ levels deep/);
  });

  it('handles a large file within the limits quickly', () => {
    const many = Array.from({ length: 20_000 }, (_v, i) => ({ id: `u${i}`, source: `Check the brakes <ph id="1"/> number ${i}.`, target: `Compruebe los frenos <ph id="1"/> número ${i}.` }));
    const started = performance.now();
    const xml = toXliff({ projectId: 'p', sourceLanguage: 'en', targetLanguage: 'es', segments: many });
    const back = fromXliff(xml, { sourceLanguage: 'en', targetLanguage: 'es', unitIds: new Set(many.map((m) => m.id)) });
    const ms = performance.now() - started;
    expect(back.units).toEqual(many);
    console.log(`XLIFF 20,000 units (${Math.round(xml.length / 1024)} KB): export + import in ${Math.round(ms)} ms`);
  });
});
