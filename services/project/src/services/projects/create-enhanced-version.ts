// An enhanced version of a project (apply-improvements with preserve_original): a new project in
// the same company with the original's settings; its generation job applies the improvements
// described in request_data to the original's content. The original is not touched.
import { MESSAGES, TEXT_LIMITS } from '../validation.js';
import { companyFor, loadProject, requireGenerationAllowed } from './access.js';
import type { ProjectDeps } from './deps.js';
import { insertAndGenerate } from './insert-and-generate.js';

/** The generator type of an enhanced version made by apply-improvements. */
export const QUALITY_IMPROVEMENT = 'quality_improvement';

export async function createEnhancedVersion(
  deps: ProjectDeps,
  userId: string,
  sourceProjectId: string,
  requestData: Record<string, unknown>,
): Promise<{ id: string; title: string }> {
  const { row: source, companies } = await loadProject(deps, userId, sourceProjectId, 'project.read', true);
  const company = companyFor({ currentCompanyId: '', companies }, source.company_id, 'project.create', MESSAGES.notFound);
  requireGenerationAllowed(company);
  const title = `${source.title.slice(0, TEXT_LIMITS.title - ' (Enhanced)'.length)} (Enhanced)`;
  const project = {
    companyId: source.company_id,
    ownerUserId: company.ownerUserId,
    createdBy: userId,
    title,
    description: source.description,
    projectType: source.project_type,
    inputMethod: source.input_method,
    scriptContent: source.script_content,
    slidesContent: source.slides_content,
    softwareDetails: source.software_details,
    softwareList: source.software_list,
    visualFormat: source.visual_format,
    documentFormat: source.document_format,
    branding: source.branding,
    aiInstructions: source.ai_instructions,
    templateId: source.template_id,
    fontStyle: source.font_style,
    imageStyle: source.image_style,
    burnSubtitles: source.burn_subtitles,
    voiceSelection: source.voice_selection,
    generatorType: QUALITY_IMPROVEMENT,
    requestData,
    derivedFromProjectId: source.id,
  };
  return insertAndGenerate(deps, project, company, [], 'An uploaded file is no longer available.');
}
