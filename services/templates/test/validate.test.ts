import { DEFAULT_FONTS, MAX_SECTIONS, validateCustomTemplate, type TemplateFieldError } from '../src/index.js';

function good(): Record<string, unknown> {
  return {
    name: '  Forklift Induction  ',
    title: 'Forklift Induction for New Drivers',
    description: 'Pre-use checks, load handling and pedestrian safety.',
    category: 'Manufacturing',
    difficulty: 'Advanced',
    slides: 18,
    industry: 'Logistics',
    colorScheme: { primary: '#B45309', secondary: '#fde68a', accent: '#1e3a8a', background: '#ffffff', text: '#1c1917' },
    layout: 'timeline',
    fonts: { heading: 'Liberation Sans', body: 'Noto Sans' },
    fontStyle: 'professional',
    imageStyle: 'realistic',
    features: ['Pre-use checklist', 'Load chart examples'],
    content: { title: 'Driving Safely', sections: ['Pre-use inspection', ' Load handling ', 'Pedestrians and traffic routes'] },
  };
}

function fieldsOf(input: unknown): string[] {
  const result = validateCustomTemplate(input);
  return result.ok ? [] : result.errors.map((e) => e.field);
}

function errorsOf(input: unknown): TemplateFieldError[] {
  const result = validateCustomTemplate(input);
  if (result.ok) throw new Error('expected the input to be refused');
  return result.errors;
}

