// What both the generation and the assessment operations need from the outside world:
// repositories/ implements the project service (gRPC) and the stored assessments (SQL), the
// sandbox and adapters/ the quality engine; main.ts wires them. Each domain's own ports are in
// its deps.ts.
import type { GenerationInput as ProjectGenerationInput, Project, StoredFile } from '@trainwright/proto/trainwright/project/v1/project';
import type { AiServiceType, AnalysisType } from '@trainwright/catalogue';
import type { AiServiceResult, QualityAssessment, QualityRequest, ScorableContent } from '../domain/types.js';
import type { ImproveResult } from '../quality/index.js';

export type { Project, ProjectGenerationInput, StoredFile };

/** What apply-improvements asks an enhanced version to be generated from (its request data). */
export interface ImprovementPlan {
  assessment_id: string;
  selected_recommendations: string[];
  user_modifications: Record<string, string>;
  improvement_notes: string;
}

/** The project service, as the generator reads and writes it. */
export interface ProjectDirectory {
  /** What a generation job works on: the project, its files and, for an enhanced version, the original. */
  generationInput(projectId: string): Promise<ProjectGenerationInput>;
  /** The project if the caller may read it (another company's project is NOT_FOUND). */
  get(userId: string, projectId: string): Promise<Project>;
  /** A new project derived from `projectId` whose generation applies the plan. */
  createEnhancedVersion(userId: string, projectId: string, plan: ImprovementPlan): Promise<{ id: string; title: string }>;
  /** Replaces the generated slides and script with the caller's rights (editor or owner). */
  updateGenerated(userId: string, projectId: string, slides: string, script: string): Promise<void>;
  /** Keeps the material a project's generation read in its company's library (docs/library.md). */
  indexSource(projectId: string, source: UsedSource): Promise<void>;
}

/** The material a generation read, as passages for the company library. */
export interface UsedSource {
  title: string;
  kind: 'file' | 'url' | 'text';
  /** The file's name or the page's address ('' for pasted text). */
  source: string;
  language: string;
  passages: Array<{ heading: string; text: string }>;
  characters: number;
}

export interface StoredAssessment {
  id: string;
  projectId: string;
  companyId: string;
  request: QualityRequest;
  result: QualityAssessment;
}

/** Quality assessments as they were made: improvements apply the exact recommendations chosen. */
export interface Assessments {
  insert(a: { projectId: string; companyId: string; createdBy: string; request: QualityRequest; result: QualityAssessment; contentHash: string }): Promise<string>;
  /** The assessment of this project with this id (another project's id is not found). */
  find(id: string, projectId: string): Promise<StoredAssessment | undefined>;
}

/**
 * The CPU-heavy quality work: scoring, improvements and the analyses. main.ts runs it in worker
 * threads (sandbox/sandboxed-engine.ts) so a large project does not hold the event loop; tests may
 * run it in-process (adapters/in-process-quality.ts).
 */
export interface QualityEngine {
  score(content: ScorableContent, request: QualityRequest): Promise<QualityAssessment>;
  improve(content: ScorableContent, assessment: QualityAssessment, selected: string[], modifications: Record<string, string>, notes: string): Promise<ImproveResult>;
  analyze(type: AnalysisType, content: ScorableContent, parameters: Record<string, unknown>): Promise<AiServiceResult>;
  /** A service's analyses together (initialize). */
  initialize(type: AiServiceType, content: ScorableContent): Promise<AiServiceResult>;
}
