// The project service as the generator sees it (gRPC): generation input for jobs, projects read
// with the caller's rights, enhanced versions and in-place content updates.
import type { PromiseClient } from '@trainwright/platform';
import type { GenerationInput, Project, ProjectServiceService } from '@trainwright/proto/trainwright/project/v1/project';

export type { GenerationInput as ProjectGenerationInput, Project };

export class ProjectDirectory {
  constructor(private readonly client: PromiseClient<typeof ProjectServiceService>) {}

  generationInput(projectId: string): Promise<GenerationInput> {
    return this.client.getGenerationInput({ projectId });
  }

  /** The project if the caller may read it (another company's project is NOT_FOUND). */
  get(userId: string, projectId: string): Promise<Project> {
    return this.client.getProject({ userId, projectId }, { userId });
  }

  createEnhancedVersion(userId: string, projectId: string, requestData: Record<string, unknown>): Promise<{ id: string; title: string }> {
    return this.client.createProject(
      {
        userId,
        companyId: '',
        title: '',
        description: '',
        projectType: '',
        inputMethod: '',
        scriptContent: '',
        slidesContent: '',
        softwareDetails: '',
        visualFormat: '',
        documentFormat: '',
        includeBranding: false,
        branding: undefined,
        aiInstructions: '',
        fontStyle: '',
        imageStyle: '',
        templateId: '',
        fileIds: [],
        generatorType: '',
        requestDataJson: JSON.stringify(requestData),
        derivedFromProjectId: projectId,
      },
      { userId },
    );
  }

  /** Replaces the generated slides and script with the caller's rights (editor or owner). */
  async updateGenerated(userId: string, projectId: string, slides: string, script: string): Promise<void> {
    await this.client.updateProject({ userId, projectId, generatedSlides: slides, generatedScript: script, clearBranding: false }, { userId });
  }
}
