// Transport only: proto <-> domain.
import type { UnaryHandlers } from '@trainwright/platform';
import type { Project, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import type { ProjectService, ProjectView } from '../services/project.service.js';
import { companyFor, type Memberships } from '../services/project.service.js';
import type { TemplateService } from '../services/template.service.js';
import { AppError } from '@trainwright/platform';

export function toProtoProject(p: ProjectView): Project {
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    status: p.status,
    projectType: p.project_type,
    scriptContent: p.script_content,
    slidesContent: p.slides_content,
    generatedContentJson: p.generated_content ? JSON.stringify(p.generated_content) : '',
    softwareDetails: p.software_details,
    softwareList: p.software_list,
    visualFormat: p.visual_format,
    documentFormat: p.document_format,
    qualityScore: p.quality_score ?? undefined,
    engagementPrediction: p.engagement_prediction ?? undefined,
    branding: p.branding ? { companyName: p.branding.company_name, logoUrl: p.branding.logo_url, website: p.branding.website } : undefined,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
    companyId: p.company_id,
    companyName: p.companyName,
    progress: p.progress,
    isCollaborative: p.is_collaborative,
    members: p.members,
    primaryLanguage: p.primary_language,
    availableLanguages: p.available_languages,
    aiInstructions: p.ai_instructions,
    templateId: p.template_id,
    fontStyle: p.font_style,
    imageStyle: p.image_style,
    voiceSelection: p.voice_selection
      ? { voiceId: p.voice_selection.voice_id, name: p.voice_selection.name, category: p.voice_selection.category }
      : undefined,
    inputMethod: p.input_method,
    files: p.files.map((f) => ({ id: f.id, kind: f.kind, filename: f.filename, size: f.size, contentType: f.content_type })),
    error: p.error,
    needsRegeneration: p.needs_regeneration,
    canEdit: p.canEdit,
    canDelete: p.canDelete,
    generatorType: p.generator_type,
    requestDataJson: p.request_data ? JSON.stringify(p.request_data) : '',
    derivedFromProjectId: p.derived_from_project_id ?? '',
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('INVALID_JSON', 'Please check your input and try again.');
  }
}

