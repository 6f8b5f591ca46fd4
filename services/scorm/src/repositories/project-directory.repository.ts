// The project service over gRPC: a project with the caller's rights, and (for a build, without a
// caller) the project's current content with its resolved template and its owner's plan.
import { contentFromMessage, createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { ProjectServiceClient, ProjectServiceService, type Project, type Template } from '@trainwright/proto/trainwright/project/v1/project';
import type { ProjectDirectory } from '../services/ports.js';
import type { ProjectSource } from '../services/types.js';

function sourceOf(p: Project, template?: Template): ProjectSource {
  const colors = template?.colorScheme;
  const fonts = template?.fonts;
  return {
    id: p.id,
    companyId: p.companyId,
    title: p.title,
    description: p.description,
    language: p.primaryLanguage || 'en',
    contentVersion: p.contentVersion,
    hasContent: p.hasContent,
    slidesContent: p.slidesContent,
    scriptContent: p.scriptContent,
    generatedContent: p.generatedContent ? contentFromMessage(p.generatedContent) : null,
    colors: colors ? { primary: colors.primary, secondary: colors.secondary, accent: colors.accent, background: colors.background, text: colors.text } : null,
    fonts: fonts?.heading && fonts.body ? { heading: fonts.heading, body: fonts.body } : null,
    fontStyle: p.fontStyle,
    website: p.branding?.website ?? '',
  };
}

export class ProjectDirectoryRepository implements ProjectDirectory {
  private readonly projects: PromiseClient<typeof ProjectServiceService>;

  constructor(projectAddress: string, options: { deadlineMs: number }) {
    this.projects = createGrpcClient(ProjectServiceClient as never, ProjectServiceService, projectAddress, options);
  }

  async project(userId: string, projectId: string): Promise<ProjectSource> {
    return sourceOf(await this.projects.getProject({ userId, projectId }, { userId }));
  }

  async source(projectId: string): Promise<{ project: ProjectSource }> {
    const input = await this.projects.getGenerationInput({ projectId });
    return { project: sourceOf(input.project!, input.template) };
  }

  close(): void {
    this.projects.close();
  }
}
