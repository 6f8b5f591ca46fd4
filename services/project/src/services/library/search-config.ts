// The PostgreSQL text search configuration of a document's language: its stemmer and stop words
// (PostgreSQL's own), 'simple' (no stemming) for a language it has none for.
const CONFIGS: Record<string, string> = {
  en: 'english',
  es: 'spanish',
  fr: 'french',
  de: 'german',
  it: 'italian',
  pt: 'portuguese',
  nl: 'dutch',
};

export function searchConfigOf(language: string): string {
  return CONFIGS[language] ?? 'simple';
}
