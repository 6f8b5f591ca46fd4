// Quality scoring, improvements and the AI services with every port faked: no project or auth
// service and no database.
import { DEFAULT_ATMOSPHERE, DEFAULT_TARGET_AUDIENCE, QUALITY_MESSAGES, type Role } from '@trainwright/catalogue';
import { parseSlideText, plainContent, printSlideText } from '@trainwright/formats';
import { AppError, contentToMessage } from '@trainwright/platform';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { InProcessQuality } from '../../../src/adapters/in-process-quality.js';
import type { QualityRequest } from '../../../src/domain/types.js';
import { analyzeProject } from '../../../src/services/assessments/analyze-project.js';
import { applyImprovements } from '../../../src/services/assessments/apply-improvements.js';
import { assessQuality } from '../../../src/services/assessments/assess-quality.js';
import type { AssessmentDeps } from '../../../src/services/assessments/deps.js';
import { initializeService } from '../../../src/services/assessments/initialize-service.js';
import type { Assessments, ImprovementPlan, StoredAssessment } from '../../../src/services/ports.js';
import { POOR_SLIDES, makeQuestions } from '../../quality/fixtures.js';

const USER = 'user-1';
const COMPANY = 'company-1';
const INPUT = { desiredAtmosphere: '', targetAudience: '', focusAreas: [], notes: '' };

function project(changes: Partial<Project> = {}): Project {
  return Project.fromPartial({ id: 'project-1', companyId: COMPANY, title: 'Password Security', status: 'completed', slidesContent: POOR_SLIDES, ...changes });
}

class FakeAssessments implements Assessments {
  rows: StoredAssessment[] = [];
  async insert(a: Parameters<Assessments['insert']>[0]): Promise<string> {
    const id = `assessment-${this.rows.length + 1}`;
    this.rows.push({ id, projectId: a.projectId, companyId: a.companyId, request: a.request, result: a.result });
    return id;
  }
  async find(id: string, projectId: string) {
    return this.rows.find((r) => r.id === id && r.projectId === projectId);
  }
}

function setup(options: { capabilities?: string[]; project?: Project; role?: Role } = {}) {
  const assessments = new FakeAssessments();
  const created: Array<{ projectId: string; plan: ImprovementPlan }> = [];
  const updated: Array<{ projectId: string; slides: string; script: string }> = [];
  const deps: AssessmentDeps = {
    projects: {
      get: async () => options.project ?? project(),
      createEnhancedVersion: async (_userId, projectId, plan) => {
        created.push({ projectId, plan });
        return { id: 'enhanced-1', title: 'Password Security (Enhanced)' };
      },
      updateGenerated: async (_userId, projectId, slides, script) => void updated.push({ projectId, slides, script }),
    },
    memberships: { find: async () => ({ role: options.role ?? 'editor', capabilities: options.capabilities ?? ['aiAgents'] }) },
    assessments,
    quality: new InProcessQuality(makeQuestions),
  };
  return { deps, assessments, created, updated };
}

async function assessed(s: ReturnType<typeof setup>) {
  const { assessment } = await assessQuality(s.deps, USER, 'project-1', INPUT);
  return assessment!;
}

