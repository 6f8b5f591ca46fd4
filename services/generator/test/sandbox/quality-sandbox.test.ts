// Quality scoring, improvements and analyses of a large project in worker threads: the answers
// are those of in-process, a worker's errors keep their meaning, and past the time limit the call
// answers with the limit's message. That the event loop keeps answering meanwhile, and that the
// limit's answer comes within seconds, is measured in quality-sandbox.timed.test.ts.
import { AppError } from '@trainwright/platform';
import { qualityTimeLimitMessage, WorkerSandbox } from '../../src/sandbox/sandboxed-engine.js';
import { workerError } from '../../src/sandbox/sandboxed-reader.js';
import { serializeError, WorkerSupervisor } from '@trainwright/platform';
import { InProcessQuality } from '../../src/adapters/in-process-quality.js';
import { analyzeProject } from '../../src/services/assessments/analyze-project.js';
import { assessQuality } from '../../src/services/assessments/assess-quality.js';
import { initializeService } from '../../src/services/assessments/initialize-service.js';
import { scorableOf } from '../../src/services/content.js';
import { INPUT, assessmentDeps, largeProject } from './quality-fixtures.js';

describe('quality work in worker threads', () => {
  const supervisor = new WorkerSupervisor();
  const sandbox = new WorkerSandbox(supervisor, { timeoutMs: 60_000, maxMemoryMb: 1024 }, 'call');
  const project = largeProject(2000);
  afterAll(() => supervisor.closeAll());

  it("should score and analyse a large project's content in a worker", async () => {
    const assessed = assessmentDeps(sandbox, project);
    const answer = await assessQuality(assessed, 'user-1', 'project-1', INPUT);
    expect(answer.assessment!.overall_score).toBeGreaterThan(0);
    await analyzeProject(assessed, 'user-1', 'project-1', 'content_quality', {});
    expect(supervisor.size).toBe(0);
  }, 60_000);

  it('should answer like in-process: scoring, improvements, analyses and services', async () => {
    const small = largeProject(12);
    const here = assessmentDeps(new InProcessQuality(), small);
    const there = assessmentDeps(sandbox, small);
    const [a, b] = [await assessQuality(here, 'user-1', 'project-1', INPUT), await assessQuality(there, 'user-1', 'project-1', INPUT)];
    expect(b.assessment).toEqual(a.assessment);
    expect(await analyzeProject(there, 'user-1', 'project-1', 'engagement_prediction', {})).toEqual(await analyzeProject(here, 'user-1', 'project-1', 'engagement_prediction', {}));
    expect(await initializeService(there, 'user-1', 'project-1', 'quality_optimizer')).toEqual(await initializeService(here, 'user-1', 'project-1', 'quality_optimizer'));
    // The worker makes review questions itself (questionsFromContent, the default in-process too).
    const selected = b.assessment!.recommendations.map((r) => r.id);
    const improved = await sandbox.improve(scorableOf(small)!, b.assessment!, selected, { [selected[0]!]: 'Checked by the lab lead.' }, 'Reviewed.');
    expect(improved.applied.length).toBeGreaterThan(0);
    expect(improved).toEqual(await new InProcessQuality().improve(scorableOf(small)!, b.assessment!, selected, { [selected[0]!]: 'Checked by the lab lead.' }, 'Reviewed.'));
  });

  it('should refuse an unknown analysis before starting a worker', async () => {
    const refused = analyzeProject(assessmentDeps(sandbox, project), 'user-1', 'project-1', 'astrology', {});
    await expect(refused).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 400, detail: { field: 'analysis_type' } });
    expect(supervisor.size).toBe(0);
  });

  it('should bring back an AppError thrown in a worker as the same AppError', () => {
    const error = workerError(serializeError(AppError.validation('parameters', 'parameters.count must be a number')));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400, message: 'parameters.count must be a number', detail: { field: 'parameters' } });
  });

  it('should answer past the time limit with the limit in the message, and stop the worker', async () => {
    const slow = new WorkerSandbox(supervisor, { timeoutMs: 200, maxMemoryMb: 1024 }, 'call');
    const error = await assessQuality(assessmentDeps(slow, project), 'user-1', 'project-1', INPUT).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'TIMEOUT', message: qualityTimeLimitMessage(200) });
    expect(qualityTimeLimitMessage(200)).toBe('Analysing the content took longer than the time limit of 1 second. Please shorten the project or split it into parts.');
    expect(supervisor.size).toBe(0);
  });
});
