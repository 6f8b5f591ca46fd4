// The /docs articles in the reader's language (English for any other).
import { isLanguage } from '../index';
import en from './en';
import es from './es';
import fr from './fr';
import type { DocArticle, DocsTexts } from './types';

const TEXTS: Record<'en' | 'es' | 'fr', DocsTexts> = { en, es, fr };

export function docsTexts(language: string): DocsTexts {
  return TEXTS[isLanguage(language) ? language : 'en'];
}

/** The article at /docs/{slug} in the reader's language; null for an address that holds none. */
export function docArticle(language: string, slug: string): DocArticle | null {
  return docsTexts(language).articles.find((a) => a.slug === slug) ?? null;
}