describe('assessment operations', () => {
  describe(assessQuality.name, () => {
    it('should answer premiumRequired without scoring when the company has no AI agents', async () => {
      const { deps, assessments } = setup({ capabilities: [] });
      expect(await assessQuality(deps, USER, 'project-1', INPUT)).toEqual({ premiumRequired: true, assessment: null });
      expect(assessments.rows).toEqual([]);
    });

    it("should refuse a viewer (an assessment is kept with the project) and keep nothing", async () => {
      const { deps, assessments } = setup({ role: 'viewer' });
      await expect(assessQuality(deps, USER, 'project-1', INPUT)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(assessments.rows).toEqual([]);
    });

    it('should score the content with the defaults and store the assessment', async () => {
      const s = setup();
      const assessment = await assessed(s);
      expect(assessment.id).toBe('assessment-1');
      expect(assessment.overall_score).toBeGreaterThan(0);
      expect(assessment.recommendations.length).toBeGreaterThan(0);
      const stored = s.assessments.rows[0]!;
      expect(stored).toMatchObject({ projectId: 'project-1', companyId: COMPANY, result: { overall_score: assessment.overall_score } });
      expect(stored.request).toEqual<QualityRequest>({ desired_atmosphere: DEFAULT_ATMOSPHERE, target_audience: DEFAULT_TARGET_AUDIENCE, focus_areas: [], notes: '' });
    });

    it('should score the generated content when the project has some', async () => {
      const generated = project({ slidesContent: '', generatedContent: contentToMessage(plainContent('', POOR_SLIDES)) });
      const fromGenerated = await assessed(setup({ project: generated }));
      const fromSlides = await assessed(setup());
      expect(fromGenerated.overall_score).toBe(fromSlides.overall_score);
    });

    it('should refuse a project with no content', async () => {
      const { deps } = setup({ project: project({ slidesContent: '' }) });
      await expect(assessQuality(deps, USER, 'project-1', INPUT)).rejects.toMatchObject({ code: 'CONFLICT', message: QUALITY_MESSAGES.notGenerated });
    });

    it('should refuse an unknown atmosphere', async () => {
      const { deps } = setup();
      await expect(assessQuality(deps, USER, 'project-1', { ...INPUT, desiredAtmosphere: 'gloomy' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });
  });

  describe(applyImprovements.name, () => {
    it('should refuse an empty selection', async () => {
      const { deps } = setup();
      const apply = applyImprovements(deps, USER, 'project-1', { assessmentId: 'assessment-1', selected: [' '], modifications: {}, preserveOriginal: true, notes: '' });
      await expect(apply).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: QUALITY_MESSAGES.selectRecommendation });
    });

    it('should refuse a company without AI agents', async () => {
      const { deps } = setup({ capabilities: [] });
      const apply = applyImprovements(deps, USER, 'project-1', { assessmentId: 'assessment-1', selected: ['x'], modifications: {}, preserveOriginal: true, notes: '' });
      await expect(apply).rejects.toEqual(new AppError('FEATURE_NOT_AVAILABLE', QUALITY_MESSAGES.premiumRequired));
    });

    it('should refuse a recommendation the assessment does not have', async () => {
      const s = setup();
      const assessment = await assessed(s);
      const apply = applyImprovements(s.deps, USER, 'project-1', { assessmentId: assessment.id, selected: ['made-up'], modifications: {}, preserveOriginal: true, notes: '' });
      await expect(apply).rejects.toMatchObject({ code: 'VALIDATION_FAILED', message: 'made-up is not a recommendation of this assessment' });
    });

    it('should create an enhanced version with the plan, keeping only modifications of chosen recommendations', async () => {
      const s = setup();
      const assessment = await assessed(s);
      const [chosen, other] = assessment.recommendations.map((r) => r.id);
      const answer = await applyImprovements(s.deps, USER, 'project-1', {
        assessmentId: assessment.id,
        selected: [chosen!, chosen!],
        modifications: { [chosen!]: 'shorter', [other!]: 'ignored' },
        preserveOriginal: true,
        notes: 'Keep it short.',
      });
      expect(answer).toEqual({ projectId: 'enhanced-1', message: QUALITY_MESSAGES.applyStarted });
      expect(s.created).toEqual([
        { projectId: 'project-1', plan: { assessment_id: assessment.id, selected_recommendations: [chosen], user_modifications: { [chosen!]: 'shorter' }, improvement_notes: 'Keep it short.' } },
      ]);
      expect(s.updated).toEqual([]);
    });

    it('should change the project in place when the original is not preserved', async () => {
      const s = setup();
      const assessment = await assessed(s);
      const chosen = assessment.recommendations[0]!.id;
      const answer = await applyImprovements(s.deps, USER, 'project-1', { assessmentId: assessment.id, selected: [chosen], modifications: {}, preserveOriginal: false, notes: '' });
      expect(answer).toEqual({ projectId: 'project-1', message: `Quality improvements applied: ${chosen}.` });
      expect(s.updated).toHaveLength(1);
      expect(s.updated[0]!.slides).not.toBe(printSlideText(parseSlideText(POOR_SLIDES)));
      expect(s.updated[0]!.script).not.toBe('');
      expect(s.created).toEqual([]);
    });
  });

  describe(initializeService.name, () => {
    it('should refuse an unknown service type', async () => {
      const { deps } = setup();
      await expect(initializeService(deps, USER, 'project-1', 'fortune_teller')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('should need AI agents', async () => {
      const { deps } = setup({ capabilities: ['qualityScoring'] });
      await expect(initializeService(deps, USER, 'project-1', 'quality_optimizer')).rejects.toEqual(new AppError('FEATURE_NOT_AVAILABLE', QUALITY_MESSAGES.aiAgentsRequired));
    });

    it('should run the service on the project\'s content', async () => {
      const { deps } = setup();
      const result = await initializeService(deps, USER, 'project-1', 'quality_optimizer');
      expect(result.score).toBeGreaterThan(0);
      expect(typeof result.insights).toBe('object');
    });
  });

  describe(analyzeProject.name, () => {
    it("should let a viewer read the analyses: they keep nothing", async () => {
      const { deps } = setup({ role: 'viewer' });
      expect((await analyzeProject(deps, USER, 'project-1', 'readability_check', {})).recommendations).toBeDefined();
    });

    it('should refuse an unknown analysis type', async () => {
      const { deps } = setup();
      await expect(analyzeProject(deps, USER, 'project-1', 'palm_reading', {})).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    });

    it('should analyse the project\'s content', async () => {
      const { deps } = setup();
      const result = await analyzeProject(deps, USER, 'project-1', 'content_quality', {});
      expect(result.recommendations.length).toBeGreaterThan(0);
    });
  });
});
