import {
  BACKGROUND_TYPES,
  BORDER_STYLES,
  BUILTIN_TEMPLATES,
  DESIGN_TYPES,
  DIFFICULTIES,
  FONT_FAMILIES,
  FONT_STYLES,
  IMAGE_STYLES,
  LAYOUTS,
  SIDEBAR_PATTERNS,
  TEMPLATE_CATEGORIES,
  availableTemplates,
  categoryCounts,
  contrastRatio,
  durationFor,
  getBuiltinTemplate,
  validateCustomTemplate,
} from '../src/index.js';

const T = BUILTIN_TEMPLATES;

describe('built-in templates', () => {
  it('should hold 49 templates with the category counts of the specification', () => {
    expect(T).toHaveLength(49);
    expect(categoryCounts(T)).toEqual({
      Business: 5,
      Technology: 5,
      Design: 25,
      Healthcare: 3,
      Education: 2,
      Marketing: 3,
      'Human Resources': 2,
      Manufacturing: 2,
      Creative: 2,
    });
  });

  it('should label sales and branding templates Marketing', () => {
    expect(getBuiltinTemplate('marketing-sales-playbook')?.category).toBe('Marketing');
    expect(getBuiltinTemplate('marketing-brand-guidelines')?.category).toBe('Marketing');
    expect(T.filter((t) => /sales|brand/i.test(t.name) && t.category !== 'Design').every((t) => t.category === 'Marketing')).toBe(true);
  });

  it('should give each template a unique slug id prefixed by its category', () => {
    const prefix: Record<string, string> = {
      Business: 'business-',
      Technology: 'technology-',
      Design: 'design-',
      Healthcare: 'healthcare-',
      Education: 'education-',
      Marketing: 'marketing-',
      'Human Resources': 'hr-',
      Manufacturing: 'manufacturing-',
      Creative: 'creative-',
    };
    expect(new Set(T.map((t) => t.id)).size).toBe(T.length);
    for (const t of T) {
      expect(t.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
      expect(t.id.startsWith(prefix[t.category]!)).toBe(true);
      expect(getBuiltinTemplate(t.id)).toBe(t);
    }
    expect(getBuiltinTemplate('business-quarterly-review')?.name).toBe('Quarterly Business Review');
    expect(getBuiltinTemplate('no-such-template')).toBeUndefined();
  });

  it('should rank the templates 1..49, in array order, all built in', () => {
    expect(T.map((t) => t.rank)).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    expect(T.every((t) => t.builtIn === true)).toBe(true);
  });

  it('should give designElements to every Design template and only to those', () => {
    for (const t of T) {
      if (t.category === 'Design') {
        expect(t.designElements).toBeDefined();
        expect(DESIGN_TYPES).toContain(t.designElements!.type);
        expect(SIDEBAR_PATTERNS).toContain(t.designElements!.sidebarPattern);
        expect(BORDER_STYLES).toContain(t.designElements!.borderStyle);
        expect(BACKGROUND_TYPES).toContain(t.designElements!.backgroundType);
      } else {
        expect(t).not.toHaveProperty('designElements');
      }
    }
  });

  it('should use lower-case #rrggbb colours only', () => {
    for (const t of T) {
      expect(Object.keys(t.colorScheme).sort()).toEqual(['accent', 'background', 'primary', 'secondary', 'text']);
      for (const value of Object.values(t.colorScheme)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('should keep text on background at 4.5:1 or more and primary on background at 3:1 or more', () => {
    const failing = T.filter(
      (t) => contrastRatio(t.colorScheme.text, t.colorScheme.background) < 4.5 || contrastRatio(t.colorScheme.primary, t.colorScheme.background) < 3,
    ).map((t) => t.id);
    expect(failing).toEqual([]);
  });

  it('should derive the duration band from the difficulty', () => {
    for (const t of T) {
      expect(DIFFICULTIES).toContain(t.difficulty);
      expect(t.duration).toBe(durationFor(t.difficulty));
    }
    expect(new Set(T.map((t) => t.difficulty))).toEqual(new Set(DIFFICULTIES));
  });

  it('should use only the closed sets for category, layout, fonts, font style and image style', () => {
    for (const t of T) {
      expect(TEMPLATE_CATEGORIES).toContain(t.category);
      expect(LAYOUTS).toContain(t.layout);
      expect(FONT_FAMILIES).toContain(t.fonts.heading);
      expect(FONT_FAMILIES).toContain(t.fonts.body);
      expect(FONT_STYLES).toContain(t.fontStyle);
      expect(IMAGE_STYLES).toContain(t.imageStyle);
    }
    // The catalogue exercises every layout, so the exports must render all of them.
    expect(new Set(T.map((t) => t.layout))).toEqual(new Set(LAYOUTS));
  });

  it('should have 5 to 30 slides, 4 to 8 sections and real text in every field', () => {
    for (const t of T) {
      expect(Number.isInteger(t.slides)).toBe(true);
      expect(t.slides).toBeGreaterThanOrEqual(5);
      expect(t.slides).toBeLessThanOrEqual(30);
      expect(t.content.sections.length).toBeGreaterThanOrEqual(4);
      expect(t.content.sections.length).toBeLessThanOrEqual(8);
      expect(new Set(t.content.sections).size).toBe(t.content.sections.length);
      expect(t.features.length).toBeGreaterThanOrEqual(3);
      for (const s of [t.name, t.title, t.description, t.industry, t.content.title, ...t.features, ...t.content.sections]) {
        expect(s.trim()).toBe(s);
        expect(s.length).toBeGreaterThan(2);
      }
    }
  });

  it('should make every template distinct', () => {
    const distinct = (f: (t: (typeof T)[number]) => string) => expect(new Set(T.map(f)).size).toBe(T.length);
    distinct((t) => t.name);
    distinct((t) => t.description);
    distinct((t) => t.content.title);
    distinct((t) => t.content.sections.join('|'));
    distinct((t) => JSON.stringify(t.colorScheme));
    distinct((t) => JSON.stringify([t.colorScheme, t.layout, t.designElements]));
  });

  it('should pass the custom-template validation unchanged', () => {
    for (const t of T) {
      // The translations are the catalogue's own: a company's template keeps only its own text.
      const { id, rank, builtIn, translations, ...fields } = t;
      const result = validateCustomTemplate(fields);
      expect(result).toEqual({ ok: true, template: fields });
    }
  });

  it('should be frozen, so no caller can change the shared catalogue', () => {
    const t = T[0]!;
    expect(Object.isFrozen(t)).toBe(true);
    expect(Object.isFrozen(t.colorScheme)).toBe(true);
    expect(Object.isFrozen(t.content.sections)).toBe(true);
    expect(() => {
      (t as { name: string }).name = 'changed';
    }).toThrow(TypeError);
  });

  it('should offer every category on every plan', () => {
    for (const tier of ['free-trial', 'professional', 'business', 'enterprise'] as const) {
      const counts = categoryCounts(availableTemplates(T, tier));
      for (const category of TEMPLATE_CATEGORIES) expect(counts[category]).toBeGreaterThan(0);
    }
  });
});
