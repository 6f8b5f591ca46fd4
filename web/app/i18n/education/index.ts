// The education centre's long texts in the reader's language (English for any other).
import { isLanguage } from '../index';
import en from './en';
import es from './es';
import fr from './fr';
import type { EducationTexts } from './types';

const TEXTS: Record<'en' | 'es' | 'fr', EducationTexts> = { en, es, fr };

export function educationTexts(language: string): EducationTexts {
  return TEXTS[isLanguage(language) ? language : 'en'];
}
