// Projects: create within the plan, list across the caller's companies, read, edit, delete,
// share, and the pipeline's status changes. Tenancy and roles come from one ListCompanies answer
// of the auth service per request, decided by the platform's Authoriser; a project of another
// company is NOT_FOUND.
import {
  GENERATOR_UPLOAD_KIND,
  GeneratorRequestError,
  generatorMethodMessage,
  isGeneratorType,
  normalizeGeneratorRequest,
  DOCUMENT_FORMATS,
  FONT_STYLES,
  IMAGE_STYLES,
  PROJECT_TYPES,
  TIERS,
  VISUAL_FORMATS,
  canTransition,
  isInProgress,
  isPipelineStage,
  isProjectStatus,
  projectLimitMessage,
  type ProjectStatus,
  type Role,
  type TierId,
} from '@trainwright/catalogue';
import { AppError, Authoriser, checkUrlTarget, type OutboxEvent } from '@trainwright/platform';
import { createHash, randomBytes } from 'node:crypto';
import type { ProjectRepository, ProjectRow } from '../repositories/project.repository.js';
import type { BrandingJson, GeneratedContentJson, VoiceJson } from '../repositories/database.js';
import { projectEvents } from './events.js';
import type { TemplateService } from './template.service.js';
import {
  MESSAGES,
  TEXT_LIMITS,
  branding as validBranding,
  oneOf,
  requireContent,
  text,
  title as validTitle,
  type BrandingInput,
} from './validation.js';

export interface CallerCompany {
  companyId: string;
  companyName: string;
  role: Role;
  ownerTier: TierId;
  ownerUserId: string;
  members: number;
}

export interface CallerCompanies {
  currentCompanyId: string;
  /** Every company the user belongs to, with their role and the owner's plan. */
  companies: CallerCompany[];
}

/** What the service needs to know about the caller's companies (the auth service answers). */
export interface Memberships {
  of(userId: string): Promise<CallerCompanies>;
}

/** The caller's company (the current one when none is named) if their role allows the action. */
export function companyFor(
  caller: CallerCompanies,
  companyId: string | undefined,
  action: Parameters<typeof Authoriser.decide>[1],
  notFoundMessage: string,
): CallerCompany {
  const id = companyId || caller.currentCompanyId;
  const company = caller.companies.find((c) => c.companyId === id);
  Authoriser.decide(company?.role, action, notFoundMessage);
  return company!;
}

/** Enqueues the generation job of a project (the generator service runs it). */
export interface GenerationQueue {
  enqueue(projectId: string, contentVersion: string): Promise<void>;
}

/** Enqueues the render job of a project's content (media-render's workers run it). */
export interface RenderQueue {
  enqueue(projectId: string, renderKey: string): Promise<void>;
}

/**
 * What a render depends on: the content and every setting that changes the files. The same key
 * means the same files, so an unchanged project is not rendered twice.
 */
export function renderKeyOf(row: ProjectRow, template: Record<string, unknown> | null): string {
  const inputs = [
    row.generated_content,
    row.title,
    row.description,
    template,
    row.font_style,
    row.image_style,
    row.branding,
    row.visual_format,
    row.document_format,
    row.voice_selection,
    row.primary_language,
  ];
  return createHash('sha256').update(JSON.stringify(inputs)).digest('hex').slice(0, 24);
}

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
  voiceSelection?: VoiceJson;
  templateId?: string;
  fileIds?: string[];
  /** ai_content_generator: the method and request_data as JSON text, as the client sent them. */
  generatorType?: string;
  requestDataJson?: string;
  /** Internal: make an enhanced version of this project (apply-improvements). */
  derivedFromProjectId?: string;
}

/** What a generation job reads: the project, its files, the plan and an enhanced version's origin. */
export interface GenerationInputView {
  project: ProjectView;
  files: Array<{ id: string; kind: string; filename: string; content_type: string; storage_key: string; size: number }>;
  ownerTier: TierId;
  ownerUserId: string;
  sourceProject: ProjectView | null;
  template: Record<string, unknown> | null;
  renderKey: string;
}

