// The project service over gRPC: a project with the caller's rights, and (for a job, without a
// caller) the project's current content with its owner's plan.
import { contentFromMessage, contentToMessage, createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { ProjectServiceClient, ProjectServiceService, type Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { ProjectDirectory } from '../services/translations/deps.js';
import { sourceHashOf } from '../services/staleness.js';
import type { ProjectContent, ProjectInfo } from '../services/types.js';

export function projectInfo(p: Project): ProjectInfo {
  return {
    id: p.id,
    companyId: p.companyId,
    title: p.title,
    primaryLanguage: p.primaryLanguage || 'en',
    contentVersion: p.contentVersion,
    sourceHash: sourceHashOf(projectContent(p)),
    hasContent: p.hasContent,
  };
}

export function projectContent(p: Project): ProjectContent {
  return {
    title: p.title,
    description: p.description,
    slidesContent: p.slidesContent,
    scriptContent: p.scriptContent,
    generatedContent: p.generatedContent ? contentFromMessage(p.generatedContent) : null,
  };
}

export class ProjectDirectoryRepository implements ProjectDirectory {
  private readonly projects: PromiseClient<typeof ProjectServiceService>;

  constructor(projectAddress: string, options: { deadlineMs: number }) {
    this.projects = createGrpcClient(ProjectServiceClient as never, ProjectServiceService, projectAddress, options);
  }

  async project(userId: string, projectId: string): Promise<ProjectInfo> {
    return projectInfo(await this.projects.getProject({ userId, projectId }, { userId }));
  }

  async source(projectId: string): Promise<{ project: ProjectInfo; content: ProjectContent }> {
    const input = await this.projects.getGenerationInput({ projectId });
    return { project: projectInfo(input.project!), content: projectContent(input.project!) };
  }

  async replaceContent(userId: string, projectId: string, language: string, content: ProjectContent, expectedContentVersion: number): Promise<ProjectInfo> {
    const project = await this.projects.updateProject(
      {
        userId,
        projectId,
        title: content.title,
        description: content.description,
        scriptContent: content.scriptContent,
        slidesContent: content.slidesContent,
        generatedContent: content.generatedContent ? contentToMessage(content.generatedContent) : undefined,
        primaryLanguage: language,
        clearBranding: false,
        expectedContentVersion,
      },
      { userId },
    );
    return projectInfo(project);
  }

  close(): void {
    this.projects.close();
  }
}
