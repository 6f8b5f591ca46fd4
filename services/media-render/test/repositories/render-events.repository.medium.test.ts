// render.failed as media-render publishes it, on the real NATS: the failure's English text and,
// for a catalogue message (a trial refusal), its id and params beside it (error_message); a text of
// its own (a renderer's or ffmpeg's words) goes with none.
import { catalogueMessage, TRIAL_MESSAGES } from '@trainwright/catalogue';
import { createLogger, EventBus, failure } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { PipelineProgress } from '@trainwright/proto/trainwright/events/v1/events';
import { RenderEventsRepository } from '../../src/repositories/render-events.repository.js';

let infra: TestInfra;
let bus: EventBus;
const seen: Array<{ id: string; event: PipelineProgress }> = [];

beforeAll(async () => {
  infra = await createTestInfra('render_events');
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('test', 'silent') });
  await bus.subscribeFrom(new Date(Date.now() - 1000), 'render.failed', async (e) => void seen.push({ id: e.id, event: PipelineProgress.decode(e.data) }));
}, 30_000);

afterAll(async () => {
  await bus?.destroy();
  await infra?.cleanup();
});

describe(RenderEventsRepository.name, () => {
  it("should publish a catalogue message's failure (trial.ended) with its id beside the text, under the run's failed id", async () => {
    const events = new RenderEventsRepository(bus).forRun({ id: 'render-1:2', contentVersion: 5 }, async () => undefined);
    await events.failed('project-ended', failure(catalogueMessage(TRIAL_MESSAGES, 'ended')));
    const { id, event } = await eventually(() => seen.find((s) => s.event.projectId === 'project-ended'), 5000);
    expect(id).toBe('project-ended:render-1:2:failed');
    expect(event).toMatchObject({ status: 'failed', error: TRIAL_MESSAGES.ended, errorMessage: { id: 'trial.ended', params: [] }, contentVersion: 5 });
  });

  it('should publish a text of its own with no catalogue message', async () => {
    const events = new RenderEventsRepository(bus).forRun({ id: 'render-2:1', contentVersion: 1 }, async () => undefined);
    await events.failed('project-plain', failure('The MOV file could not be written: disk full'));
    const { event } = await eventually(() => seen.find((s) => s.event.projectId === 'project-plain'), 5000);
    expect(event).toMatchObject({ status: 'failed', error: 'The MOV file could not be written: disk full' });
    expect(event.errorMessage).toBeUndefined();
  });
});