/** The generator type of an enhanced version made by apply-improvements. */
export const QUALITY_IMPROVEMENT = 'quality_improvement';

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

export interface ProjectView extends ProjectRow {
  companyName: string;
  members: number;
  files: Array<{ id: string; kind: string; filename: string; size: number; content_type: string }>;
  canEdit: boolean;
  canDelete: boolean;
}

export interface ProjectPage {
  projects: ProjectView[];
  total: number;
  page: number;
  pageSize: number;
  stats: { total: number; this_month: number; completed: number; in_progress: number; failed: number; success_rate: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_PAGE_SIZE = 100;

export class ProjectService {
  constructor(
    private readonly projects: ProjectRepository,
    private readonly memberships: Memberships,
    private readonly templates: TemplateService,
    private readonly generation: GenerationQueue,
    private readonly afterWrite: () => void = () => undefined,
    private readonly clock: () => Date = () => new Date(),
    private readonly options: { urlAllowOrigins?: string[] } = {},
    private readonly render?: RenderQueue,
  ) {}

  async create(userId: string, input: CreateProjectInput): Promise<{ id: string; title: string }> {
    if (input.derivedFromProjectId) return this.createEnhancedVersion(userId, input);
    const company = companyFor(await this.memberships.of(userId), input.companyId, 'project.create', MESSAGES.notFound);
    const companyId = company.companyId;

    const title = validTitle(input.title);
    const projectType = oneOf('project_type', input.projectType, PROJECT_TYPES, 'script_to_slides');
    const inputMethod = oneOf('input_method', input.inputMethod, ['text', 'file'] as const, 'text');
    const scriptContent = text('script_content', input.scriptContent, TEXT_LIMITS.content, { multiline: true });
    const slidesContent = text('slides_content', input.slidesContent, TEXT_LIMITS.content, { multiline: true });
    const softwareDetails = text('software_details', input.softwareDetails, TEXT_LIMITS.softwareDetails, { multiline: true });
    const fileIds = [...new Set((input.fileIds ?? []).filter((id) => UUID.test(id)))];
    const fileKinds = await this.projects.fileKinds(fileIds, companyId);
    requireContent({ projectType, inputMethod, scriptContent, slidesContent, softwareDetails, fileKinds });
    const tier = TIERS[company.ownerTier];
    const generator = projectType === 'ai_content_generator' ? generatorRequest(input, fileKinds, company.ownerTier, this.options.urlAllowOrigins ?? []) : null;
    const visualFormat = oneOf('visual_format', input.visualFormat, VISUAL_FORMATS, 'powerpoint');
    if (visualFormat !== 'powerpoint' && !tier.capabilities.videoGeneration) {
      throw new AppError('FEATURE_NOT_AVAILABLE', `Video requires the Professional plan or higher. Your ${tier.name} plan includes slides and documents.`);
    }
    const templateId = (input.templateId ?? '').trim();
    if (templateId) await this.templates.requireUsable(templateId, companyId, company.ownerTier);

    const result = await this.projects.insertWithinLimit(
      {
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
          input.includeBranding === false
            ? null
            : validBranding({ ...input.branding, companyName: input.branding?.companyName?.trim() || company.companyName }),
        aiInstructions: text('ai_instructions', input.aiInstructions, TEXT_LIMITS.aiInstructions, { multiline: true }),
        templateId,
        fontStyle: oneOf('font_style', input.fontStyle, FONT_STYLES, 'modern'),
        imageStyle: oneOf('image_style', input.imageStyle, IMAGE_STYLES, 'professional'),
        voiceSelection: input.voiceSelection ? validVoice(input.voiceSelection) : null,
        generatorType: generator?.generator_type ?? '',
        requestData: generator ? (generator.request_data as unknown as Record<string, unknown>) : null,
      },
      tier.limits.projectLimit,
      fileIds,
      (id) => [projectEvents.changed('project.created', { projectId: id, companyId, ownerUserId: company.ownerUserId })],
    );
    if (result.kind === 'limit') throw new AppError('PLAN_LIMIT_REACHED', projectLimitMessage(company.ownerTier));
    if (result.kind === 'bad_files') throw AppError.validation('file_ids', 'An uploaded file is no longer available. Please upload it again.');
    this.afterWrite();
    // Until the generator takes the job the project honestly stays pending.
    await this.generation.enqueue(result.id, '1');
    return { id: result.id, title };
  }

  /**
   * An enhanced version of a project (apply-improvements with preserve_original): a new project in
   * the same company with the original's settings; its generation job applies the improvements
   * described in request_data to the original's content. The original is not touched.
   */
  private async createEnhancedVersion(userId: string, input: CreateProjectInput): Promise<{ id: string; title: string }> {
    const { row: source, companies } = await this.load(userId, input.derivedFromProjectId!, 'project.read');
    const company = companyFor({ currentCompanyId: '', companies }, source.company_id, 'project.create', MESSAGES.notFound);
    let requestData: Record<string, unknown>;
    try {
      requestData = JSON.parse(input.requestDataJson || '{}') as Record<string, unknown>;
    } catch {
      throw AppError.validation('request_data', 'request_data must be JSON');
    }
    const title = `${source.title.slice(0, TEXT_LIMITS.title - ' (Enhanced)'.length)} (Enhanced)`;
    const result = await this.projects.insertWithinLimit(
      {
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
        voiceSelection: source.voice_selection,
        generatorType: QUALITY_IMPROVEMENT,
        requestData,
        derivedFromProjectId: source.id,
      },
      TIERS[company.ownerTier].limits.projectLimit,
      [],
      (id) => [projectEvents.changed('project.created', { projectId: id, companyId: source.company_id, ownerUserId: company.ownerUserId })],
    );
    if (result.kind === 'limit') throw new AppError('PLAN_LIMIT_REACHED', projectLimitMessage(company.ownerTier));
    if (result.kind !== 'created') throw AppError.validation('file_ids', 'An uploaded file is no longer available.');
    this.afterWrite();
    await this.generation.enqueue(result.id, '1');
    return { id: result.id, title };
  }

  /** Internal, for the generation job: no caller; the job carries an id this service enqueued. */
  async generationInput(projectId: string): Promise<GenerationInputView> {
    const row = UUID.test(projectId) ? await this.projects.findByIdUnscoped(projectId) : undefined;
    if (!row) throw AppError.notFound(MESSAGES.notFound);
    const owner = await this.memberships.of(row.owner_user_id);
    const company = owner.companies.find((c) => c.companyId === row.company_id);
    if (!company) throw AppError.notFound(MESSAGES.notFound);
    const source = row.derived_from_project_id ? await this.projects.findByIdUnscoped(row.derived_from_project_id) : undefined;
    const rows = source ? [row, source] : [row];
    const [project, sourceProject] = await this.views(rows, owner.companies);
    const files = await this.projects.filesOf([row.id]);
    const template = await this.templates.resolve(row.template_id, row.company_id);
    return {
      project: project!,
      files: files.map((f) => ({ id: f.id, kind: f.kind, filename: f.filename, content_type: f.content_type, storage_key: f.storage_key, size: Number(f.size) })),
      ownerTier: company.ownerTier,
      ownerUserId: row.owner_user_id,
      sourceProject: sourceProject ?? null,
      template,
      renderKey: renderKeyOf(row, template),
    };
  }

  /**
   * Generation finished: the content is applied and the project moves on to rendering. Enqueueing
   * is idempotent (keyed by the content), so a redelivered event enqueues nothing new.
   */
  async handOffToRender(projectId: string): Promise<void> {
    const row = await this.projects.findByIdUnscoped(projectId);
    if (!row || !row.generated_content) return;
    if (row.status !== 'creating_slides' && !row.is_sample) return;
    const template = await this.templates.resolve(row.template_id, row.company_id);
    await this.render?.enqueue(row.id, renderKeyOf(row, template));
  }

  /** Where an upload goes: a company the caller may create projects in, and its plan's size limit. */
  async prepareUpload(userId: string, requestedCompanyId: string): Promise<{ companyId: string; fileUploadLimitMB: number }> {
    const company = companyFor(await this.memberships.of(userId), requestedCompanyId, 'project.create', 'Company not found');
    return { companyId: company.companyId, fileUploadLimitMB: TIERS[company.ownerTier].limits.fileUploadLimitMB };
  }

  async registerUpload(
    userId: string,
    file: { companyId: string; kind: string; filename: string; size: number; contentType: string; storageKey: string },
  ): Promise<{ id: string; filename: string }> {
    if (!file.companyId) throw AppError.notFound('Company not found');
    companyFor(await this.memberships.of(userId), file.companyId, 'project.create', 'Company not found');
    if (!file.storageKey.startsWith(`companies/${file.companyId}/`)) throw AppError.forbidden();
    const filename = file.filename.replace(/[\u0000-\u001f\u007f/\\]/g, '_').slice(0, 255) || 'upload';
    return { id: await this.projects.insertFile({ ...file, filename, createdBy: userId }), filename };
  }

  /** An upload of the caller that no project uses, removed; its storage key ('' when none). */
  async discardUpload(userId: string, fileId: string): Promise<string> {
    if (!UUID.test(fileId)) return '';
    const { companies } = await this.memberships.of(userId);
    return (await this.projects.deleteUnattachedFile(fileId, companies.map((c) => c.companyId), userId)) ?? '';
  }

  async list(
    userId: string,
    filter: { search?: string; status?: string; projectType?: string; companyId?: string; page?: number; pageSize?: number },
  ): Promise<ProjectPage> {
    const { companies } = await this.memberships.of(userId);
    const allIds = companies.map((c) => c.companyId);
    const companyIds = filter.companyId ? allIds.filter((id) => id === filter.companyId) : allIds;
    const pageSize = Math.min(MAX_PAGE_SIZE, Math.max(1, filter.pageSize || 20));
    const page = Math.max(1, filter.page || 1);
    if (filter.status && !isProjectStatus(filter.status)) throw AppError.validation('status', 'status is not a project status');
    if (filter.projectType && !(PROJECT_TYPES as readonly string[]).includes(filter.projectType)) {
      throw AppError.validation('project_type', 'project_type is not a project type');
    }
    const now = this.clock();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [{ rows, total }, stats] = await Promise.all([
      this.projects.list({
        companyIds,
        search: filter.search?.trim().slice(0, 200) || undefined,
        status: filter.status || undefined,
        projectType: filter.projectType || undefined,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      }),
      this.projects.stats(allIds, monthStart),
    ]);
    const finished = stats.completed + stats.failed;
    return {
      projects: await this.views(rows, companies),
      total,
      page,
      pageSize,
      stats: { ...stats, success_rate: finished === 0 ? 0 : Math.round((stats.completed / finished) * 100) },
    };
  }

  async get(userId: string, projectId: string): Promise<ProjectView> {
    const { row, companies } = await this.load(userId, projectId, 'project.read');
    return (await this.views([row], companies))[0]!;
  }

  async update(userId: string, projectId: string, input: UpdateProjectInput): Promise<ProjectView> {
    const { row, companies } = await this.load(userId, projectId, 'project.update');
    const changes: Record<string, unknown> = {};
    if (input.title !== undefined) changes.title = validTitle(input.title);
    if (input.description !== undefined) changes.description = text('description', input.description, TEXT_LIMITS.description, { multiline: true });
    if (input.scriptContent !== undefined) changes.script_content = text('script_content', input.scriptContent, TEXT_LIMITS.content, { multiline: true });
    if (input.slidesContent !== undefined) changes.slides_content = text('slides_content', input.slidesContent, TEXT_LIMITS.content, { multiline: true });
    if (input.generatedSlides !== undefined) {
      const slideContent = text('generated_slides', input.generatedSlides, TEXT_LIMITS.content, { multiline: true });
      const current: GeneratedContentJson = row.generated_content ?? { script: '', slides: { slide_content: '' } };
      changes.generated_content = JSON.stringify({ ...current, slides: { ...current.slides, slide_content: slideContent } });
    }
    if (input.generatedScript !== undefined) {
      const script = text('generated_script', input.generatedScript, TEXT_LIMITS.content, { multiline: true });
      const current = (changes.generated_content ? JSON.parse(String(changes.generated_content)) : row.generated_content) ?? {
        script: '',
        slides: { slide_content: '' },
      };
      changes.generated_content = JSON.stringify({ ...current, script });
    }
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
        await this.templates.requireUsable(templateId, row.company_id, company.ownerTier);
      }
      changes.template_id = templateId;
    }
    // A change to what the content says, or how it is rendered, marks it for regeneration.
    const contentKeys = ['script_content', 'slides_content', 'generated_content', 'ai_instructions', 'template_id', 'font_style', 'image_style', 'visual_format', 'document_format', 'branding'];
    if (contentKeys.some((k) => k in changes)) changes.needs_regeneration = true;
    if (Object.keys(changes).length > 0) {
      await this.projects.update(projectId, changes, [
        projectEvents.changed('project.updated', { projectId, companyId: row.company_id, ownerUserId: row.owner_user_id }),
      ]);
      this.afterWrite();
    }
    return this.get(userId, projectId);
  }