export function createProjectHandlers(deps: {
  projects: ProjectService;
  templates: TemplateService;
  memberships: Memberships;
  removeFiles: (keys: string[]) => Promise<void>;
}): UnaryHandlers<typeof ProjectServiceService> {
  const { projects, templates, memberships } = deps;
  const voice = (v?: { voiceId: string; name: string; category: string }) =>
    v ? { voice_id: v.voiceId, name: v.name, category: v.category } : undefined;

  const currentCompany = async (userId: string, action: 'company.read' | 'template.create') =>
    companyFor(await memberships.of(userId), '', action, 'Company not found');

  return {
    createProject: async (req) =>
      projects.create(req.userId, {
        companyId: req.companyId,
        title: req.title,
        description: req.description,
        projectType: req.projectType,
        inputMethod: req.inputMethod,
        scriptContent: req.scriptContent,
        slidesContent: req.slidesContent,
        softwareDetails: req.softwareDetails,
        visualFormat: req.visualFormat,
        documentFormat: req.documentFormat,
        includeBranding: req.includeBranding,
        branding: req.branding,
        aiInstructions: req.aiInstructions,
        fontStyle: req.fontStyle,
        imageStyle: req.imageStyle,
        voiceSelection: voice(req.voiceSelection),
        templateId: req.templateId,
        fileIds: req.fileIds,
        generatorType: req.generatorType,
        requestDataJson: req.requestDataJson,
        derivedFromProjectId: req.derivedFromProjectId,
      }),
    discardUpload: async (req) => ({ storageKey: await projects.discardUpload(req.userId, req.fileId) }),
    getGenerationInput: async (req) => {
      const input = await projects.generationInput(req.projectId);
      return {
        project: toProtoProject(input.project),
        files: input.files.map((f) => ({
          id: f.id,
          kind: f.kind,
          filename: f.filename,
          contentType: f.content_type,
          storageKey: f.storage_key,
          size: f.size,
        })),
        ownerTier: input.ownerTier,
        sourceProject: input.sourceProject ? toProtoProject(input.sourceProject) : undefined,
        templateJson: input.template ? JSON.stringify(input.template) : '',
        ownerUserId: input.ownerUserId,
        renderKey: input.renderKey,
      };
    },
    listProjects: async (req) => {
      const page = await projects.list(req.userId, {
        search: req.search,
        status: req.status,
        projectType: req.projectType,
        companyId: req.companyId,
        page: req.page,
        pageSize: req.pageSize,
      });
      return {
        projects: page.projects.map(toProtoProject),
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
        stats: {
          total: page.stats.total,
          thisMonth: page.stats.this_month,
          completed: page.stats.completed,
          inProgress: page.stats.in_progress,
          failed: page.stats.failed,
          successRate: page.stats.success_rate,
        },
      };
    },
    getProject: async (req) => toProtoProject(await projects.get(req.userId, req.projectId)),
    updateProject: async (req) =>
      toProtoProject(
        await projects.update(req.userId, req.projectId, {
          title: req.title,
          description: req.description,
          scriptContent: req.scriptContent,
          slidesContent: req.slidesContent,
          generatedSlides: req.generatedSlides,
          generatedScript: req.generatedScript,
          visualFormat: req.visualFormat,
          documentFormat: req.documentFormat,
          branding: req.branding,
          clearBranding: req.clearBranding,
          aiInstructions: req.aiInstructions,
          fontStyle: req.fontStyle,
          imageStyle: req.imageStyle,
          templateId: req.templateId,
          voiceSelection: voice(req.voiceSelection),
        }),
      ),
    deleteProject: async (req) => {
      await deps.removeFiles(await projects.delete(req.userId, req.projectId));
      return {};
    },
    createShareLink: async (req) => {
      const link = await projects.share(req.userId, req.projectId);
      return { token: link.token, createdAt: link.createdAt.toISOString() };
    },
    revokeShareLink: async (req) => {
      await projects.revokeShare(req.userId, req.projectId);
      return {};
    },
    getSharedProject: async (req) => {
      const p = await projects.shared(req.token);
      const generated = p.generated_content;
      return {
        title: p.title,
        description: p.description,
        projectType: p.project_type,
        status: p.status,
        createdAt: p.created_at.toISOString(),
        companyName: p.branding?.company_name ?? '',
        branding: p.branding ? { companyName: p.branding.company_name, logoUrl: p.branding.logo_url, website: p.branding.website } : undefined,
        slideContent: generated?.slides.slide_content || p.slides_content,
        script: generated?.script || p.script_content,
        fontStyle: p.font_style,
        imageStyle: p.image_style,
      };
    },
    listTemplates: async (req) => {
      const company = await currentCompany(req.userId, 'company.read');
      const result = await templates.list(company.companyId, company.ownerTier, req);
      return { templates: result.templates.map((t) => ({ json: JSON.stringify(t) })), categories: result.categories };
    },
    prepareUpload: async (req) => {
      const target = await projects.prepareUpload(req.userId, req.companyId);
      return { companyId: target.companyId, fileUploadLimitMb: target.fileUploadLimitMB };
    },
    registerUpload: async (req) => {
      const file = { companyId: req.companyId, kind: req.kind, filename: req.filename, size: req.size, contentType: req.contentType, storageKey: req.storageKey };
      const { id, filename } = await projects.registerUpload(req.userId, file);
      return { id, kind: file.kind, filename, size: file.size, contentType: file.contentType };
    },
    createTemplate: async (req) => {
      const company = await currentCompany(req.userId, 'template.create');
      return { json: JSON.stringify(await templates.create(company.companyId, req.userId, parseJson(req.json))) };
    },
  };
}
