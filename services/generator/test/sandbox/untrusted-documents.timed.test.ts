// Wall-clock half of untrusted-documents.medium.test.ts (run in the timed tier, alone, on the real
// Redis): while a huge PDF is parsed in a worker thread, a timer on the service's event loop fires
// on time, the health check answers at once and the loop's delay stays under a second while
// another company's project generates; shutdown stops a running parse within two seconds.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { checkGrpcHealth, createGrpcServer, createLogger } from '@trainwright/platform';
import { eventually } from '@trainwright/platform/testing';
import { GLOVES_SCRIPT, manyPagesPdf } from './fixtures.js';
import { untrustedHarness } from './untrusted-fixtures.js';

describe('untrusted documents: parsing apart from the event loop (timed)', () => {
  const h = untrustedHarness('untrusted_timed');
  const { startWorker, queueProject, finishedJob } = h;

  it('should keep its event loop answering on time while a huge PDF is parsed', async () => {
    // As in the medium test: a one-second lock renewed on this loop, a time limit past the test.
    startWorker({ maxPages: 100_000, timeoutMs: 10_000 }, 1000);
    const grpc = createGrpcServer(createLogger('test', 'silent'));
    const port = await grpc.listen('127.0.0.1:0');
    grpc.setServing('SERVING');
    const delay = monitorEventLoopDelay({ resolution: 10 });
    try {
      await queueProject('p-slow', 'company-a', { bytes: manyPagesPdf(20_000), filename: 'huge.pdf', kind: 'slides' });
      // The huge PDF is being parsed in its worker thread...
      await eventually(() => h.supervisor.size > 0 && h.outcome.progress.includes('p-slow analyzing 0'), 10_000);
      delay.enable();
      // ...while a timer on this loop fires on time...
      const started = performance.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(performance.now() - started).toBeLessThan(400);
      // ...the health check answers at once...
      const asked = performance.now();
      expect(await checkGrpcHealth(`127.0.0.1:${port}`, '', 1000)).toBe('SERVING');
      expect(performance.now() - asked).toBeLessThan(500);
      // ...and the loop never waits a second while another company's project is generated.
      const small = await queueProject('p-small', 'company-b', { bytes: Buffer.from(GLOVES_SCRIPT), filename: 'script.txt', kind: 'script' });
      expect(await finishedJob(small, 10_000)).toMatchObject({ state: 'completed', attemptsMade: 1 });
      expect(h.supervisor.size).toBe(1); // the huge PDF was being parsed all along
      delay.disable();
      expect(delay.max / 1e6).toBeLessThan(1000);
    } finally {
      delay.disable();
      await grpc.shutdown();
    }
  }, 40_000);

  it('should stop running workers within two seconds at shutdown (closeAll)', async () => {
    startWorker({ maxPages: 100_000 });
    await queueProject('p-shutdown', 'company-a', { bytes: manyPagesPdf(20_000), filename: 'huge.pdf', kind: 'slides' });
    await eventually(() => h.supervisor.size > 0, 10_000);
    const started = performance.now();
    await h.supervisor.closeAll();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(h.supervisor.size).toBe(0);
  });
});
