// The built-ins' names and descriptions in Spanish and French (builtin-translations.ts), and
// templateText, which picks what a card shows in the interface language.
import { describe, expect, it } from '@jest/globals';
import { BUILTIN_TEMPLATES, templateText, type CustomTemplate } from '../src/index.js';

describe('built-in template translations', () => {
  it.each(['es', 'fr'] as const)('gives every one of the 49 built-ins a %s name and description of its own', (language) => {
    expect(BUILTIN_TEMPLATES).toHaveLength(49);
    for (const template of BUILTIN_TEMPLATES) {
      const shown = templateText(template, language);
      expect({ id: template.id, name: shown.name.trim().length > 0, description: shown.description.trim().length > 0 }).toEqual({ id: template.id, name: true, description: true });
      // Translated, not the English text passed through.
      expect({ id: template.id, same: shown.description === template.description }).toEqual({ id: template.id, same: false });
    }
    const names = BUILTIN_TEMPLATES.map((t) => templateText(t, language).name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('shows the English text in English, for another language, and for a company template', () => {
    const onboarding = BUILTIN_TEMPLATES[0]!;
    expect(templateText(onboarding, 'es')).toEqual({ name: 'Incorporación de empleados', description: expect.stringContaining('90 días') });
    expect(templateText(onboarding, 'fr-CA').name).toBe('Intégration des collaborateurs');
    expect(templateText(onboarding, 'en')).toEqual({ name: 'Employee Onboarding', description: onboarding.description });
    expect(templateText(onboarding, 'de').name).toBe('Employee Onboarding');
    const custom: Pick<CustomTemplate, 'name' | 'description'> = { name: 'Our Safety Day', description: 'Ours.' };
    expect(templateText(custom, 'es')).toEqual({ name: 'Our Safety Day', description: 'Ours.' });
  });

});
