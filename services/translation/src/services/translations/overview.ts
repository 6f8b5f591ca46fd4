// What the Manage Languages screen shows of a project: its translations, the languages it is
// available in, and which of the plan's languages the configured engine reaches.
import { TIERS } from '@trainwright/catalogue';
import type { ProjectInfo, TranslationRecord } from '../types.js';
import type { TranslationDeps } from './deps.js';

export interface LanguageCapability {
  language: string;
  supported: boolean;
  reason: string;
  /** The reason as a code the screens translate ('offline_no_pair'; '' when supported or unnamed). */
  reasonCode: string;
}

export interface TranslationOverview {
  translations: TranslationRecord[];
  primaryLanguage: string;
  availableLanguages: string[];
  engine: string;
  capabilities: LanguageCapability[];
  /** The project as it is now (a translation of other content is stale: isStale). */
  project: ProjectInfo;
}

export async function translationOverview(deps: Pick<TranslationDeps, 'store' | 'translator'>, project: ProjectInfo, tier: keyof typeof TIERS): Promise<TranslationOverview> {
  const translations = await deps.store.list(project.id);
  const done = translations.filter((t) => t.status === 'completed' && t.language !== project.primaryLanguage).map((t) => t.language);
  const capabilities = TIERS[tier].limits.languages
    .filter((code) => code !== project.primaryLanguage)
    .map((language) => {
      const route = deps.translator.route(project.primaryLanguage, language);
      return { language, supported: route.ok, reason: route.ok ? '' : route.reason, reasonCode: route.ok ? '' : (route.code ?? '') };
    });
  return {
    translations,
    primaryLanguage: project.primaryLanguage,
    availableLanguages: [project.primaryLanguage, ...done],
    engine: deps.translator.engine,
    capabilities,
    project,
  };
}
