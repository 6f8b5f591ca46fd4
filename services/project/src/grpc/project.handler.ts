// Transport only: proto <-> domain.
import { AppError, contentFromMessage, contentToMessage, messageToProto, storedMessage, type AccessTable, type UnaryHandlers } from '@trainwright/platform';
import { GeneratorRequest, Template, type Project, type ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';
import { companyFor } from '../services/projects/access.js';
import { createProject } from '../services/projects/create-project.js';
import { deleteProject } from '../services/projects/delete-project.js';
import type { ProjectDeps } from '../services/projects/deps.js';
import { generationInput } from '../services/projects/generation-input.js';
import { getProject } from '../services/projects/get-project.js';
import { listProjects } from '../services/projects/list-projects.js';
import { projectsOverview } from '../services/projects/projects-overview.js';
import { revokeShareLinks, shareProject, sharedProject } from '../services/projects/share-links.js';
import { updateProject } from '../services/projects/update-project.js';
import { createCompanyTemplate, listCompanyTemplates } from '../services/templates/templates.js';
import { discardUpload, prepareUpload, registerUpload, storageUsage } from '../services/projects/uploads.js';
import type { ProjectListView, ProjectSummaryView, ProjectView } from '../services/projects/views.js';
import type { CommentDeps } from '../services/comments/deps.js';
import { commentAccess, createCommentHandlers } from './comments.handler.js';
import { createLibraryHandlers, libraryAccess } from './library.handler.js';
import type { LibraryDeps } from '../services/library/deps.js';

/** A project for the wire; a summary leaves the long texts empty, a list item also what no list shows (UNLISTED_FIELDS). */
export function toProtoProject(p: ProjectView | ProjectSummaryView | ProjectListView): Project {
  const full = 'script_content' in p ? p : undefined;
  const summary = 'software_list' in p ? p : undefined;
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    status: p.status,
    projectType: p.project_type,
    scriptContent: full?.script_content ?? '',
    slidesContent: full?.slides_content ?? '',
    generatedContent: full?.generated_content ? contentToMessage(full.generated_content) : undefined,
    softwareDetails: full?.software_details ?? '',
    softwareList: summary?.software_list ?? [],
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
    aiInstructions: full?.ai_instructions ?? '',
    templateId: p.template_id,
    fontStyle: p.font_style,
    imageStyle: p.image_style,
    burnSubtitles: p.burn_subtitles,
    voiceSelection: summary?.voice_selection
      ? { voiceId: summary.voice_selection.voice_id, name: summary.voice_selection.name, category: summary.voice_selection.category }
      : undefined,
    inputMethod: p.input_method,
    files: p.files.map((f) => ({ id: f.id, kind: f.kind, filename: f.filename, size: f.size, contentType: f.content_type })),
    error: p.error,
    errorMessage: messageToProto(storedMessage(p.error_message)),
    needsRegeneration: p.needs_regeneration,
    canEdit: p.canEdit,
    canDelete: p.canDelete,
    generatorType: summary?.generator_type ?? '',
    // Stored normalised: a method's request, or an enhanced version's improvement plan.
    requestData: full?.request_data && full.generator_type ? GeneratorRequest.fromJSON({ [full.generator_type]: full.request_data }) : undefined,
    hasContent: p.has_content,
    derivedFromProjectId: summary?.derived_from_project_id ?? '',
    contentVersion: p.content_version,
    filesVersion: p.files_version ?? undefined,
    videoStatus: p.video_status,
    videoProgress: p.video_progress,
    videoError: p.video_error,
    videoErrorMessage: messageToProto(storedMessage(p.video_error_message)),
    libraryMaterial: p.library_material ?? '',
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('INVALID_JSON', 'Please check your input and try again.');
  }
}

/**
 * How each method reaches company data (platform access.ts): the server refuses to answer a method
 * that names an action unless the access check decided. A new method needs its line here.
 */
export const projectAccess: AccessTable<typeof ProjectServiceService> = {
  createProject: { action: 'project.create' },
  listProjects: { action: 'project.read' },
  getProjectsOverview: { action: 'project.read' },
  getProject: { action: 'project.read' },
  updateProject: { action: 'project.update' },
  deleteProject: { action: 'project.delete' },
  createShareLink: { action: 'project.update' },
  revokeShareLink: { action: 'project.update' },
  getSharedProject: { public: 'the share link\'s token is the credential' },
  listTemplates: { action: 'company.read' },
  createTemplate: { action: 'template.create' },
  registerUpload: { action: 'project.create' },
  prepareUpload: { action: 'project.create' },
  getStorageUsage: { self: 'the storage of the plan the caller owns' },
  getGenerationInput: { internal: 'the generator\'s and the render worker\'s jobs, for a project whose job was created through CreateProject' },
  discardUpload: { self: 'an upload the caller made that no project uses, or with company_id a video upload of a company the caller may process videos in (checked by the service)' },
  ...commentAccess,
  ...libraryAccess,
};

