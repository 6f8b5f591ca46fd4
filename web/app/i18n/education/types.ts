// The education centre's long texts (Best Practices, FAQ), one file per interface language with
// the same ids in each, so the screen pairs them and a test can check that none is missing.

export interface BestPractice {
  /** Stable across languages (kebab-case). */
  id: string;
  title: string;
  /** One or two sentences: the practice and why it helps learners. */
  text: string;
  /** Two to four concrete steps in the product. */
  tips: string[];
}

export interface FaqEntry {
  /** Stable across languages (kebab-case). */
  id: string;
  question: string;
  /** Plain text; a blank line separates paragraphs. */
  answer: string;
}

export interface EducationTexts {
  bestPractices: BestPractice[];
  faq: FaqEntry[];
}
