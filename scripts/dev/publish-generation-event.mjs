// Publishes the pipeline event the generator publishes as it works, on the real event bus, so a
// person or a browser test can watch a project's status move before the generator exists.
//   node scripts/dev/publish-generation-event.mjs --project ID --status analyzing --progress 40 [--stage S] [--error E]
// Uses NATS_URL and NAMESPACE from the environment (the same as the running stack).
import { parseArgs } from 'node:util';
import { EventBus, createLogger } from '@trainwright/platform';
import { PipelineProgress } from '@trainwright/proto/trainwright/events/v1/events';

const { values } = parseArgs({
  options: {
    project: { type: 'string' },
    status: { type: 'string' },
    stage: { type: 'string' },
    progress: { type: 'string', default: '0' },
    error: { type: 'string', default: '' },
  },
});
if (!values.project || !values.status) {
  console.error('usage: publish-generation-event.mjs --project ID --status STATUS [--progress N] [--stage S] [--error E]');
  process.exit(2);
}
const subject = values.status === 'failed' ? 'generation.failed' : values.status === 'completed' ? 'generation.completed' : 'generation.progress';
const bus = await EventBus.connect({
  url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  namespace: process.env.NAMESPACE ?? 'tw',
  logger: createLogger('dev', 'warn'),
});
await bus.publish(
  subject,
  PipelineProgress.encode({
    projectId: values.project,
    status: values.status,
    stage: values.stage ?? values.status,
    percent: Number(values.progress),
    error: values.error,
    generatedContentJson: '',
    occurredAt: new Date().toISOString(),
  }).finish(),
);
await bus.close();
console.log(`published ${subject} for ${values.project}: ${values.status} ${values.progress}%`);
