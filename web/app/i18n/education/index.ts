// The education centre's long texts in the reader's language (English for any other), the FAQ's
// figures filled from the plan catalogue (faq-values.ts).
import { isLanguage } from '../index';
import en from './en';
import es from './es';
import fr from './fr';
import { faqValues, fillFigures } from './faq-values';
import type { EducationTexts } from './types';

export const EDUCATION_TEXTS: Record<'en' | 'es' | 'fr', EducationTexts> = { en, es, fr };

export function educationTexts(language: string): EducationTexts {
  const lang = isLanguage(language) ? language : 'en';
  const texts = EDUCATION_TEXTS[lang];
  const values = faqValues(lang);
  return { ...texts, faq: texts.faq.map((entry) => ({ ...entry, question: fillFigures(entry.question, values), answer: fillFigures(entry.answer, values) })) };
}
