// The project service as the generator sees it (gRPC): generation input for jobs, projects read
// with the caller's rights, enhanced versions and in-place content updates.
import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { CreateProjectRequest, ProjectServiceClient, ProjectServiceService, type GenerationInput, type Project } from '@trainwright/proto/trainwright/project/v1/project';
import type { ImprovementPlan, ProjectDirectory, UsedSource } from '../services/ports.js';

export class ProjectDirectoryRepository implements ProjectDirectory {
  private readonly client: PromiseClient<typeof ProjectServiceService>;

  constructor(projectAddress: string, options: { deadlineMs: number }) {
    this.client = createGrpcClient(ProjectServiceClient as never, ProjectServiceService, projectAddress, options);
  }

  async indexSource(projectId: string, source: UsedSource): Promise<void> {
    await this.client.indexProjectSource({ projectId, ...source });
  }

  generationInput(projectId: string): Promise<GenerationInput> {
    return this.client.getGenerationInput({ projectId });
  }

  get(userId: string, projectId: string): Promise<Project> {
    return this.client.getProject({ userId, projectId }, { userId });
  }

  createEnhancedVersion(userId: string, projectId: string, plan: ImprovementPlan): Promise<{ id: string; title: string }> {
    // Only what an enhanced version sets; the project service copies the rest from the original.
    const request = CreateProjectRequest.fromPartial({
      userId,
      // Becomes the version's quality_improvement request (its JSON form: snake_case names).
      requestData: { ...plan },
      derivedFromProjectId: projectId,
    });
    return this.client.createProject(request, { userId });
  }

  async updateGenerated(userId: string, projectId: string, slides: string, script: string): Promise<void> {
    await this.client.updateProject({ userId, projectId, generatedSlides: slides, generatedScript: script, clearBranding: false }, { userId });
  }

  close(): void {
    this.client.close();
  }
}
