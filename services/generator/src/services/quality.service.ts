// AI quality scoring, apply-improvements and the Enhanced AI Dashboard's services. The caller's
// rights: the project service's read (tenancy), then the platform's access check on the project's
// company (the role: assessing and improving are an editor's, the analyses a reader's; the
// company's effective capabilities: AI agents from the plan or the add-on). Requests are
// checked here; the computing runs in the quality engine (a worker thread in main.ts), off the
// event loop.
import {
  AI_SERVICE_TYPES,
  ANALYSIS_TYPES,
  ATMOSPHERES,
  DEFAULT_ATMOSPHERE,
  DEFAULT_TARGET_AUDIENCE,
  QUALITY_DIMENSIONS,
  QUALITY_MESSAGES,
  catalogueMessage,
  type AiServiceType,
  type AnalysisType,
  type QualityDimension,
} from '@trainwright/catalogue';
import { deckToScript, printScript, printSlideText } from '@trainwright/formats';
import { Access, AppError, type MembershipFacts } from '@trainwright/platform';
import type { AiServiceResult, QualityAssessment, QualityRequest, ScorableContent } from '../domain/types.js';
import { contentHash, scorableOf } from './content.js';
import type { Assessments, Memberships, Project, ProjectDirectory, QualityEngine } from './ports.js';

export interface AssessmentView extends QualityAssessment {
  id: string;
}

export class QualityService {
  constructor(
    private readonly deps: {
      projects: Pick<ProjectDirectory, 'get' | 'createEnhancedVersion' | 'updateGenerated'>;
      memberships: Memberships;
      assessments: Assessments;
      quality: QualityEngine;
    },
  ) {
    this.access = new Access(deps.memberships);
  }

  /** The one access check, on the memberships the service is given. */
  private readonly access: Access<MembershipFacts>;

  async assess(
    userId: string,
    projectId: string,
    input: { desiredAtmosphere: string; targetAudience: string; focusAreas: string[]; notes: string },
  ): Promise<{ premiumRequired: boolean; assessment: AssessmentView | null }> {
    const project = await this.deps.projects.get(userId, projectId);
    // An assessment is kept with the project: an editor's to make, like its improvements.
    if (!(await this.hasAiAgents(userId, project, 'project.update'))) return { premiumRequired: true, assessment: null };
    const request = qualityRequest(input);
    const content = contentOf(project);
    const result = await this.deps.quality.score(content, request);
    const id = await this.deps.assessments.insert({
      projectId: project.id,
      companyId: project.companyId,
      createdBy: userId,
      request,
      result,
      contentHash: contentHash(content),
    });
    return { premiumRequired: false, assessment: { id, ...result } };
  }

  async applyImprovements(
    userId: string,
    projectId: string,
    input: { assessmentId: string; selected: string[]; modifications: Record<string, string>; preserveOriginal: boolean; notes: string },
  ): Promise<{ projectId: string; message: string }> {
    const selected = [...new Set(input.selected.map((s) => s.trim()).filter(Boolean))];
    if (selected.length === 0) throw AppError.validation('selected_recommendations', catalogueMessage(QUALITY_MESSAGES, 'selectRecommendation'));
    const project = await this.deps.projects.get(userId, projectId);
    if (!(await this.hasAiAgents(userId, project, 'project.update'))) throw new AppError('FEATURE_NOT_AVAILABLE', catalogueMessage(QUALITY_MESSAGES, 'premiumRequired'));
    const stored = await this.deps.assessments.find(input.assessmentId, project.id);
    if (!stored) throw AppError.notFound(catalogueMessage(QUALITY_MESSAGES, 'assessmentNotFound'));
    const known = new Set(stored.result.recommendations.map((r) => r.id));
    const unknown = selected.find((id) => !known.has(id));
    if (unknown) throw AppError.validation('selected_recommendations', `${unknown} is not a recommendation of this assessment`);
    // Modifications count only for chosen recommendations.
    const modifications = Object.fromEntries(Object.entries(input.modifications).filter(([id]) => selected.includes(id)));
    if (input.preserveOriginal) {
      const created = await this.deps.projects.createEnhancedVersion(userId, project.id, {
        assessment_id: stored.id,
        selected_recommendations: selected,
        user_modifications: modifications,
        improvement_notes: input.notes,
      });
      return { projectId: created.id, message: QUALITY_MESSAGES.applyStarted };
    }
    // In place: the project's own content changes (needs the editor or owner role).
    const improved = await this.deps.quality.improve(contentOf(project), stored.result, selected, modifications, input.notes);
    await this.deps.projects.updateGenerated(userId, project.id, printSlideText(improved.content.deck), printScript(deckToScript(improved.content.deck)));
    return { projectId: project.id, message: `Quality improvements applied: ${improved.applied.join(', ')}.` };
  }

