// What the glossary operations answer a person, in one place.
export const GLOSSARY_MESSAGES = {
  termRequired: 'Enter the term.',
  termTooLong: 'A term has at most 200 characters.',
  translationTooLong: 'A translation has at most 200 characters.',
  language: (field: string) => `Choose a language for ${field}.`,
  sameLanguage: 'The target language must differ from the source language.',
  duplicate: 'The glossary already has this term for these languages.',
  notFound: 'Glossary term not found',
  companyNotFound: 'Company not found',
  tooMany: (max: number) => `A glossary holds at most ${max} terms.`,
} as const;