  /** Deletes a project; returns the storage keys of its files for the caller to remove. */
  async delete(userId: string, projectId: string): Promise<string[]> {
    const { row } = await this.load(userId, projectId, 'project.delete');
    const keys = await this.projects.delete(projectId, [
      projectEvents.changed('project.deleted', {
        projectId,
        companyId: row.company_id,
        ownerUserId: row.owner_user_id,
        countsTowardLimit: !row.is_sample,
      }),
    ]);
    this.afterWrite();
    return keys;
  }

  async share(userId: string, projectId: string): Promise<{ token: string; createdAt: Date }> {
    await this.load(userId, projectId, 'project.update');
    const existing = await this.projects.activeShareLink(projectId);
    const link = existing ?? (await this.projects.createShareLink(projectId, randomBytes(24).toString('base64url'), userId));
    return { token: link.token, createdAt: link.created_at };
  }

  async revokeShare(userId: string, projectId: string): Promise<void> {
    await this.load(userId, projectId, 'project.update');
    await this.projects.revokeShareLinks(projectId);
  }

  async shared(token: string): Promise<ProjectRow> {
    const row = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await this.projects.projectByShareToken(token) : undefined;
    if (!row) throw AppError.notFound('This link is no longer available.');
    return row;
  }

  /**
   * Applies a pipeline event (generator or media render) once. Moves the status only along the
   * machine; an event the machine does not allow (late, duplicate, out of order) changes nothing.
   */
  async applyPipelineEvent(
    eventId: string,
    event: {
      projectId: string;
      status: string;
      stage: string;
      percent: number;
      error: string;
      generatedContent?: GeneratedContentJson;
      qualityScore?: number;
      engagementPrediction?: number;
    },
  ): Promise<boolean> {
    if (!isProjectStatus(event.status)) return false;
    const target: ProjectStatus = event.status;
    const applied = await this.projects.onceForEvent(eventId, async (trx) => {
      const row = await this.projects.findByIdUnscoped(event.projectId);
      if (!row || !isProjectStatus(row.status) || !canTransition(row.status, target)) return [];
      const progress = { ...row.progress };
      if (isPipelineStage(event.stage)) progress[event.stage] = Math.max(0, Math.min(100, Math.round(event.percent)));
      if (target === 'completed') for (const stage of Object.keys(progress)) progress[stage] = 100;
      const changes: Record<string, unknown> = {
        status: target,
        progress: JSON.stringify(progress),
        error: target === 'failed' ? event.error || 'Generation failed' : '',
      };
      if (event.generatedContent) changes.generated_content = JSON.stringify(event.generatedContent);
      if (event.qualityScore !== undefined) changes.quality_score = event.qualityScore;
      if (event.engagementPrediction !== undefined) changes.engagement_prediction = event.engagementPrediction;
      if (target === 'completed') changes.needs_regeneration = false;
      const moved = await this.projects.transition(trx, row.id, row.status, changes);
      if (!moved) return [];
      return [
        projectEvents.statusChanged({
          projectId: row.id,
          companyId: row.company_id,
          status: target,
          progress,
          error: String(changes.error),
        }),
      ];
    });
    if (applied) this.afterWrite();
    return applied;
  }