  async initialize(userId: string, projectId: string, serviceType: string): Promise<AiServiceResult> {
    if (!(AI_SERVICE_TYPES as readonly string[]).includes(serviceType)) {
      throw AppError.validation('service_type', `service_type must be one of ${AI_SERVICE_TYPES.join(', ')}`);
    }
    const project = await this.agentProject(userId, projectId);
    return this.deps.quality.initialize(serviceType as AiServiceType, contentOf(project));
  }

  async analyze(userId: string, projectId: string, analysisType: string, parameters: Record<string, unknown>): Promise<AiServiceResult> {
    if (!(ANALYSIS_TYPES as readonly string[]).includes(analysisType)) {
      throw AppError.validation('analysis_type', `analysis_type must be one of ${ANALYSIS_TYPES.join(', ')}`);
    }
    const project = await this.agentProject(userId, projectId);
    return this.deps.quality.analyze(analysisType as AnalysisType, contentOf(project), parameters);
  }

  private async agentProject(userId: string, projectId: string): Promise<Project> {
    const project = await this.deps.projects.get(userId, projectId);
    if (!(await this.hasAiAgents(userId, project, 'project.read'))) throw new AppError('FEATURE_NOT_AVAILABLE', catalogueMessage(QUALITY_MESSAGES, 'aiAgentsRequired'));
    return project;
  }

  /** Whether the caller's company has AI agents, once the access check allows the caller the action. */
  private async hasAiAgents(userId: string, project: Project, action: 'project.read' | 'project.update'): Promise<boolean> {
    const membership = await this.access.require({ userId, companyId: project.companyId, action, notFoundMessage: 'Project not found' });
    return membership.capabilities.includes('aiAgents');
  }
}

function contentOf(project: Project): ScorableContent {
  const content = scorableOf(project);
  if (!content) throw new AppError('CONFLICT', catalogueMessage(QUALITY_MESSAGES, 'notGenerated'));
  return content;
}

export function qualityRequest(input: { desiredAtmosphere: string; targetAudience: string; focusAreas: string[]; notes: string }): QualityRequest {
  const atmosphere = input.desiredAtmosphere || DEFAULT_ATMOSPHERE;
  if (!(ATMOSPHERES as readonly string[]).includes(atmosphere)) {
    throw AppError.validation('desired_atmosphere', `desired_atmosphere must be one of ${ATMOSPHERES.join(', ')}`);
  }
  const focus = [...new Set(input.focusAreas)];
  const bad = focus.find((f) => !(QUALITY_DIMENSIONS as readonly string[]).includes(f));
  if (bad) throw AppError.validation('focus_areas', `${bad} is not a quality dimension (${QUALITY_DIMENSIONS.join(', ')})`);
  return {
    desired_atmosphere: atmosphere as QualityRequest['desired_atmosphere'],
    target_audience: input.targetAudience.trim() || DEFAULT_TARGET_AUDIENCE,
    focus_areas: focus as QualityDimension[],
    notes: input.notes.trim(),
  };
}
