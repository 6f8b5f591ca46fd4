import { CONTENT_LANGUAGES, TIERS, languageNames, supportedLanguages } from '../src/index.js';

describe('content languages', () => {
  it('should list the 20 languages of the tier table, each with its English and native name', () => {
    expect(CONTENT_LANGUAGES).toHaveLength(20);
    expect(CONTENT_LANGUAGES).toEqual(TIERS.enterprise.limits.languages);
    const all = supportedLanguages();
    expect(Object.keys(all)).toEqual([...CONTENT_LANGUAGES]);
    expect(all.es).toEqual({ name: 'Spanish', native_name: 'español' });
    expect(all.de).toEqual({ name: 'German', native_name: 'Deutsch' });
    expect(languageNames('ja').native_name).toBe('日本語');
    for (const [code, names] of Object.entries(all)) expect({ code, ok: names.name !== code && names.native_name !== code }).toEqual({ code, ok: true });
  });
});
