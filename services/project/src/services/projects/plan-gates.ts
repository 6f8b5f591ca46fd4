// The plan's gates on a project's settings, one rule for both doors: creating a project (POST)
// and editing it (PATCH) pass what they set through requirePlanAllows, so the two cannot answer
// differently (a trial switching a project to video with an edit once passed what create refused).
// The voice is gated by the gateway at both doors (requireVoiceAllowed); the generator method can
// only be set at create (an edit has no such field), but it is gated here all the same.
// The tier alone decides: no add-on grants what these gates check (videoGeneration, generator
// methods, templates); a capability an add-on grants is checked by Access.require({ capability }).
import { TIERS, generatorMethodMessage, videoNotInPlanMessage, type GeneratorType, type TierId } from '@trainwright/catalogue';
import { AppError } from '@trainwright/platform';
import type { ProjectDeps } from './deps.js';
import { requireUsableTemplate } from '../templates/templates.js';

/** The settings a plan gates, as validated (absent: not set by this request). */
export interface GatedSettings {
  visualFormat?: string;
  templateId?: string;
  generatorType?: GeneratorType;
}

/** Refuses a setting the company owner's plan does not include (FEATURE_NOT_AVAILABLE / PLAN_LIMIT_REACHED). */
export async function requirePlanAllows(
  deps: Pick<ProjectDeps, 'templates'>,
  company: { companyId: string; ownerTier: TierId },
  settings: GatedSettings,
): Promise<void> {
  const tier = TIERS[company.ownerTier];
  if (settings.generatorType !== undefined && !tier.limits.aiGeneratorMethods.includes(settings.generatorType)) {
    throw new AppError('FEATURE_NOT_AVAILABLE', generatorMethodMessage(settings.generatorType));
  }
  if (settings.visualFormat !== undefined && settings.visualFormat !== 'powerpoint' && !tier.capabilities.videoGeneration) {
    throw new AppError('FEATURE_NOT_AVAILABLE', videoNotInPlanMessage(company.ownerTier));
  }
  if (settings.templateId) await requireUsableTemplate(deps, settings.templateId, company.companyId, company.ownerTier);
}
