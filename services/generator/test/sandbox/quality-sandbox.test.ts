// Quality scoring, improvements and analyses of a large project in worker threads: the event loop
// keeps answering while a project's content is scored, a worker's errors keep their meaning, and
// past the time limit the call answers with the limit's message.
import { AppError } from '@trainwright/platform';
import { Project } from '@trainwright/proto/trainwright/project/v1/project';
import { qualityTimeLimitMessage, WorkerSandbox } from '../../src/sandbox/sandboxed-engine.js';
import { workerError } from '../../src/sandbox/sandboxed-reader.js';
import { serializeError, WorkerSupervisor } from '@trainwright/platform';
import { scorableOf } from '../../src/services/content.js';
import type { Assessments, QualityEngine, StoredAssessment } from '../../src/services/ports.js';
import { InProcessQuality } from '../../src/services/quality-engine.js';
import { QualityService } from '../../src/services/quality.service.js';

const INPUT = { desiredAtmosphere: '', targetAudience: '', focusAreas: [], notes: '' };

/** A project of `sections` slides in the slide text format, each with its own sentences. */
function largeProject(sections: number): Project {
  const slides = Array.from({ length: sections }, (_, i) => [
    `## Checkpoint ${i + 1}: fume hood ${i % 97} and container ${i}`,
    '**Content:**',
    `- Technician ${i} checks the airflow gauge of hood ${i % 97} before opening container ${i}, because vapours collect quickly.`,
    `- It is important to note that spill kit ${i} stays within reach of bench ${i % 13} at all times during the shift.`,
    `- Label every sample of batch ${i} with the date, the owner and the hazard class before it leaves the room.`,
    `- Report a broken seal on container ${i} to the safety officer on duty at once, whatever the time.`,
  ].join('\n'));
  return Project.fromPartial({ id: 'project-1', companyId: 'company-1', title: 'Lab safety', status: 'completed', slidesContent: `# Lab safety\n\n${slides.join('\n\n')}` });
}

function service(quality: QualityEngine, project: Project): QualityService {
  const rows: StoredAssessment[] = [];
  const assessments: Assessments = {
    insert: async (a) => {
      rows.push({ id: `assessment-${rows.length + 1}`, ...a });
      return `assessment-${rows.length}`;
    },
    find: async (id) => rows.find((r) => r.id === id),
  };
  return new QualityService({
    projects: { get: async () => project, createEnhancedVersion: async () => ({ id: '', title: '' }), updateGenerated: async () => undefined },
    capabilities: { capabilitiesOf: async () => ['aiAgents'] },
    assessments,
    quality,
  });
}

/** Runs `work` while a 10 ms timer on this loop measures how late it fires: the largest delay in ms. */
async function loopDelayDuring(work: () => Promise<unknown>): Promise<{ maxDelayMs: number; tookMs: number }> {
  let last = performance.now();
  let maxDelayMs = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxDelayMs = Math.max(maxDelayMs, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  await work();
  const tookMs = performance.now() - started;
  // A loop held until now shows its delay when the timer next fires.
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(timer);
  return { maxDelayMs, tookMs };
}

describe('quality work in worker threads', () => {
  const supervisor = new WorkerSupervisor();
  const sandbox = new WorkerSandbox(supervisor, { timeoutMs: 60_000, maxMemoryMb: 1024 }, 'call');
  const project = largeProject(2000);
  afterAll(() => supervisor.closeAll());

  it("should keep the event loop answering while a large project's content is scored and analysed", async () => {
    // In-process the scoring holds the loop for most of its time (what the sandbox is for)...
    const here = await loopDelayDuring(() => service(new InProcessQuality(), project).assess('user-1', 'project-1', INPUT));
    expect(here.maxDelayMs).toBeGreaterThan(400);
    // ...in a worker the loop stays free, with the same answer.
    const assessed = service(sandbox, project);
    let answer: Awaited<ReturnType<QualityService['assess']>> | undefined;
    const inWorker = await loopDelayDuring(async () => {
      answer = await assessed.assess('user-1', 'project-1', INPUT);
    });
    expect(inWorker.maxDelayMs).toBeLessThan(Math.min(200, here.maxDelayMs / 4));
    expect(answer!.assessment!.overall_score).toBeGreaterThan(0);
    const analysed = await loopDelayDuring(() => assessed.analyze('user-1', 'project-1', 'content_quality', {}));
    expect(analysed.maxDelayMs).toBeLessThan(200);
    expect(supervisor.size).toBe(0);
  }, 60_000);

  it('should answer like in-process: scoring, improvements, analyses and services', async () => {
    const small = largeProject(12);
    const here = service(new InProcessQuality(), small);
    const there = service(sandbox, small);
    const [a, b] = [await here.assess('user-1', 'project-1', INPUT), await there.assess('user-1', 'project-1', INPUT)];
    expect(b.assessment).toEqual(a.assessment);
    expect(await there.analyze('user-1', 'project-1', 'engagement_prediction', {})).toEqual(await here.analyze('user-1', 'project-1', 'engagement_prediction', {}));
    expect(await there.initialize('user-1', 'project-1', 'quality_optimizer')).toEqual(await here.initialize('user-1', 'project-1', 'quality_optimizer'));
    // The worker makes review questions itself (questionsFromContent, the default in-process too).
    const selected = b.assessment!.recommendations.map((r) => r.id);
    const improved = await sandbox.improve(scorableOf(small)!, b.assessment!, selected, { [selected[0]!]: 'Checked by the lab lead.' }, 'Reviewed.');
    expect(improved.applied.length).toBeGreaterThan(0);
    expect(improved).toEqual(await new InProcessQuality().improve(scorableOf(small)!, b.assessment!, selected, { [selected[0]!]: 'Checked by the lab lead.' }, 'Reviewed.'));
  });

  it('should refuse an unknown analysis before starting a worker', async () => {
    const refused = service(sandbox, project).analyze('user-1', 'project-1', 'astrology', {});
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
    const started = performance.now();
    const error = await service(slow, project).assess('user-1', 'project-1', INPUT).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'TIMEOUT', message: qualityTimeLimitMessage(200) });
    expect(qualityTimeLimitMessage(200)).toBe('Analysing the content took longer than the time limit of 1 second. Please shorten the project or split it into parts.');
    expect(supervisor.size).toBe(0);
  });
});
