// The education centre's and the documentation's long texts: the same ids in every language, every
// FAQ figure filled from the plan catalogue (none typed into an answer), and the figures as the
// catalogue has them today.
import { describe, expect, it } from '@jest/globals';
import { ADD_ONS, TIERS } from '@trainwright/catalogue';
import { docArticle, docsTexts } from '../app/i18n/docs/index.js';
import { EDUCATION_TEXTS, educationTexts } from '../app/i18n/education/index.js';
import { faqValues, fillFigures } from '../app/i18n/education/faq-values.js';
import { courseText, durationText } from '../app/lib/education.js';
import en from '../app/i18n/en.js';

const LANGUAGES = ['en', 'es', 'fr'] as const;
/** Digits an answer may hold that are names, not figures: SCORM 1.2 and 2004 (4th edition), cmi5, MP4, "at least 1 minute". */
const NAMES_WITH_DIGITS = /SCORM 1\.2|2004|4th|4\.ª|4e|cmi5|MP4|\b1\b/g;

describe('education centre texts', () => {
  it('should hold the same practices and questions, in the same order, in every language', () => {
    const ids = (lang: (typeof LANGUAGES)[number]) => ({ practices: EDUCATION_TEXTS[lang].bestPractices.map((p) => p.id), faq: EDUCATION_TEXTS[lang].faq.map((f) => f.id) });
    expect(ids('en').practices).toHaveLength(8);
    expect(ids('en').faq.length).toBeGreaterThanOrEqual(12);
    for (const lang of LANGUAGES) expect(ids(lang)).toEqual(ids('en'));
  });

  it('should take every figure of the FAQ from the catalogue, the same figures in every language', () => {
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const entry of EDUCATION_TEXTS.en.faq) {
      for (const lang of LANGUAGES) {
        const own = EDUCATION_TEXTS[lang].faq.find((f) => f.id === entry.id)!;
        expect([entry.id, names(own.answer)]).toEqual([entry.id, names(entry.answer)]);
        // No figure typed in: what is left after the placeholders and the names is words.
        const bare = own.answer.replace(/\{\{\w+\}\}/g, '').replace(NAMES_WITH_DIGITS, '');
        expect([entry.id, lang, bare.match(/\d+/g)]).toEqual([entry.id, lang, null]);
      }
    }
    for (const lang of LANGUAGES) expect(() => educationTexts(lang)).not.toThrow();
    expect(() => fillFigures('{{noSuchFigure}}', faqValues('en'))).toThrow(/noSuchFigure/);
  });

  it('should state the plans as the catalogue has them', () => {
    const faq = Object.fromEntries(educationTexts('en').faq.map((f) => [f.id, f.answer]));
    expect(faq['plans-and-prices']).toContain(`Professional: $${TIERS.professional.price}.00 a month`);
    expect(faq['free-trial']).toContain(`${TIERS['free-trial'].limits.trialDays} days`);
    expect(faq['users-and-companies']).toContain(`Enterprise ${TIERS.enterprise.limits.userLimit}`);
    expect(faq['add-ons']).toContain(`$${ADD_ONS.enhanced_ai_agent.pricePerMonth}.00 a month`);
    expect(faq['team-roles']).toMatch(/Owner.*Editor.*Commenter.*Viewer/s);
    // Formatted for the reader: Spanish amounts as Spanish writes them.
    expect(educationTexts('es').faq.find((f) => f.id === 'plans-and-prices')!.answer).toContain(new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(TIERS.business.price));
    // Any other language reads English.
    expect(educationTexts('de')).toEqual(educationTexts('en'));
  });

  it('should name each course in the reader language and show a video length as the player does', () => {
    const t = ((key: string, options?: { defaultValue?: string }) => {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
      return typeof value === 'string' ? value : (options?.defaultValue ?? key);
    }) as never;
    expect(courseText(t, { slug: 'working-as-a-team', title: 'Working as a team' })).toEqual({ title: 'Working as a team', summary: 'Roles, invitations, comments and real-time co-editing.' });
    expect(courseText(t, { slug: 'a-new-course', title: 'A new course' })).toEqual({ title: 'A new course', summary: '' });
    expect([durationText(69.49), durationText(0), durationText(600)]).toEqual(['1:09', '0:00', '10:00']);
  });
});

describe('documentation texts', () => {
  it('should hold the same articles at the same addresses in every language', () => {
    const slugs = docsTexts('en').articles.map((a) => a.slug);
    expect(slugs).toHaveLength(7);
    for (const lang of LANGUAGES) {
      expect(docsTexts(lang).articles.map((a) => a.slug)).toEqual(slugs);
      for (const article of docsTexts(lang).articles) expect(article.sections.length).toBeGreaterThanOrEqual(3);
    }
    expect(docArticle('fr', 'teams-and-roles')?.title).toBe(docsTexts('fr').articles.find((a) => a.slug === 'teams-and-roles')!.title);
    expect(docArticle('en', 'no-such-article')).toBeNull();
  });
});