  private async load(userId: string, projectId: string, action: 'project.read' | 'project.update' | 'project.delete') {
    const { companies } = await this.memberships.of(userId);
    const row = UUID.test(projectId) ? await this.projects.findById(projectId, companies.map((c) => c.companyId)) : undefined;
    if (!row) throw AppError.notFound(MESSAGES.notFound);
    companyFor({ currentCompanyId: '', companies }, row.company_id, action, MESSAGES.notFound);
    return { row, companies };
  }

  private async views(rows: ProjectRow[], companies: CallerCompany[]): Promise<ProjectView[]> {
    const files = await this.projects.filesOf(rows.map((r) => r.id));
    const byCompany = new Map(companies.map((c) => [c.companyId, c]));
    return rows.map((row) => {
      const company = byCompany.get(row.company_id);
      const role = company?.role;
      const canEdit = role === 'owner' || role === 'editor';
      return {
        ...row,
        companyName: company?.companyName ?? '',
        members: company?.members ?? 1,
        is_collaborative: (company?.members ?? 1) > 1,
        files: files
          .filter((f) => f.project_id === row.id)
          .map((f) => ({ id: f.id, kind: f.kind, filename: f.filename, size: Number(f.size), content_type: f.content_type })),
        canEdit,
        canDelete: canEdit,
      };
    });
  }
}

