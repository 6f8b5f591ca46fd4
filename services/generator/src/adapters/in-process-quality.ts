// The quality work computed where it is called: the worker thread's side of the sandbox
// (sandbox/generation-worker.ts) and the unit tests. The operations get it through the
// QualityEngine port.
import type { AiServiceType, AnalysisType } from '@trainwright/catalogue';
import type { AiServiceResult, QualityAssessment, QualityRequest, ScorableContent } from '../domain/types.js';
import { analyze, applyImprovements, initializeService, scoreContent, type ImproveHelpers, type ImproveResult } from '../quality/index.js';
import type { QualityEngine } from '../services/ports.js';
import { questionsFromContent } from '../services/review-questions.js';

export class InProcessQuality implements QualityEngine {
  constructor(private readonly makeQuestions: ImproveHelpers['makeQuestions'] = questionsFromContent) {}

  async score(content: ScorableContent, request: QualityRequest): Promise<QualityAssessment> {
    return scoreContent(content, request);
  }

  async improve(content: ScorableContent, assessment: QualityAssessment, selected: string[], modifications: Record<string, string>, notes: string): Promise<ImproveResult> {
    return applyImprovements(content, assessment, selected, modifications, notes, { makeQuestions: this.makeQuestions });
  }

  async analyze(type: AnalysisType, content: ScorableContent, parameters: Record<string, unknown>): Promise<AiServiceResult> {
    return analyze(type, content, parameters);
  }

  async initialize(type: AiServiceType, content: ScorableContent): Promise<AiServiceResult> {
    return initializeService(type, content);
  }
}
