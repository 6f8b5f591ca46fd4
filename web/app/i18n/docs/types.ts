// The /docs pages: user documentation articles, one file per interface language with the same
// slugs in each, so /docs/{slug} is one address in every language.

export interface DocSection {
  heading: string;
  /** Plain text paragraphs. */
  paragraphs: string[];
  /** An optional list shown after the paragraphs. */
  points?: string[];
}

export interface DocArticle {
  /** Stable across languages (kebab-case); the page's address is /docs/{slug}. */
  slug: string;
  title: string;
  /** One sentence for the index. */
  summary: string;
  sections: DocSection[];
}

export interface DocsTexts {
  articles: DocArticle[];
}