/** The AI generator method and its request_data, checked against the plan and normalised. */
function generatorRequest(input: CreateProjectInput, fileKinds: string[], ownerTier: TierId, urlAllowOrigins: string[]) {
  const type = input.generatorType ?? '';
  if (!isGeneratorType(type)) throw AppError.validation('generator_type', 'generator_type is not a generator method');
  if (!TIERS[ownerTier].limits.aiGeneratorMethods.includes(type)) throw new AppError('FEATURE_NOT_AVAILABLE', generatorMethodMessage(type));
  let raw: unknown;
  try {
    raw = input.requestDataJson ? JSON.parse(input.requestDataJson) : {};
  } catch {
    throw AppError.validation('request_data', 'request_data must be JSON');
  }
  const uploadKind = GENERATOR_UPLOAD_KIND[type];
  if (fileKinds.some((k) => k !== uploadKind)) throw AppError.validation('file', 'This file cannot be used with this generator method.');
  try {
    const request = normalizeGeneratorRequest(type, raw, uploadKind !== undefined && fileKinds.includes(uploadKind));
    // Refused before any job runs; names resolved later are checked again when fetched.
    if (request.generator_type === 'url_content') checkUrlTarget(request.request_data.url, { allowOrigins: urlAllowOrigins });
    return request;
  } catch (error) {
    if (error instanceof GeneratorRequestError) throw AppError.validation(error.field, error.message);
    throw error;
  }
}

function validVoice(v: VoiceJson): VoiceJson {
  return {
    voice_id: text('voice_selection.voice_id', v.voice_id, 200),
    name: text('voice_selection.name', v.name, 200),
    category: text('voice_selection.category', v.category, 100),
  };
}

export { isInProgress };
export type { BrandingJson, OutboxEvent };
