import { countWords, splitSentences } from '@trainwright/formats';
import { sourceText } from '../../../src/domain/source.js';
import { shortenAtClause, splitLongSentence } from '../../../src/adapters/offline/clauses.js';
import { buildGlossary } from '../../../src/adapters/offline/glossary.js';
import { objectivesFromMaterial } from '../../../src/adapters/offline/objectives.js';
import { FRAMING } from '../../../src/adapters/offline/framing.js';
import { STOP_WORDS } from '../../../src/adapters/offline/stop-words.js';
import { extractiveSummary, summarySentences, summaryWordLimit } from '../../../src/adapters/offline/summary.js';
import { analyseSource, detectLanguage, stemWord, tokenize } from '../../../src/adapters/offline/text-analysis.js';
import { FIRE_SAFETY, SEGURIDAD } from './fixtures.js';

const fire = analyseSource(FIRE_SAFETY);
const seguridad = analyseSource(SEGURIDAD);
const material = sourceText(FIRE_SAFETY);

describe('text analysis', () => {
  it('should detect the language from its stop words', () => {
    expect(detectLanguage(material)).toBe('en');
    expect(detectLanguage(sourceText(SEGURIDAD))).toBe('es');
    expect(detectLanguage("L'extincteur est un appareil portatif qui permet d'éteindre un petit feu dans les locaux.")).toBe('fr');
  });

  it('should split French elisions into words of their own', () => {
    expect(tokenize("l'extincteur d’incendie", 'fr').map((t) => t.lower)).toEqual(["l'", 'extincteur', "d'", 'incendie']);
  });

  it('should give a word in another case or number the same stem', () => {
    expect(stemWord('fires')).toBe(stemWord('fire'));
    expect(stemWord('batteries')).toBe(stemWord('battery'));
    expect(stemWord('extintores')).toBe(stemWord('extintor'));
    expect(stemWord('classes')).toBe(stemWord('class'));
    expect(stemWord('class')).not.toBe(stemWord('clash'));
  });

  it('should split sentences the same way the formats package does', () => {
    const paragraph = FIRE_SAFETY.sections[1]!.paragraphs[0]!;
    const units = fire.units.filter((u) => u.section === 1 && u.block === 0).map((u) => u.text);
    expect(units).toEqual(splitSentences(paragraph).map((s) => s.text));
  });

  it('should keep every text unit verbatim and once, tables as rows', () => {
    for (const u of fire.units) expect(material).toContain(u.text.split(' | ')[0]);
    expect(new Set(fire.units.map((u) => u.text)).size).toBe(fire.units.length);
    expect(fire.units.filter((u) => u.kind === 'table').map((u) => u.text)).toContain('B | Flammable liquids | Foam, carbon dioxide or dry powder');
  });

  it('should rank the material’s terms, single words and phrases, with no stop word at either edge', () => {
    const keys = fire.terms.map((t) => t.display.toLowerCase());
    expect(keys).toEqual(expect.arrayContaining(['fire warden', 'carbon dioxide', 'assembly point', 'fire risk assessment', 'extinguisher']));
    for (const [analysis, language] of [
      [fire, 'en'],
      [seguridad, 'es'],
    ] as const) {
      for (const t of analysis.terms) {
        const words = tokenize(t.display, language);
        expect(words.length).toBe(t.words);
        expect(STOP_WORDS[language].has(words[0]!.lower)).toBe(false);
        expect(STOP_WORDS[language].has(words[words.length - 1]!.lower)).toBe(false);
      }
    }
    expect(seguridad.terms.map((t) => t.display)).toEqual(expect.arrayContaining(['jefe de emergencias', 'extintor']));
  });

  it('should merge a term’s singular and plural into one term', () => {
    const extinguisher = fire.terms.filter((t) => t.display.toLowerCase().startsWith('extinguisher'));
    expect(extinguisher).toHaveLength(1);
    expect(extinguisher[0]!.forms).toEqual(expect.arrayContaining(['extinguisher', 'extinguishers']));
  });

  it('should not take verbs for terms', () => {
    const keys = fire.terms.map((t) => t.display.toLowerCase());
    for (const verb of ['removes', 'involving', 'fires involving', 'raise']) expect(keys).not.toContain(verb);
  });

  it('should be deterministic', () => {
    expect(analyseSource(FIRE_SAFETY).terms).toEqual(fire.terms);
  });
});