describe('validateCustomTemplate', () => {
  it('should accept a good input and return it cleaned', () => {
    const result = validateCustomTemplate(good());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.template).toEqual({
      ...good(),
      name: 'Forklift Induction',
      duration: '60-90 min',
      colorScheme: { primary: '#b45309', secondary: '#fde68a', accent: '#1e3a8a', background: '#ffffff', text: '#1c1917' },
      content: { title: 'Driving Safely', sections: ['Pre-use inspection', 'Load handling', 'Pedestrians and traffic routes'] },
    });
  });

  it('should drop id, rank, builtIn and unknown keys, and derive the duration', () => {
    const result = validateCustomTemplate({ ...good(), id: 'business-quarterly-review', rank: 1, builtIn: true, duration: '5 min', extra: 'x' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.template).not.toHaveProperty('id');
    expect(result.template).not.toHaveProperty('rank');
    expect(result.template).not.toHaveProperty('builtIn');
    expect(result.template).not.toHaveProperty('extra');
    expect(result.template.duration).toBe('60-90 min');
  });

  it('should fill the optional fields with their defaults', () => {
    const { title, description, industry, fonts, fontStyle, imageStyle, features, ...rest } = good();
    const result = validateCustomTemplate({ ...rest, content: { sections: ['Only one'] } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.template).toMatchObject({
      title: 'Forklift Induction',
      description: '',
      industry: '',
      fontStyle: 'professional',
      imageStyle: 'professional',
      fonts: DEFAULT_FONTS.professional,
      features: [],
      content: { title: 'Forklift Induction', sections: ['Only one'] },
    });
    expect(result.template).not.toHaveProperty('designElements');
  });

  it('should keep valid design elements and name each bad one', () => {
    const designElements = { type: 'minimal', sidebarPattern: 'dots', borderStyle: 'rounded', backgroundType: 'gradient' };
    const result = validateCustomTemplate({ ...good(), designElements });
    expect(result.ok && result.template.designElements).toEqual(designElements);
    expect(fieldsOf({ ...good(), designElements: { type: 'fancy', sidebarPattern: 'dots', borderStyle: 'zigzag', backgroundType: 'solid' } })).toEqual([
      'designElements.type',
      'designElements.borderStyle',
    ]);
    expect(fieldsOf({ ...good(), designElements: 'gradient' })).toEqual(['designElements']);
  });

  it('should require a name after trimming', () => {
    for (const name of [undefined, '', '   \t ']) {
      expect(errorsOf({ ...good(), name })).toEqual([{ field: 'name', message: 'Template name is required' }]);
    }
  });

  it('should name every bad field of a bad input', () => {
    const bad = {
      name: 42,
      title: 'x'.repeat(121),
      description: 'Line one\u0000',
      category: 'Sales',
      difficulty: 'Easy',
      slides: 0,
      industry: 'y'.repeat(61),
      colorScheme: { primary: 'blue', secondary: '#12345', accent: '#abcdefa', background: '#fff', text: 'rgb(0,0,0)' },
      layout: 'carousel',
      fonts: { heading: 'Comic Sans MS', body: 'Arial' },
      fontStyle: 'gothic',
      imageStyle: 'blurry',
      features: ['ok', ''],
      content: { title: 'z'.repeat(121), sections: ['fine', 'a'.repeat(201)] },
    };
    expect(fieldsOf(bad).sort()).toEqual(
      [
        'name',
        'title',
        'description',
        'industry',
        'category',
        'difficulty',
        'layout',
        'fontStyle',
        'imageStyle',
        'slides',
        'colorScheme.primary',
        'colorScheme.secondary',
        'colorScheme.accent',
        'colorScheme.background',
        'colorScheme.text',
        'fonts.heading',
        'fonts.body',
        'features[1]',
        'content.title',
        'content.sections[1]',
      ].sort(),
    );
  });

  it('should give readable messages', () => {
    const errors = errorsOf({ ...good(), category: 'Sales', slides: 500, colorScheme: { ...(good().colorScheme as object), text: 'black' } });
    expect(errors).toContainEqual({ field: 'category', message: expect.stringContaining('Category must be one of: Business, Technology, Design') });
    expect(errors).toContainEqual({ field: 'slides', message: 'Slides must be a whole number from 1 to 200' });
    expect(errors).toContainEqual({ field: 'colorScheme.text', message: 'The text colour must be a hex colour like #1a2b3c' });
  });

  it('should bound the number of slides to 1..200 whole slides', () => {
    expect(fieldsOf({ ...good(), slides: 1 })).toEqual([]);
    expect(fieldsOf({ ...good(), slides: 200 })).toEqual([]);
    for (const slides of [0, 201, 2.5, '10', Number.NaN, undefined]) expect(fieldsOf({ ...good(), slides })).toEqual(['slides']);
  });

  it('should require 1 to 50 non-empty sections of at most 200 characters', () => {
    const withSections = (sections: unknown) => ({ ...good(), content: { title: 'T', sections } });
    expect(fieldsOf(withSections(['a'.repeat(200)]))).toEqual([]);
    expect(fieldsOf(withSections(Array.from({ length: MAX_SECTIONS }, (_, i) => `Section ${i + 1}`)))).toEqual([]);
    expect(fieldsOf(withSections([]))).toEqual(['content.sections']);
    expect(fieldsOf(withSections(Array.from({ length: 51 }, (_, i) => `Section ${i + 1}`)))).toEqual(['content.sections']);
    expect(fieldsOf(withSections('Intro'))).toEqual(['content.sections']);
    expect(fieldsOf(withSections(['Intro', '  ', 7]))).toEqual(['content.sections[1]', 'content.sections[2]']);
    expect(fieldsOf({ ...good(), content: undefined })).toEqual(['content']);
  });

  it('should refuse control characters in any text', () => {
    expect(fieldsOf({ ...good(), name: 'Bell\u0007' })).toEqual(['name']);
    expect(fieldsOf({ ...good(), industry: 'Line\nbreak' })).toEqual(['industry']);
    expect(fieldsOf({ ...good(), content: { title: 'T', sections: ['Tab\there'] } })).toEqual(['content.sections[0]']);
    expect(fieldsOf({ ...good(), features: ['C1\u0085'] })).toEqual(['features[0]']);
    expect(errorsOf({ ...good(), name: 'Bell\u0007' })[0]!.message).toBe('Template name must not contain control characters');
  });

  it('should count characters, not UTF-16 units, against the length bounds', () => {
    expect(fieldsOf({ ...good(), name: '🎓'.repeat(80) })).toEqual([]);
    expect(fieldsOf({ ...good(), name: '🎓'.repeat(81) })).toEqual(['name']);
  });

  it('should accept accented text and normalise it to NFC', () => {
    const result = validateCustomTemplate({ ...good(), name: 'Se\u0301curite\u0301 au travail' });
    expect(result.ok && result.template.name).toBe('Sécurité au travail');
  });

  it('should refuse more than 20 features and a non-list', () => {
    expect(fieldsOf({ ...good(), features: Array.from({ length: 21 }, (_, i) => `F${i}`) })).toEqual(['features']);
    expect(fieldsOf({ ...good(), features: 'one' })).toEqual(['features']);
  });

  it('should refuse a missing colour scheme or anything that is not an object', () => {
    expect(fieldsOf({ ...good(), colorScheme: undefined })).toEqual(['colorScheme']);
    for (const input of [null, 'template', 42, []]) {
      expect(errorsOf(input)).toEqual([{ field: 'template', message: 'Template must be an object' }]);
    }
  });
});
