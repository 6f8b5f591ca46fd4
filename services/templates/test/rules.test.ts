import { TIERS } from '@trainwright/catalogue';
import {
  BUILTIN_TEMPLATES,
  DIFFICULTY_ORDER,
  availableTemplates,
  contrastRatio,
  durationFor,
  foldText,
  getBuiltinTemplate,
  isTemplateAvailable,
  listTemplates,
  relativeLuminance,
  type CustomTemplate,
  type TemplateFields,
} from '../src/index.js';

const T = BUILTIN_TEMPLATES;
const ids = (list: readonly { id: string }[]) => list.map((t) => t.id);
const names = (list: readonly { name: string }[]) => list.map((t) => t.name);

function custom(overrides: Partial<CustomTemplate> = {}): CustomTemplate {
  const base = getBuiltinTemplate('hr-code-of-conduct')!;
  const { rank, builtIn, ...fields } = base;
  return { ...fields, id: 'custom-1', builtIn: false, ...overrides };
}

describe('difficulty and duration', () => {
  it('should map each difficulty to its duration band', () => {
    expect(durationFor('Beginner')).toBe('15-30 min');
    expect(durationFor('Intermediate')).toBe('30-60 min');
    expect(durationFor('Advanced')).toBe('60-90 min');
    expect(durationFor('Expert')).toBe('90+ min');
  });

  it('should order difficulties from Beginner to Expert', () => {
    expect(Object.entries(DIFFICULTY_ORDER).sort((a, b) => a[1] - b[1]).map(([d]) => d)).toEqual(['Beginner', 'Intermediate', 'Advanced', 'Expert']);
  });
});

describe('listTemplates', () => {
  it('should keep the rank order and return a new array when nothing is asked', () => {
    const list = listTemplates(T);
    expect(ids(list)).toEqual(ids(T));
    expect(list).not.toBe(T);
  });

  it('should filter by category, case-insensitively, with all or empty meaning every category', () => {
    expect(listTemplates(T, { category: 'Design' })).toHaveLength(25);
    expect(listTemplates(T, { category: 'human resources' })).toHaveLength(2);
    expect(listTemplates(T, { category: 'all' })).toHaveLength(49);
    expect(listTemplates(T, { category: '' })).toHaveLength(49);
    expect(listTemplates(T, { category: 'Sales' })).toEqual([]);
  });

  it('should filter by level', () => {
    const experts = listTemplates(T, { level: 'Expert' });
    expect(experts.length).toBeGreaterThan(0);
    expect(experts.every((t) => t.difficulty === 'Expert')).toBe(true);
    expect(listTemplates(T, { level: 'beginner' })).toEqual(T.filter((t) => t.difficulty === 'Beginner'));
    expect(listTemplates(T, { level: 'All' })).toHaveLength(49);
  });

  it('should combine search, category and level', () => {
    const list = listTemplates(T, { search: 'safety', category: 'Manufacturing', level: 'Beginner' });
    expect(ids(list)).toEqual(['manufacturing-workplace-safety']);
  });

  it('should search name, title, description, industry, features and section titles case-insensitively', () => {
    expect(ids(listTemplates(T, { search: 'CYBERSECURITY' }))).toEqual(['technology-cybersecurity-awareness']); // name
    expect(ids(listTemplates(T, { search: 'boardroom' }))).toEqual(['design-executive-slate']); // title
    expect(ids(listTemplates(T, { search: 'gala-style' }))).toEqual(['design-art-deco-gold']); // description
    expect(ids(listTemplates(T, { search: 'hospitality' }))).toContain('design-sunset-gradient'); // industry
    expect(ids(listTemplates(T, { search: 'empathy map' }))).toEqual(['creative-design-thinking']); // feature
    expect(ids(listTemplates(T, { search: 'exit ticket' }))).toEqual(['education-lesson-plan']); // section
    expect(listTemplates(T, { search: 'quantum blockchain' })).toEqual([]);
    expect(listTemplates(T, { search: '   ' })).toHaveLength(49);
  });

  it('should require every word of the search to match', () => {
    expect(ids(listTemplates(T, { search: 'phishing report' }))).toEqual(['technology-cybersecurity-awareness']);
    expect(listTemplates(T, { search: 'phishing lasagne' })).toEqual([]);
  });

  it('should ignore accents in the search and in the text', () => {
    expect(ids(listTemplates(T, { search: 'deco' }))).toEqual(['design-art-deco-gold']);
    expect(ids(listTemplates(T, { search: 'DÉCO' }))).toEqual(['design-art-deco-gold']);
    const mine = [custom({ id: 'fr', name: 'Sécurité au travail' }), custom({ id: 'other', name: 'Onboarding' })];
    expect(ids(listTemplates(mine, { search: 'securite' }))).toEqual(['fr']);
    expect(ids(listTemplates(mine, { search: 'SÉCURITÉ TRAVAIL' }))).toEqual(['fr']);
    expect(foldText('Ärzte Über Çà')).toBe('arzte uber ca');
  });

  it('should sort by name, ignoring case and accents', () => {
    const sorted = names(listTemplates(T, { sort: 'name' }));
    expect(sorted).toEqual([...sorted].sort((a, b) => (foldText(a) < foldText(b) ? -1 : 1)));
    expect(sorted.slice(0, 3)).toEqual(['API Developer Onboarding', 'Art Déco Gold', 'Blueprint']);
  });

  it('should sort by category A-Z with the name as tie-breaker', () => {
    const list = listTemplates(T, { sort: 'category' });
    expect(list[0]!.category).toBe('Business');
    expect(names(list.slice(0, 5))).toEqual(['Compliance Basics', 'Employee Onboarding', 'Leadership Essentials', 'Project Kickoff', 'Quarterly Business Review']);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!;
      const b = list[i]!;
      expect(a.category <= b.category).toBe(true);
      if (a.category === b.category) expect(foldText(a.name) < foldText(b.name)).toBe(true);
    }
  });

  it('should sort by difficulty order, then name', () => {
    const list = listTemplates(T, { sort: 'difficulty' });
    expect(list[0]!.difficulty).toBe('Beginner');
    expect(list[list.length - 1]!.difficulty).toBe('Expert');
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!;
      const b = list[i]!;
      const order = DIFFICULTY_ORDER[a.difficulty] - DIFFICULTY_ORDER[b.difficulty];
      expect(order).toBeLessThanOrEqual(0);
      if (order === 0) expect(foldText(a.name) < foldText(b.name)).toBe(true);
    }
  });

  it('should sort by number of slides, fewest first, then name', () => {
    const list = listTemplates(T, { sort: 'slides' });
    expect(list[0]!.name).toBe('Nordic Minimal'); // 8 slides, before Pastel Playground (8)
    expect(list[list.length - 1]!.slides).toBe(30);
    for (let i = 1; i < list.length; i++) {
      const a = list[i - 1]!;
      const b = list[i]!;
      expect(a.slides).toBeLessThanOrEqual(b.slides);
      if (a.slides === b.slides) expect(foldText(a.name) < foldText(b.name)).toBe(true);
    }
  });

  it('should be stable: entries equal on every key keep their input order', () => {
    const twins: TemplateFields[] = [custom({ id: 'b', name: 'Same' }), custom({ id: 'a', name: 'Same' }), custom({ id: 'c', name: 'Alpha' })];
    expect(listTemplates(twins, { sort: 'name' }).map((t) => (t as CustomTemplate).id)).toEqual(['c', 'b', 'a']);
    expect(listTemplates(twins, { sort: 'slides' }).map((t) => (t as CustomTemplate).id)).toEqual(['c', 'b', 'a']);
  });

  it('should not change the input', () => {
    const copy = [...T];
    listTemplates(copy, { sort: 'name' });
    expect(ids(copy)).toEqual(ids(T));
  });
});

