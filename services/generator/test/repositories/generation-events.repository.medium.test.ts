// generation.failed as the generator publishes it, on the real NATS: the failure's English text
// and, for a catalogue message (a trial refusal), its id and params beside it (error_message), so
// the project keeps both and the web shows it in the user's language by id.
import { catalogueMessage, TRIAL_MESSAGES } from '@trainwright/catalogue';
import { createLogger, EventBus, failure } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { PipelineProgress } from '@trainwright/proto/trainwright/events/v1/events';
import { GenerationEventsRepository } from '../../src/repositories/generation-events.repository.js';

let infra: TestInfra;
let bus: EventBus;
const seen: Array<{ id: string; event: PipelineProgress }> = [];

beforeAll(async () => {
  infra = await createTestInfra('generation_events');
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('test', 'silent') });
  await bus.subscribeFrom(new Date(Date.now() - 1000), 'generation.failed', async (e) => void seen.push({ id: e.id, event: PipelineProgress.decode(e.data) }));
}, 30_000);

afterAll(async () => {
  await bus?.destroy();
  await infra?.cleanup();
});

describe(GenerationEventsRepository.name, () => {
  it("should publish a trial refusal's failure with its catalogue id (trial.expired) beside the text, under the run's failed id", async () => {
    const events = new GenerationEventsRepository(bus).forRun({ id: 'job-1:3', contentVersion: 4 }, async () => undefined);
    await events.failed('project-expired', failure(catalogueMessage(TRIAL_MESSAGES, 'expired')));
    const { id, event } = await eventually(() => seen.find((s) => s.event.projectId === 'project-expired'), 5000);
    expect(id).toBe('project-expired:job-1:3:failed');
    expect(event).toMatchObject({ status: 'failed', error: TRIAL_MESSAGES.expired, errorMessage: { id: 'trial.expired', params: [] }, contentVersion: 4 });
  });

  it('should publish a text of its own with no catalogue message', async () => {
    const events = new GenerationEventsRepository(bus).forRun({ id: 'job-2:1', contentVersion: 1 }, async () => undefined);
    await events.failed('project-plain', failure('The page could not be fetched.'));
    const { event } = await eventually(() => seen.find((s) => s.event.projectId === 'project-plain'), 5000);
    expect(event).toMatchObject({ status: 'failed', error: 'The page could not be fetched.' });
    expect(event.errorMessage).toBeUndefined();
  });
});
