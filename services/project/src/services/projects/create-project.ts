// A new project within the plan: the create form's rules, the AI generator's request checked
// against the plan, and the generation job. Until the generator takes the job it stays pending.
import {
  DOCUMENT_FORMATS,
  FONT_STYLES,
  GENERATOR_UPLOAD_KIND,
  GeneratorRequestError,
  IMAGE_STYLES,
  PROJECT_TYPES,
  VISUAL_FORMATS,
  isGeneratorType,
  normalizeGeneratorRequest,
  type GeneratorType,
} from '@trainwright/catalogue';
import { AppError, checkUrlTarget } from '@trainwright/platform';
import type { VoiceJson } from '../../repositories/database.js';
import type { NewProject } from './deps.js';
import {
  MESSAGES,
  TEXT_LIMITS,
  branding as validBranding,
  flag,
  isUuid,
  oneOf,
  requireContent,
  text,
  title as validTitle,
  voice as validVoice,
  type BrandingInput,
} from '../validation.js';
import { companyFor, requireGenerationAllowed, requireVoiceAllowed } from './access.js';
import { createEnhancedVersion } from './create-enhanced-version.js';
import type { ProjectDeps } from './deps.js';
import { insertAndGenerate } from './insert-and-generate.js';
import { requirePlanAllows } from './plan-gates.js';

export interface CreateProjectInput {
  companyId?: string;
  title?: string;
  description?: string;
  projectType?: string;
  inputMethod?: string;
  scriptContent?: string;
  slidesContent?: string;
  softwareDetails?: string;
  visualFormat?: string;
  documentFormat?: string;
  includeBranding?: boolean;
  branding?: BrandingInput;
  aiInstructions?: string;
  fontStyle?: string;
  imageStyle?: string;
  burnSubtitles?: boolean;
  voiceSelection?: VoiceJson;
  templateId?: string;
  fileIds?: string[];
  /** ai_content_generator: the method and request_data as the client sent them. */
  generatorType?: string;
  requestData?: Record<string, unknown>;
  /** Internal: make an enhanced version of this project (apply-improvements). */
  derivedFromProjectId?: string;
}

export async function createProject(deps: ProjectDeps, userId: string, input: CreateProjectInput): Promise<{ id: string; title: string }> {
  if (input.derivedFromProjectId) return createEnhancedVersion(deps, userId, input.derivedFromProjectId, input.requestData ?? {});
  const company = companyFor(await deps.memberships.companiesOf(userId, { fresh: true }), input.companyId, 'project.create', MESSAGES.notFound);
  await requireVoiceAllowed(deps, userId, company.companyId, input.voiceSelection?.voice_id);
  requireGenerationAllowed(company);
  const companyId = company.companyId;

  const title = validTitle(input.title);
  const projectType = oneOf('project_type', input.projectType, PROJECT_TYPES, 'script_to_slides');
  const inputMethod = oneOf('input_method', input.inputMethod, ['text', 'file'] as const, 'text');
  const scriptContent = text('script_content', input.scriptContent, TEXT_LIMITS.content, { multiline: true });
  const slidesContent = text('slides_content', input.slidesContent, TEXT_LIMITS.content, { multiline: true });
  const softwareDetails = text('software_details', input.softwareDetails, TEXT_LIMITS.softwareDetails, { multiline: true });
  const fileIds = [...new Set((input.fileIds ?? []).filter(isUuid))];
  const fileKinds = await deps.projects.fileKinds(fileIds, companyId);
  requireContent({ projectType, inputMethod, scriptContent, slidesContent, softwareDetails, fileKinds });
  const generatorType = projectType === 'ai_content_generator' ? generatorTypeOf(input) : undefined;
  const visualFormat = oneOf('visual_format', input.visualFormat, VISUAL_FORMATS, 'powerpoint');
  const templateId = (input.templateId ?? '').trim();
  // The same gates as an edit (plan-gates.ts).
  await requirePlanAllows(deps, company, { generatorType, visualFormat, templateId });
  const generator = generatorType ? generatorRequest(generatorType, input, fileKinds, deps.urlAllowOrigins) : null;

  const project: NewProject = {
    companyId,
    ownerUserId: company.ownerUserId,
    createdBy: userId,
    title,
    description: text('description', input.description, TEXT_LIMITS.description, { multiline: true }),
    projectType,
    inputMethod,
    scriptContent,
    slidesContent,
    softwareDetails,
    softwareList: softwareDetails
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean)
      .slice(0, 100),
    visualFormat,
    documentFormat: oneOf('document_format', input.documentFormat, DOCUMENT_FORMATS, 'pdf'),
    // Branding defaults to the company's name when the form leaves it blank.
    branding:
      input.includeBranding === false ? null : validBranding({ ...input.branding, companyName: input.branding?.companyName?.trim() || company.companyName }),
    aiInstructions: text('ai_instructions', input.aiInstructions, TEXT_LIMITS.aiInstructions, { multiline: true }),
    templateId,
    fontStyle: oneOf('font_style', input.fontStyle, FONT_STYLES, 'modern'),
    imageStyle: oneOf('image_style', input.imageStyle, IMAGE_STYLES, 'professional'),
    burnSubtitles: flag('burn_subtitles', input.burnSubtitles),
    voiceSelection: input.voiceSelection ? validVoice(input.voiceSelection) : null,
    generatorType: generator?.generator_type ?? '',
    requestData: generator ? (generator.request_data as unknown as Record<string, unknown>) : null,
  };
  return insertAndGenerate(deps, project, company, fileIds, 'An uploaded file is no longer available. Please upload it again.');
}

/** The AI generator method asked for (its plan gate is requirePlanAllows). */
function generatorTypeOf(input: CreateProjectInput): GeneratorType {
  const type = input.generatorType ?? '';
  if (!isGeneratorType(type)) throw AppError.validation('generator_type', 'generator_type is not a generator method');
  return type;
}

/** The AI generator method's request_data, checked and normalised. */
function generatorRequest(type: GeneratorType, input: CreateProjectInput, fileKinds: string[], urlAllowOrigins: string[]) {
  const uploadKind = GENERATOR_UPLOAD_KIND[type];
  if (fileKinds.some((k) => k !== uploadKind)) throw AppError.validation('file', 'This file cannot be used with this generator method.');
  try {
    const request = normalizeGeneratorRequest(type, input.requestData ?? {}, uploadKind !== undefined && fileKinds.includes(uploadKind));
    // Refused before any job runs; names resolved later are checked again when fetched.
    if (request.generator_type === 'url_content') checkUrlTarget(request.request_data.url, { allowOrigins: urlAllowOrigins });
    return request;
  } catch (error) {
    if (error instanceof GeneratorRequestError) throw AppError.validation(error.field, error.catalogue ?? error.message);
    throw error;
  }
}
