// Pipeline facts (PipelineProgress on <prefix>.progress/completed/failed) as the generator and
// media-render jobs publish them: progress throttled to real steps, ids deterministic per run so
// a redelivered step is dropped by JetStream and applied once by the project service. A fact about
// state the service keeps (media-render's current set: render.completed) is not published here but
// written with that state (completion(): an OutboxEvent for the same transaction).
import { PipelineProgress } from '@trainwright/proto/trainwright/events/v1/events';
import type { EventBus } from './events.js';
import { messageToProto, type Failure } from './failures.js';
import type { OutboxEvent } from './outbox.js';

/** Progress steps smaller than this are not worth an event. */
const MIN_STEP = 5;

export class PipelinePublisher {
  private readonly last = new Map<string, { stage: string; percent: number }>();

  constructor(
    private readonly bus: EventBus,
    /** 'generation' or 'render'. */
    private readonly prefix: string,
    /** `id` distinguishes this run's events from a previous attempt's; every event carries the
     * content version the job works for, so the project service can tell a stale job's events. */
    private readonly run: { id: string; contentVersion: number },
    /** Sees every step first (the job records its own progress), throttled or not. */
    private readonly onProgress: (stage: string, percent: number) => Promise<void> = async () => undefined,
  ) {}

  /** Publishes `status = stage` at `percent` unless it is a step too small to matter. */
  async progress(projectId: string, stage: string, percent: number): Promise<void> {
    await this.onProgress(stage, percent);
    const value = Math.max(0, Math.min(100, Math.round(percent)));
    const previous = this.last.get(projectId);
    if (previous && previous.stage === stage && (value <= previous.percent || (value !== 100 && value - previous.percent < MIN_STEP))) return;
    this.last.set(projectId, { stage, percent: value });
    await this.publish('progress', `${stage}:${value}`, { projectId, status: stage, stage, percent: value });
  }

  async completed(projectId: string, event: Partial<PipelineProgress> & { status: string }): Promise<void> {
    await this.publish('completed', 'completed', { projectId, percent: 100, ...event });
    this.last.delete(projectId);
  }

  /** `<prefix>.completed` for the outbox, to be written in the transaction of the state it reports. */
  completion(projectId: string, event: Partial<PipelineProgress> & { status: string }): OutboxEvent {
    this.last.delete(projectId);
    return { subject: `${this.prefix}.completed`, payload: this.encode({ projectId, percent: 100, ...event }) };
  }

  /** `<prefix>.failed` with the failure's text and the catalogue message it is (error_message). */
  async failed(projectId: string, failure: Failure): Promise<void> {
    await this.publish('failed', 'failed', { projectId, status: 'failed', error: failure.text, errorMessage: messageToProto(failure.message) });
    this.last.delete(projectId);
  }

  private async publish(kind: string, step: string, event: Partial<PipelineProgress> & { projectId: string; status: string }): Promise<void> {
    await this.bus.publish(`${this.prefix}.${kind}`, this.encode(event), `${event.projectId}:${this.run.id}:${step}`);
  }

  private encode(event: Partial<PipelineProgress> & { projectId: string; status: string }): Uint8Array {
    return PipelineProgress.encode({
      stage: '',
      percent: 0,
      error: '',
      occurredAt: new Date().toISOString(),
      contentVersion: this.run.contentVersion,
      ...event,
    }).finish();
  }
}
