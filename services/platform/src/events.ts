// The event bus: NATS JetStream. Facts are published on `<namespace>.<subject>` into one stream
// per namespace, each with a message id (JetStream drops duplicates inside its window). Durable
// consumers ack only after their handler succeeds, so a crash redelivers instead of losing.
import {
  AckPolicy,
  DeliverPolicy,
  JSONCodec,
  RetentionPolicy,
  connect,
  headers as natsHeaders,
  nanos,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import { randomUUID } from 'node:crypto';
import type { Logger } from './logger.js';

export interface EventEnvelope {
  id: string;
  subject: string;
  data: Uint8Array;
  redelivered: boolean;
}

export type EventHandler = (event: EventEnvelope) => Promise<void>;

export interface EventBusOptions {
  url: string;
  namespace: string;
  logger: Logger;
  /** How long JetStream keeps events (and so how far back a new consumer can start). */
  maxAgeMs?: number;
}

export class EventBus {
  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: EventBusOptions,
    private readonly streamName: string,
  ) {}

  private readonly running: ConsumerMessages[] = [];
  private closing = false;

  static async connect(options: EventBusOptions): Promise<EventBus> {
    const nc = await connect({ servers: options.url, name: `${options.namespace}-bus`, maxReconnectAttempts: -1 });
    const jsm = await nc.jetstreamManager();
    const streamName = streamOf(options.namespace);
    const config = {
      name: streamName,
      subjects: [`${options.namespace}.>`],
      retention: RetentionPolicy.Limits,
      max_age: nanos(options.maxAgeMs ?? 7 * 86_400_000),
      duplicate_window: nanos(120_000),
    };
    try {
      await jsm.streams.info(streamName);
      await jsm.streams.update(streamName, config);
    } catch {
      await jsm.streams.add(config);
    }
    return new EventBus(nc, nc.jetstream(), jsm, options, streamName);
  }

  subjectOf(subject: string): string {
    return `${this.options.namespace}.${subject}`;
  }

  /** Publishes a fact; `id` makes republishing the same fact a no-op. */
  async publish(subject: string, data: Uint8Array, id: string = randomUUID()): Promise<string> {
    const h = natsHeaders();
    h.set('Nats-Msg-Id', id);
    await this.js.publish(this.subjectOf(subject), data, { msgID: id, headers: h });
    return id;
  }

  /**
   * A durable consumer of one subject (wildcards allowed): survives restarts, shared by every replica with the same name (work is
   * split between them), redelivers what was not acked. Handlers must be idempotent.
   */
  async subscribeDurable(name: string, subject: string, handler: EventHandler): Promise<void> {
    const durable = `${this.options.namespace}-${name}`.replace(/[^A-Za-z0-9_-]/g, '_');
    try {
      await this.jsm.consumers.info(this.streamName, durable);
    } catch {
      await this.jsm.consumers.add(this.streamName, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        // One filter (wildcards allowed): multi-subject filters need nats-server 2.10.
        filter_subject: this.subjectOf(subject),
        max_deliver: 10,
        ack_wait: nanos(30_000),
      });
    }
    const consumer = await this.js.consumers.get(this.streamName, durable);
    const messages = await consumer.consume();
    this.running.push(messages);
    void this.drain(messages, handler, true);
  }

  /** A replica-local consumer that replays from `since` and then follows (for in-memory views). */
  async subscribeFrom(since: Date, subject: string, handler: EventHandler): Promise<void> {
    const consumer = await this.js.consumers.get(this.streamName, {
      filterSubjects: this.subjectOf(subject),
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: since.toISOString(),
    });
    const messages = await consumer.consume();
    this.running.push(messages);
    void this.drain(messages, handler, false);
  }

  private async drain(messages: ConsumerMessages, handler: EventHandler, ack: boolean): Promise<void> {
    try {
      await this.consumeAll(messages, handler, ack);
    } catch (error) {
      // Closing: a consumer's pending pull may meet the closed connection (CONNECTION_CLOSED),
      // which would otherwise surface as an unhandled rejection of a stopping process.
      if (this.closing) return;
      throw error;
    }
  }

  private async consumeAll(messages: ConsumerMessages, handler: EventHandler, ack: boolean): Promise<void> {
    for await (const m of messages) {
      const subject = m.subject.slice(this.options.namespace.length + 1);
      const id = m.headers?.get('Nats-Msg-Id') || `${m.info.stream}:${m.seq}`;
      try {
        await handler({ id, subject, data: m.data, redelivered: m.redelivered });
        if (ack) m.ack();
      } catch (error) {
        this.options.logger.error({ err: error, subject, id }, 'event handler failed; will be redelivered');
        if (ack) m.nak(1000);
      }
    }
  }

  /**
   * Events of this namespace that some durable consumer has not handled yet (waiting, or being
   * handled now): 0 once every fact published so far has been applied everywhere. The lag an
   * operator watches, and the barrier a test waits on instead of a clock.
   */
  async backlog(): Promise<number> {
    let waiting = 0;
    for await (const consumer of this.jsm.consumers.list(this.streamName)) {
      if (consumer.config.durable_name) waiting += consumer.num_pending + consumer.num_ack_pending;
    }
    return waiting;
  }

  async ping(): Promise<void> {
    await this.nc.flush();
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const m of this.running) m.stop();
    await this.nc.drain().catch(() => this.nc.close());
  }

  /** Removes this namespace's stream (tests clean up with it). */
  async destroy(): Promise<void> {
    await this.jsm.streams.delete(this.streamName).catch(() => undefined);
  }

  /** Removes a namespace's stream, with every event and consumer in it (a test stack's, when it is done). */
  static async removeStream(url: string, namespace: string): Promise<void> {
    const nc = await connect({ servers: url, name: `${namespace}-cleanup` });
    try {
      const jsm = await nc.jetstreamManager();
      await jsm.streams.delete(streamOf(namespace)).catch(() => undefined); // none: nothing to remove
    } finally {
      await nc.close();
    }
  }
}

/** The one stream of a namespace. */
const streamOf = (namespace: string) => `${namespace}_EVENTS`;

export const jsonCodec = JSONCodec();

/** One durable event consumer of a service (its subscriptions/*.subscription.ts export these). */
export interface Subscription {
  /** The durable consumer's name, unique in the product: '<service>-<purpose>'. */
  name: string;
  /** One filter subject; a wildcard such as 'project.*' is fine. */
  subject: string;
  /** Idempotent: the same event id can arrive twice. A throw redelivers it. */
  handle: EventHandler;
}

export async function subscribeAll(bus: EventBus, subscriptions: readonly Subscription[]): Promise<void> {
  for (const s of subscriptions) await bus.subscribeDurable(s.name, s.subject, s.handle);
}

let lastMicros = 0;

/**
 * When a fact is decided: RFC 3339 with microseconds, strictly increasing in this process. With
 * a version it orders one entity's events for the services that keep a view of it (project.*,
 * video.status_changed): every write that changes the state is checked against the state it read,
 * so of two such writes the later one is decided after the earlier one committed.
 */
export function occurredNow(): string {
  const micros = Math.floor((performance.timeOrigin + performance.now()) * 1000);
  lastMicros = Math.max(micros, lastMicros + 1);
  const ms = Math.floor(lastMicros / 1000);
  return `${new Date(ms).toISOString().slice(0, -1)}${String(lastMicros % 1000).padStart(3, '0')}Z`;
}
