import { countWords, splitSentences } from '@trainwright/formats';
import { sourceText } from '../../../src/domain/source.js';
import type { SourceDocument } from '../../../src/domain/types.js';
import { LONG_SENTENCE_WORDS } from '../../../src/adapters/offline/clauses.js';
import { DATED_PHRASES, type RefreshOptions, coreConcepts, refreshSource } from '../../../src/adapters/offline/refresh.js';
import { analyseSource } from '../../../src/adapters/offline/text-analysis.js';
import { DATED_FIRE_SAFETY, DATED_PHRASES_USED } from './fixtures.js';

const ALL_ON: RefreshOptions = {
  modernizeLanguage: true,
  improveEngagement: true,
  maintainCoreConcepts: true,
  updateExamples: true,
  industryUpdates: true,
  contentAge: '25 years',
};

const occurs = (phrase: string, text: string) => new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(text);
const longSentences = (text: string) => text.split('\n').flatMap((l) => splitSentences(l)).filter((s) => countWords(s.text) > LONG_SENTENCE_WORDS).length;

describe('refreshSource', () => {
  const original = analyseSource(DATED_FIRE_SAFETY);
  const result = refreshSource(DATED_FIRE_SAFETY, original, ALL_ON);
  const before = sourceText(DATED_FIRE_SAFETY);
  const after = sourceText(result.source);

  it('should replace every dated phrase with current wording', () => {
    for (const phrase of DATED_PHRASES_USED) {
      expect(occurs(phrase, before)).toBe(true);
      expect(occurs(phrase, after)).toBe(false);
    }
    expect(after).toContain('To report a hazard, staff should use the form on the web or send an email to the facilities manager.');
    expect(after).toContain('The fire warden will start the roll call before the arrival of the fire service.');
    expect([...result.replaced.keys()].sort()).toEqual([...DATED_PHRASES_USED].sort());
    expect(result.notices.join('\n')).toContain('"facsimile" -> "fax" (1)');
  });

  it('should keep every key term of the original verbatim', () => {
    expect(original.terms.length).toBeGreaterThan(10);
    expect(coreConcepts(original)).toEqual(original.terms);
    for (const term of original.terms) expect(after.toLowerCase()).toContain(term.display.toLowerCase());
  });

  it('should split long sentences at clause boundaries without adding words', () => {
    expect(result.splits).toBeGreaterThan(0);
    expect(longSentences(after)).toBeLessThan(longSentences(before));
    const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu));
    const added = [...words(after)].filter((w) => !words(before).has(w));
    // Only the current wording of the dictionary is new.
    const current = DATED_PHRASES.en.filter(([from]) => DATED_PHRASES_USED.includes(from)).flatMap(([, to]) => to.split(' '));
    expect(added.length).toBeGreaterThan(0);
    for (const w of added) expect(current).toContain(w);
  });

  it('should list what it did not change and why', () => {
    const notices = result.notices.join('\n');
    expect(notices).toContain('content age given: 25 years');
    expect(notices).toMatch(/Sentences with dated examples to review: ".*fax.*"/);
    expect(notices).toContain('Industry updates were not added');
    expect(notices).toMatch(/Split long sentences at clause boundaries: \d+ split/);
  });

  it('should change nothing when every option is off', () => {
    const off = refreshSource(DATED_FIRE_SAFETY, original, { ...ALL_ON, modernizeLanguage: false, improveEngagement: false, updateExamples: false, industryUpdates: false });
    expect(off.source).toEqual(DATED_FIRE_SAFETY);
    expect(off.replaced.size).toBe(0);
  });

  it('should keep a dated phrase that is part of a core concept, and replace it when concepts need not be kept', () => {
    const doc: SourceDocument = {
      title: 'E-mail policy',
      format: 'text',
      origin: 'pasted text',
      sections: [
        {
          heading: 'The e-mail policy',
          level: 1,
          paragraphs: [
            'The e-mail policy applies to every member of staff. Read the e-mail policy before you send messages to customers. Managers explain the e-mail policy to new staff in order to avoid mistakes.',
          ],
          bullets: [],
          tables: [],
          notes: [],
        },
      ],
    };
    const analysis = analyseSource(doc);
    expect(analysis.terms.map((t) => t.display)).toContain('e-mail policy');
    // 'order' only occurs in 'in order to': an idiom, not a concept to keep.
    expect(coreConcepts(analysis).map((t) => t.display)).not.toContain('order');
    const kept = refreshSource(doc, analysis, ALL_ON);
    expect(sourceText(kept.source)).toContain('Managers explain the e-mail policy to new staff to avoid mistakes.');
    expect(kept.notices.join('\n')).toContain('Kept as written because they are part of core concepts: "e-mail"');
    const replaced = refreshSource(doc, analysis, { ...ALL_ON, maintainCoreConcepts: false });
    expect(sourceText(replaced.source)).toContain('Managers explain the email policy to new staff to avoid mistakes.');
    expect(sourceText(replaced.source)).not.toContain('e-mail');
  });
});
