// The generator as a real process (dist/src/main.js under runServiceProcess): SIGTERM while a
// worker thread parses a 30,000-page PDF stops the process within seconds with exit code 0 (the
// issue: "SIGTERM could not stop the process"), and the job is left to be retried after the restart.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { createQueue, GENERATE_PROJECT_JOB, JobQueue, LocalFileStorage } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { GenerationInput, Project, ProjectServiceService, StoredFile } from '@trainwright/proto/trainwright/project/v1/project';
import { manyPagesPdf } from '../sandbox/fixtures.js';

const MAIN = fileURLToPath(new URL('../../dist/src/main.js', import.meta.url));

describe('the generator process', () => {
  let infra: TestInfra;
  let dir: string;
  let projectService: Server;
  let projectPort: number;
  const asked: string[] = [];
  let child: ChildProcess | null = null;
  let output = '';

  beforeAll(async () => {
    infra = await createTestInfra('sigterm');
    dir = await mkdtemp(join(tmpdir(), 'tw-sigterm-'));
    await new LocalFileStorage(dir).put('company-a/p-huge/manual.pdf', Readable.from([manyPagesPdf(30_000)]));
    // The project service, as far as a generation job asks it (other methods answer UNIMPLEMENTED).
    projectService = new Server();
    projectService.addService(ProjectServiceService, {
      getGenerationInput: (call: { request: { projectId: string } }, callback: (error: null, value: GenerationInput) => void) => {
        asked.push(call.request.projectId);
        callback(
          null,
          GenerationInput.fromPartial({
            project: Project.fromPartial({ id: 'p-huge', companyId: 'company-a', title: 'Manual', status: 'analyzing', projectType: 'slides_to_script', primaryLanguage: 'en' }),
            files: [StoredFile.fromPartial({ id: 'f-1', kind: 'slides', filename: 'manual.pdf', storageKey: 'company-a/p-huge/manual.pdf', size: 1 })],
          }),
        );
      },
    } as never);
    projectPort = await new Promise<number>((resolve, reject) =>
      projectService.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
    );
  });

  afterAll(async () => {
    child?.kill('SIGKILL');
    projectService?.forceShutdown();
    await rm(dir, { recursive: true, force: true });
    await infra.cleanup();
  });

  it('should exit with code 0 within seconds of SIGTERM while a worker thread parses a huge PDF', async () => {
    const started = spawn(process.execPath, [MAIN], {
      env: {
        PATH: process.env.PATH,
        LOG_LEVEL: 'info',
        DATABASE_URL: infra.databaseUrl,
        REDIS_URL: infra.redisUrl,
        NATS_URL: infra.natsUrl,
        NAMESPACE: infra.namespace,
        GENERATOR_GRPC_PORT: '0',
        AUTH_SERVICE_ADDR: '127.0.0.1:1',
        PROJECT_SERVICE_ADDR: `127.0.0.1:${projectPort}`,
        STORAGE_DIR: dir,
        // Parsed for longer than the test waits: only SIGTERM ends it.
        INGEST_MAX_PAGES: '100000',
        INGEST_TIMEOUT_MS: '60000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    started.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => started.once('exit', (code, signal) => resolve({ code, signal })));
    await eventually(() => output.includes('generator started'), 15_000).catch(() => {
      throw new Error(`the generator did not start:\n${output}`);
    });

    const jobs = new JobQueue({ redisUrl: infra.redisUrl, namespace: infra.namespace }, GENERATE_PROJECT_JOB.queue);
    const payload = { projectId: 'p-huge', contentVersion: '1', plan: { tier: 'free-trial', trialState: 'active_trial' } } as const;
    await jobs.enqueue(GENERATE_PROJECT_JOB, payload);
    await jobs.close();
    // The job has read its input; the PDF is then parsed in a worker thread for many seconds.
    await eventually(() => asked.includes('p-huge'), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const queue = createQueue({ redisUrl: infra.redisUrl, namespace: infra.namespace }, GENERATE_PROJECT_JOB.queue);
    const jobId = GENERATE_PROJECT_JOB.jobId(payload);
    expect(await queue.getJobState(jobId)).toBe('active');

    const signalled = performance.now();
    started.kill('SIGTERM');
    const exit = await exited;
    const tookMs = performance.now() - signalled;
    child = null;
    expect({ ...exit, output: exit.code === 0 ? '' : output }).toEqual({ code: 0, signal: null, output: '' });
    expect(tookMs).toBeLessThan(5000);
    expect(output).toContain('shutting down');

    // The attempt ended retryable: the job runs again after the restart, no failure published.
    const job = (await queue.getJob(jobId))!;
    expect(job.attemptsMade).toBe(1);
    expect(['delayed', 'waiting']).toContain(await job.getState());
    await queue.close();
  }, 30_000);
});
