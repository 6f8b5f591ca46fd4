// An edit of a project's content or settings. A change to what the content says, or how it is
// rendered, marks it for regeneration.
import { DOCUMENT_FORMATS, FONT_STYLES, IMAGE_STYLES, VISUAL_FORMATS } from '@trainwright/catalogue';
import { plainContent, type GeneratedContent } from '@trainwright/formats';
import type { VoiceJson } from '../../repositories/database.js';
import { projectEvents } from '../events.js';
import { TEXT_LIMITS, branding as validBranding, oneOf, text, title as validTitle, voice as validVoice, type BrandingInput } from '../validation.js';
import { loadProject } from './access.js';
import type { ProjectChanges, ProjectDeps } from './deps.js';
import { getProject } from './get-project.js';
import type { ProjectView } from './views.js';

export interface UpdateProjectInput {
  title?: string;
  description?: string;
  scriptContent?: string;
  slidesContent?: string;
  generatedSlides?: string;
  generatedScript?: string;
  visualFormat?: string;
  documentFormat?: string;
  branding?: BrandingInput;
  clearBranding?: boolean;
  aiInstructions?: string;
  fontStyle?: string;
  imageStyle?: string;
  templateId?: string;
  voiceSelection?: VoiceJson;
}

const CONTENT_KEYS = ['script_content', 'slides_content', 'generated_content', 'ai_instructions', 'template_id', 'font_style', 'image_style', 'visual_format', 'document_format', 'branding'];

export async function updateProject(deps: ProjectDeps, userId: string, projectId: string, input: UpdateProjectInput): Promise<ProjectView> {
  const { row, companies } = await loadProject(deps, userId, projectId, 'project.update');
  const changes: ProjectChanges = {};
  if (input.title !== undefined) changes.title = validTitle(input.title);
  if (input.description !== undefined) changes.description = text('description', input.description, TEXT_LIMITS.description, { multiline: true });
  if (input.scriptContent !== undefined) changes.script_content = text('script_content', input.scriptContent, TEXT_LIMITS.content, { multiline: true });
  if (input.slidesContent !== undefined) changes.slides_content = text('slides_content', input.slidesContent, TEXT_LIMITS.content, { multiline: true });
  // The generated slides and script edited by hand, each over the other's current text.
  let content: GeneratedContent | undefined;
  const current = () => content ?? row.generated_content ?? plainContent('', '');
  if (input.generatedSlides !== undefined) {
    const slideContent = text('generated_slides', input.generatedSlides, TEXT_LIMITS.content, { multiline: true });
    content = { ...current(), slides: { ...current().slides, slide_content: slideContent } };
  }
  if (input.generatedScript !== undefined) {
    const script = text('generated_script', input.generatedScript, TEXT_LIMITS.content, { multiline: true });
    content = { ...current(), script };
  }
  if (content) changes.generated_content = JSON.stringify(content);
  if (input.visualFormat !== undefined) changes.visual_format = oneOf('visual_format', input.visualFormat, VISUAL_FORMATS, 'powerpoint');
  if (input.documentFormat !== undefined) changes.document_format = oneOf('document_format', input.documentFormat, DOCUMENT_FORMATS, 'pdf');
  if (input.clearBranding) changes.branding = null;
  else if (input.branding !== undefined) changes.branding = JSON.stringify(validBranding(input.branding));
  if (input.aiInstructions !== undefined) changes.ai_instructions = text('ai_instructions', input.aiInstructions, TEXT_LIMITS.aiInstructions, { multiline: true });
  if (input.fontStyle !== undefined) changes.font_style = oneOf('font_style', input.fontStyle, FONT_STYLES, 'modern');
  if (input.imageStyle !== undefined) changes.image_style = oneOf('image_style', input.imageStyle, IMAGE_STYLES, 'professional');
  if (input.voiceSelection !== undefined) changes.voice_selection = JSON.stringify(validVoice(input.voiceSelection));
  if (input.templateId !== undefined) {
    const templateId = input.templateId.trim();
    if (templateId) {
      const company = companies.find((c) => c.companyId === row.company_id)!;
      await deps.templates.requireUsable(templateId, row.company_id, company.ownerTier);
    }
    changes.template_id = templateId;
  }
  if (CONTENT_KEYS.some((k) => k in changes)) changes.needs_regeneration = true;
  if (Object.keys(changes).length > 0) {
    await deps.projects.update(projectId, changes, [
      projectEvents.changed('project.updated', { projectId, companyId: row.company_id, ownerUserId: row.owner_user_id }),
    ]);
    deps.afterWrite();
  }
  return getProject(deps, userId, projectId);
}
