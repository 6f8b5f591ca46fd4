// The project service over gRPC: a project with the caller's rights (downloads ask it only when
// their view of the project misses, logos to check the caller may read it), a share link's
// project, and what a render job renders.
import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { ProjectServiceClient, ProjectServiceService, type Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { AnyTemplate } from '@trainwright/templates';
import type { ProjectDirectory } from '../services/ports.js';
import type { ProjectRenderInput } from '../services/renders/render-input.js';

export class ProjectDirectoryRepository implements ProjectDirectory {
  private readonly projects: PromiseClient<typeof ProjectServiceService>;

  constructor(projectAddress: string, options: { deadlineMs: number }) {
    this.projects = createGrpcClient(ProjectServiceClient as never, ProjectServiceService, projectAddress, options);
  }

  project(userId: string, projectId: string): Promise<Project> {
    return this.projects.getProject({ userId, projectId }, { userId });
  }

  async renderInput(projectId: string): Promise<ProjectRenderInput> {
    const input = await this.projects.getGenerationInput({ projectId });
    return {
      project: input.project!,
      // The message is the template object field for field.
      template: (input.template as AnyTemplate | undefined) ?? null,
      renderKey: input.renderKey,
    };
  }

  async sharedProject(token: string): Promise<{ projectId: string; companyId: string; logoUrl: string }> {
    const shared = await this.projects.getSharedProject({ token });
    return { projectId: shared.projectId, companyId: shared.companyId, logoUrl: shared.branding?.logoUrl ?? '' };
  }

  close(): void {
    this.projects.close();
  }
}
