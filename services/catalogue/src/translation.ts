// What the translation rules say to a user (part 1 section 8 and the translation API): the texts
// the service answers with and the web app shows, and the check of the languages a translation
// may target under a plan.
import { CONTENT_LANGUAGES, languageNames } from './languages.js';
import { TIERS, type TierId } from './plans.js';
import { defineMessages } from './messages.js';

const nameOf = (code: string) => languageNames(code).name;

export const TRANSLATION_MESSAGES = defineMessages('translation', {
  started: 'Translation started successfully! Processing in background.',
  noLanguage: 'Select at least one language to translate into.',
  tooManyLanguages: (max: number) => `Choose at most ${max} languages at a time.`,
  unknownLanguage: (code: string) => `Unknown language: ${code}.`,
  alreadyPrimary: (code: string) => `The project is already in ${nameOf(code)}.`,
  notInPlan: (tier: TierId, code: string) =>
    `Your ${TIERS[tier].name} plan includes translation into ${new Intl.ListFormat('en', { type: 'conjunction' }).format(TIERS[tier].limits.languages.map(nameOf))}. Upgrade to translate into ${nameOf(code)}.`,
  notFound: 'Translation not found',
  noContent: 'Generate the project\'s content before translating it.',
  primarySet: (code: string) => `Primary language set to ${nameOf(code)}`,
  primaryNeedsTranslation: (code: string) => `Translate the project into ${nameOf(code)} before making it the primary language.`,
  primaryStale: (code: string) => `The project changed after it was translated into ${nameOf(code)}. Translate it again, then make it the primary language.`,
  deleted: (code: string) => `Translation for ${nameOf(code)} deleted`,
  notCompleted: (code: string) => `The translation into ${nameOf(code)} is not finished yet.`,
  editConflict: 'This translation was changed meanwhile. Reload it and make your edit again.',
  slideNotFound: 'Slide not found',
  tooLong: (max: number) => `This project holds more text than one translation takes (${max.toLocaleString('en-US')} characters). Split it into smaller projects.`,
  xliffOutdated: (unit: string) => `The XLIFF document was made from another version of this translation (unit ${unit} differs). Export it again and apply the review to the new one.`,
  startFailed: 'Failed to start translation process',
  failed: 'Translation failed',
} as const);

/**
 * The product's own fixed headings, in every language it ships them in (the offline generator
 * writes them: framing.ts takes them from here). A translated deck takes them from this table,
 * not from the engine, so 'Learning objectives' is 'Objetivos de aprendizaje' whatever the engine says.
 */
export const PRODUCT_HEADINGS = {
  en: { introduction: 'Introduction', objectives: 'Learning objectives', objectivesFriendly: 'What you will learn', summary: 'Summary', summaryFriendly: 'Key takeaways', knowledgeCheck: 'Knowledge check' },
  es: { introduction: 'Introducción', objectives: 'Objetivos de aprendizaje', objectivesFriendly: 'Lo que aprenderá', summary: 'Resumen', summaryFriendly: 'Ideas clave', knowledgeCheck: 'Comprobación de conocimientos' },
  fr: { introduction: 'Introduction', objectives: "Objectifs d'apprentissage", objectivesFriendly: 'Ce que vous allez apprendre', summary: 'Résumé', summaryFriendly: 'À retenir', knowledgeCheck: 'Vérification des connaissances' },
} as const satisfies Record<string, Record<string, string>>;

export type ProductHeadingKey = keyof (typeof PRODUCT_HEADINGS)['en'];

/** `text` (one heading, as written) in `to` when it is one of the product's headings in `from` and shipped in `to`; else null. */
export function productHeading(text: string, from: string, to: string): string | null {
  const source = (PRODUCT_HEADINGS as Record<string, Record<ProductHeadingKey, string>>)[from];
  const target = (PRODUCT_HEADINGS as Record<string, Record<ProductHeadingKey, string>>)[to];
  if (!source || !target) return null;
  const wanted = text.trim().toLocaleLowerCase(from);
  const key = (Object.keys(source) as ProductHeadingKey[]).find((k) => source[k].toLocaleLowerCase(from) === wanted);
  return key ? target[key] : null;
}

export function isContentLanguage(code: string): boolean {
  return CONTENT_LANGUAGES.includes(code);
}

/** The first reason the targets cannot be translated into under the plan, or null. */
export function translationTargetsProblem(
  tier: TierId,
  primary: string,
  targets: readonly string[],
): { status: 400 | 403; field: string; message: string } | null {
  if (targets.length === 0) return { status: 400, field: 'target_languages', message: TRANSLATION_MESSAGES.noLanguage };
  for (const code of targets) {
    if (!isContentLanguage(code)) return { status: 400, field: 'target_languages', message: TRANSLATION_MESSAGES.unknownLanguage(code) };
    if (code === primary) return { status: 400, field: 'target_languages', message: TRANSLATION_MESSAGES.alreadyPrimary(code) };
  }
  const outside = targets.find((code) => !TIERS[tier].limits.languages.includes(code));
  return outside ? { status: 403, field: 'target_languages', message: TRANSLATION_MESSAGES.notInPlan(tier, outside) } : null;
}
