// Unit tests of the event consumers: they decode and call the operations (in-memory ports).
import { randomUUID } from 'node:crypto';
import { plainContent } from '@trainwright/formats';
import { contentToMessage, type EventEnvelope } from '@trainwright/platform';
import { PipelineProgress, UserRegistered } from '@trainwright/proto/trainwright/events/v1/events';
import { generationProgressSubscription, renderProgressSubscription } from '../src/subscriptions/pipeline-progress.subscription.js';
import { welcomeSampleSubscription } from '../src/subscriptions/welcome-sample.subscription.js';
import { fakeProjectDeps, type FakeProjectDeps } from './fakes/project-deps.fake.js';
import { newProject, storeProject } from './fixtures/new-project.fixture.js';

let deps: FakeProjectDeps;
const owner = randomUUID();
const company = randomUUID();

beforeEach(() => {
  deps = fakeProjectDeps();
  deps.memberships.join(owner, { companyId: company });
});

function pipelineEvent(subject: string, event: Partial<PipelineProgress> & { projectId: string; status: string }): EventEnvelope {
  const data = PipelineProgress.encode({ stage: '', percent: 0, error: '', occurredAt: '', ...event }).finish();
  return { id: randomUUID(), subject, data, redelivered: false };
}

const pendingProject = () => storeProject(deps.projects, newProject(company, owner, { status: 'generating_content' }));

describe('subscriptions', () => {
  describe(generationProgressSubscription.name, () => {
    it('should hand a completed generation to rendering with its content decoded from the message', async () => {
      const id = await pendingProject();
      const content = { ...plainContent('Say it.', '## Slide'), engine: 'offline', notices: ['No facts were added.'] };
      const subscription = generationProgressSubscription(deps);
      expect([subscription.name, subscription.subject]).toEqual(['project-generation', 'generation.*']);
      await subscription.handle(pipelineEvent('generation.completed', { projectId: id, status: 'generating_content', generatedContent: contentToMessage(content), qualityScore: 81 }));
      expect(deps.projects.rows.get(id)).toMatchObject({ status: 'creating_slides', generated_content: content, quality_score: 81 });
      expect(deps.jobs.rendered.map((j) => j.projectId)).toEqual([id]);
    });

    it('should apply generation progress without a hand-off', async () => {
      const id = await pendingProject();
      await generationProgressSubscription(deps).handle(pipelineEvent('generation.progress', { projectId: id, status: 'generating_content', stage: 'generating_content', percent: 30 }));
      expect(deps.projects.rows.get(id)!.progress).toEqual({ generating_content: 30 });
      expect(deps.jobs.rendered).toEqual([]);
    });
  });

  describe(renderProgressSubscription.name, () => {
    it('should apply a render fact as it comes', async () => {
      const id = await pendingProject();
      await deps.projects.update(id, { status: 'creating_slides' }, []);
      const subscription = renderProgressSubscription(deps);
      expect([subscription.name, subscription.subject]).toEqual(['project-render', 'render.*']);
      await subscription.handle(pipelineEvent('render.completed', { projectId: id, status: 'completed' }));
      expect(deps.projects.rows.get(id)!.status).toBe('completed');
    });
  });

  describe(welcomeSampleSubscription.name, () => {
    it('should create the sample of a registered user once', async () => {
      const warnings: unknown[] = [];
      const logger = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as Parameters<typeof welcomeSampleSubscription>[1];
      const subscription = welcomeSampleSubscription(deps, logger);
      const data = UserRegistered.encode(UserRegistered.fromPartial({ userId: owner, companyId: company })).finish();
      await subscription.handle({ id: 'r1', subject: 'user.registered', data, redelivered: false });
      await subscription.handle({ id: 'r1', subject: 'user.registered', data, redelivered: true });
      expect([...deps.projects.rows.values()].filter((r) => r.is_sample)).toHaveLength(1);
      expect(deps.jobs.rendered).toHaveLength(2);
      expect(warnings).toEqual([]);
    });
  });
});