describe('isTemplateAvailable', () => {
  it('should let each plan use the built-ins ranked within its templateCount', () => {
    const visible = (tier: keyof typeof TIERS) => availableTemplates(T, tier);
    expect(visible('free-trial')).toHaveLength(15);
    expect(visible('free-trial').map((t) => t.rank)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(visible('professional')).toHaveLength(30);
    expect(visible('business')).toHaveLength(49);
    expect(visible('enterprise')).toHaveLength(49);
  });

  it('should follow the catalogue limits rather than fixed numbers', () => {
    for (const tier of Object.values(TIERS)) {
      expect(availableTemplates(T, tier.id)).toHaveLength(Math.min(T.length, tier.limits.templateCount));
    }
  });

  it('should unlock exactly at the boundary', () => {
    expect(isTemplateAvailable(T[14]!, 'free-trial')).toBe(true); // rank 15
    expect(isTemplateAvailable(T[15]!, 'free-trial')).toBe(false); // rank 16
    expect(isTemplateAvailable(T[29]!, 'professional')).toBe(true); // rank 30
    expect(isTemplateAvailable(T[30]!, 'professional')).toBe(false); // rank 31
  });

  it('should always allow a company its own templates', () => {
    expect(isTemplateAvailable(custom(), 'free-trial')).toBe(true);
    expect(availableTemplates([...T, custom()], 'free-trial')).toHaveLength(16);
  });

  it('should unlock nothing built in for an unknown tier', () => {
    expect(isTemplateAvailable(T[0]!, 'gold' as never)).toBe(false);
  });
});

describe('contrastRatio', () => {
  it('should follow the WCAG formula', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#0000ff', '#ffffff')).toBeCloseTo(8.59, 2);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
  });

  it('should not depend on the order or the letter case', () => {
    expect(contrastRatio('#1D4ED8', '#ffffff')).toBe(contrastRatio('#ffffff', '#1d4ed8'));
  });

  it('should refuse anything but #rrggbb', () => {
    expect(() => contrastRatio('#fff', '#000000')).toThrow(RangeError);
    expect(() => contrastRatio('red', '#000000')).toThrow(RangeError);
  });
});