describe('clauses', () => {
  const long = 'When the fire alarm sounds, stop work, switch off equipment if it is safe to do so and leave the building by the nearest fire exit.';

  it('should shorten at a clause boundary to a prefix of the sentence', () => {
    const short = shortenAtClause('Every extinguisher carries a coloured band that shows its type: red for water, cream for foam, black for carbon dioxide and blue for dry powder.', 12, 'en');
    expect(short).toBe('Every extinguisher carries a coloured band that shows its type');
  });

  it('should not end a point after a dependent first clause', () => {
    const short = shortenAtClause(long, 12, 'en');
    expect(long.startsWith(short)).toBe(true);
    expect(short).not.toBe('When the fire alarm sounds');
  });

  it('should keep a sentence whole when no boundary gives a short enough prefix', () => {
    const s = 'Fire doors must be kept closed at all times because they hold back smoke and fire for at least thirty minutes in every part of the building.';
    expect(shortenAtClause(s, 10, 'en')).toBe(s);
  });

  it('should split a long sentence into sentences of its own words', () => {
    const s =
      'The employer is responsible for a written fire risk assessment of every part of the premises, and every employee is responsible for following the fire safety rules of the site at all times.';
    const parts = splitLongSentence(s, 'en');
    expect(parts).toEqual([
      'The employer is responsible for a written fire risk assessment of every part of the premises.',
      'Every employee is responsible for following the fire safety rules of the site at all times.',
    ]);
    expect(splitLongSentence('Short sentences stay as they are.', 'en')).toEqual(['Short sentences stay as they are.']);
  });
});

describe('extractive summary', () => {
  it('should quote sentences of the material in their original order within the word limit', () => {
    const limit = summaryWordLimit('short', fire.words);
    const units = summarySentences(fire, limit);
    expect(units.length).toBeGreaterThan(1);
    expect(units.map((u) => u.id)).toEqual([...units.map((u) => u.id)].sort((a, b) => a - b));
    for (const u of units) expect(material).toContain(u.text);
    expect(countWords(extractiveSummary(fire, limit))).toBeLessThanOrEqual(limit);
  });

  it('should cover several sections and grow with the requested length', () => {
    const short = summarySentences(fire, summaryWordLimit('short', fire.words));
    expect(new Set(short.map((u) => u.section)).size).toBeGreaterThanOrEqual(3);
    const long = summarySentences(fire, summaryWordLimit('long', fire.words));
    expect(long.length).toBeGreaterThanOrEqual(short.length);
    expect(summaryWordLimit('long', 100_000)).toBeGreaterThan(summaryWordLimit('short', 100_000));
  });
});

describe('glossary', () => {
  const glossary = buildGlossary(fire);

  it('should define terms only with sentences taken verbatim from the material', () => {
    expect(glossary.length).toBeGreaterThanOrEqual(4);
    for (const entry of glossary) {
      expect(material).toContain(entry.definition);
      expect(entry.definition.toLowerCase()).toContain(entry.term.toLowerCase());
    }
  });

  it('should find definitions of the common patterns', () => {
    const byTerm = new Map(glossary.map((e) => [e.term.toLowerCase(), e.definition]));
    expect(byTerm.get('fire warden')).toBe('A fire warden is a trained member of staff who checks that an assigned area has been cleared during an evacuation.');
    expect(byTerm.get('ignition temperature')).toMatch(/^The ignition temperature is the lowest temperature/);
    expect(byTerm.get('class b')).toMatch(/^Class B: fires involving flammable liquids/);
    // Mentioned often, never defined.
    expect(byTerm.has('dry powder')).toBe(false);
  });

  it('should work in Spanish', () => {
    const terms = buildGlossary(seguridad).map((e) => e.term);
    expect(terms).toEqual(expect.arrayContaining(['extintor', 'jefe de emergencias', 'triángulo del fuego']));
  });
});

describe('learning objectives', () => {
  it('should make one objective per heading with a verb of the requested level', () => {
    const basic = objectivesFromMaterial(fire, 'basic');
    expect(basic).toHaveLength(5);
    for (const o of basic) expect(FRAMING.en.bloom.basic.some((v) => o.startsWith(`${v} `))).toBe(true);
    expect(basic[0]).toBe('Identify why fire safety matters');
    const advanced = objectivesFromMaterial(fire, 'advanced');
    for (const o of advanced) expect(FRAMING.en.bloom.advanced.some((v) => o.startsWith(`${v} `))).toBe(true);
  });

  it('should walk through the levels for mixed complexity and use the material’s language', () => {
    const mixed = objectivesFromMaterial(fire, 'mixed');
    expect(FRAMING.en.bloom.basic.some((v) => mixed[0]!.startsWith(v))).toBe(true);
    expect(FRAMING.en.bloom.intermediate.some((v) => mixed[1]!.startsWith(v))).toBe(true);
    expect(FRAMING.en.bloom.advanced.some((v) => mixed[2]!.startsWith(v))).toBe(true);
    expect(objectivesFromMaterial(seguridad, 'intermediate')[0]).toBe('Explicar el triángulo del fuego');
  });

  it('should build objectives from the material’s own noun phrases when it has no headings', () => {
    const plain = analyseSource({ ...FIRE_SAFETY, sections: FIRE_SAFETY.sections.map((s) => ({ ...s, heading: '', level: 0 })) });
    const objectives = objectivesFromMaterial(plain, 'intermediate');
    expect(objectives.length).toBeGreaterThanOrEqual(3);
    const material = plain.materialLower;
    for (const o of objectives) {
      // A verb of the level, then two or more words the material writes.
      expect(o.split(' ').length).toBeGreaterThanOrEqual(3);
      expect(material).toContain(o.split(' ').slice(1, 3).join(' ').toLowerCase());
    }
  });

});