export function createProjectHandlers(
  deps: ProjectDeps,
  removeFiles: (keys: string[]) => Promise<void>,
  comments: CommentDeps,
  library: LibraryDeps,
): UnaryHandlers<typeof ProjectServiceService> {
  const { memberships } = deps;
  const voice = (v?: { voiceId: string; name: string; category: string }) =>
    v ? { voice_id: v.voiceId, name: v.name, category: v.category } : undefined;

  const currentCompany = async (userId: string, action: 'company.read' | 'template.create') =>
    companyFor(await memberships.companiesOf(userId), '', action, 'Company not found');

  return {
    createProject: async (req) =>
      createProject(deps, req.userId, {
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
        burnSubtitles: req.burnSubtitles,
        voiceSelection: voice(req.voiceSelection),
        templateId: req.templateId,
        fileIds: req.fileIds,
        generatorType: req.generatorType,
        requestData: req.requestData,
        derivedFromProjectId: req.derivedFromProjectId,
      }),
    discardUpload: async (req) => ({ storageKey: await discardUpload(deps, req.userId, req.fileId, req.companyId) }),
    getGenerationInput: async (req) => {
      const input = await generationInput(deps, req.projectId);
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
        sourceProject: input.sourceProject ? toProtoProject(input.sourceProject) : undefined,
        template: input.template ? Template.fromPartial(input.template) : undefined,
        ownerUserId: input.ownerUserId,
        renderKey: input.renderKey,
        libraryPassages: input.libraryPassages.map((p) => ({
          id: p.passage_id,
          documentId: p.document_id,
          documentTitle: p.title,
          heading: p.heading,
          text: p.text,
          position: p.position,
          score: p.score,
        })),
      };
    },
    getProjectsOverview: async (req) => {
      const o = await projectsOverview(deps, req.userId, req.companyId, req.projectIds);
      return { ...o, averageQuality: o.averageQuality ?? undefined, recent: o.recent.map(toProtoProject) };
    },
    listProjects: async (req) => {
      const page = await listProjects(deps, req.userId, {
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
    getProject: async (req) => toProtoProject(await getProject(deps, req.userId, req.projectId)),
    updateProject: async (req) =>
      toProtoProject(
        await updateProject(deps, req.userId, req.projectId, {
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
          burnSubtitles: req.burnSubtitles,
          templateId: req.templateId,
          voiceSelection: voice(req.voiceSelection),
          primaryLanguage: req.primaryLanguage,
          generatedContent: req.generatedContent ? contentFromMessage(req.generatedContent) : undefined,
          expectedContentVersion: req.expectedContentVersion,
        }),
      ),
    deleteProject: async (req) => {
      await removeFiles(await deleteProject(deps, req.userId, req.projectId));
      return {};
    },
    createShareLink: async (req) => {
      const link = await shareProject(deps, req.userId, req.projectId);
      return { token: link.token, createdAt: link.createdAt.toISOString() };
    },
    revokeShareLink: async (req) => {
      await revokeShareLinks(deps, req.userId, req.projectId);
      return {};
    },
    getSharedProject: async (req) => {
      const p = await sharedProject(deps, req.token);
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
        projectId: p.id,
        companyId: p.company_id,
      };
    },
    listTemplates: async (req) => {
      const company = await currentCompany(req.userId, 'company.read');
      const result = await listCompanyTemplates(deps, company.companyId, company.ownerTier, req);
      return { templates: result.templates.map((t) => ({ json: JSON.stringify(t) })), categories: result.categories };
    },
    prepareUpload: async (req) => {
      const target = await prepareUpload(deps, req.userId, req.companyId);
      return {
        companyId: target.companyId,
        fileUploadLimitMb: target.fileUploadLimitMB,
        storageLimitBytes: target.storageLimitBytes,
        uploadedBytes: target.uploadedBytes,
        ownerCompanyIds: target.ownerCompanyIds,
        ownerTier: target.ownerTier,
      };
    },
    getStorageUsage: async (req) => {
      const usage = await storageUsage(deps, req.userId);
      return {
        storageLimitBytes: usage.storageLimitBytes,
        uploadedBytes: usage.uploadedBytes,
        ownerCompanyIds: usage.ownerCompanyIds,
        ownerTier: usage.ownerTier,
      };
    },
    registerUpload: async (req) => {
      const file = { companyId: req.companyId, kind: req.kind, filename: req.filename, size: req.size, contentType: req.contentType, storageKey: req.storageKey, uploadsLimitBytes: req.uploadsLimitBytes };
      const { id, filename } = await registerUpload(deps, req.userId, file);
      return { id, kind: file.kind, filename, size: file.size, contentType: file.contentType };
    },
    createTemplate: async (req) => {
      const company = await currentCompany(req.userId, 'template.create');
      return { json: JSON.stringify(await createCompanyTemplate(deps, company.companyId, req.userId, parseJson(req.json))) };
    },
    ...createCommentHandlers(comments),
    ...createLibraryHandlers(library, removeFiles),
  };
}
