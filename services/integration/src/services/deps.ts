// What the integration operations use (composed in main.ts): repositories behind these ports, the
// senders of each type, a clock and the settings. Nothing here does I/O itself.
import type { CatalogueMessage, IntegrationStatus, IntegrationType } from '@trainwright/catalogue';
import type { AuthMemberships } from '@trainwright/platform';
import type { SplitConfiguration } from './configuration.js';

export type Memberships = Pick<AuthMemberships, 'find' | 'companiesOf'>;

/** An integration as the operations see it: its secrets decrypted. */
export interface IntegrationRow extends SplitConfiguration {
  id: string;
  companyId: string;
  createdBy: string;
  type: IntegrationType;
  status: IntegrationStatus;
  statusMessage: CatalogueMessage | null;
  /** Zapier: the secrets deliveries are signed with, the current one first (empty: unsigned). */
  signingSecrets: string[];
  failingSince: Date | null;
  createdAt: Date;
  lastDelivery: { at: Date; status: string } | null;
}

export interface NewIntegration extends SplitConfiguration {
  id: string;
  companyId: string;
  createdBy: string;
  type: IntegrationType;
  signingSecret: string | null;
}

export interface IntegrationStore {
  /** Stores it unless the company already keeps `limit` integrations, or its api_key is another integration's. */
  insertWithin(limit: number, integration: NewIntegration): Promise<IntegrationRow | 'limit' | 'api_key_in_use'>;
  find(id: string, now: Date): Promise<IntegrationRow | undefined>;
  /** The Zapier integration whose api_key this is. */
  findByApiKey(apiKey: string, now: Date): Promise<IntegrationRow | undefined>;
  listOfCompany(companyId: string, now: Date): Promise<IntegrationRow[]>;
  /** The company's integrations that receive deliveries (not paused), secrets decrypted. */
  receiving(companyId: string, now: Date): Promise<IntegrationRow[]>;
  remove(id: string): Promise<void>;
  /** A delivery reached the receiver: connected, failing no more. */
  markReached(id: string): Promise<void>;
  /** A delivery failed: failing since the first failure in a row; answers since when. */
  markFailing(id: string, at: Date): Promise<Date>;
  /** Paused (error) with the reason; deliveries stop until a test succeeds. */
  pause(id: string, reason: CatalogueMessage): Promise<void>;
  rotateSigningSecret(id: string, secret: string, previousValidUntil: Date): Promise<void>;
}

/** A Zapier app's REST hook: a target URL subscribed to one event type. */
export interface ZapierHook {
  id: string;
  integrationId: string;
  companyId: string;
  event: string;
  targetUrl: string;
}

export interface ZapierHookStore {
  /** Adds it unless the integration already has `limit` hooks. */
  addWithin(limit: number, hook: ZapierHook): Promise<ZapierHook | 'limit'>;
  find(id: string): Promise<ZapierHook | undefined>;
  remove(id: string): Promise<void>;
  /** The hooks of these integrations subscribed to `event`. */
  forEvent(integrationIds: string[], event: string): Promise<ZapierHook[]>;
}

export interface DeliveryAttempt {
  attempt: number;
  at: Date;
  responseStatus: number;
  latencyMs: number;
  error: string;
  responseExcerpt: string;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'abandoned';

export interface DeliveryRow {
  id: string;
  integrationId: string;
  companyId: string;
  event: string;
  eventId: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  /** A delivery to a Zapier REST hook (null: to the integration's own receiver). */
  hookId: string | null;
  createdAt: Date;
  attemptLog: DeliveryAttempt[];
}

export interface NewDelivery {
  integrationId: string;
  hookId?: string | null;
  companyId: string;
  event: string;
  eventId: string;
  payload: Record<string, unknown>;
  occurredAt: Date;
}

export interface DeliveryStore {
  /** Creates the deliveries not made yet (one per integration and event); answers those created. */
  createNew(deliveries: NewDelivery[]): Promise<DeliveryRow[]>;
  find(id: string): Promise<DeliveryRow | undefined>;
  /** Records an attempt and where the delivery stands after it. */
  recordAttempt(id: string, attempt: DeliveryAttempt, next: { status: DeliveryStatus; nextAttemptAt: Date | null }): Promise<void>;
  /** Newest first; `before` is the previous page's last delivery id. */
  page(integrationId: string, before: string | null, limit: number): Promise<DeliveryRow[]>;
}

export interface DeliveryJobs {
  /** Runs attempt `attempt` of the delivery after `delayMs` (0: now); `replay` runs it whatever its status. */
  schedule(deliveryId: string, attempt: number, delayMs: number, replay?: boolean): Promise<void>;
}

/** What a receiver made of one attempt. */
export interface SendOutcome {
  /** The receiver's HTTP status of the last request (0: no answer). */
  responseStatus: number;
  ok: boolean;
  /** The receiver said it is gone for good (410): the integration is paused. */
  gone: boolean;
  error: string;
  responseExcerpt: string;
}

/** A delivery as a sender turns it into requests. */
export interface Outgoing {
  /** The webhook-id: the same on every attempt, so a receiver can drop a repeat. */
  id: string;
  event: string;
  occurredAt: Date;
  payload: Record<string, unknown>;
  /** Where to send instead of the integration's own receiver (a Zapier REST hook). */
  targetUrl?: string;
}

export interface Sender {
  send(integration: IntegrationRow, outgoing: Outgoing, now: Date): Promise<SendOutcome>;
}

/** The projects' titles, from the project service's events. */
export interface ProjectTitles {
  learn(title: { projectId: string; companyId: string; title: string; occurredAt: string }): Promise<void>;
  forget(projectId: string): Promise<void>;
  titleOf(projectId: string): Promise<string | null>;
}

export interface IntegrationDeps {
  integrations: IntegrationStore;
  deliveries: DeliveryStore;
  hooks: ZapierHookStore;
  jobs: DeliveryJobs;
  memberships: Memberships;
  /** The sender of each type built so far; a type without one cannot be set up yet. */
  senders: Partial<Record<IntegrationType, Sender>>;
  titles: ProjectTitles;
  /** Throws a validation error naming `field` when the service may not call `url`. */
  checkUrl(field: string, url: string): Promise<void>;
  clock: () => Date;
  newId: () => string;
  /** A Standard Webhooks secret (whsec_ and base64 of 24 random bytes). */
  newSigningSecret: () => string;
  options: {
    /** Days of failing deliveries after which an integration is paused, in ms. */
    disableAfterMs: number;
    /** The web app as its users reach it: links in messages point there. */
    webUrl: string;
  };
}
