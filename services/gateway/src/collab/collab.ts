// Realtime co-editing of a project's text (docs/teams.md): a Yjs document per project served by
// Hocuspocus inside the gateway, reached over WebSocket at /api/collab. Enterprise
// (realtimeCollaboration). The role is checked when a connection opens (the one access check:
// Editors and the Owner write, Commenters and Viewers read) and again on every message (a write
// from a read-only connection closes it); a member's change of role or removal closes their open
// connections within the event's delivery (member.*). Edits are stored to the project as any edit
// is (UpdateProject as the last person who wrote: a new content version, needs_regeneration).
// Several gateway replicas share one document's updates and presence through Redis.
import { Hocuspocus, type Extension, type onAuthenticatePayload, type onLoadDocumentPayload, type onStoreDocumentPayload, type beforeHandleMessagePayload } from '@hocuspocus/server';
import { Redis as RedisSync } from '@hocuspocus/extension-redis';
import { roleAllows } from '@trainwright/catalogue';
import { editableField, editableText, type EditableField } from '@trainwright/formats';
import { Access, AppError, isUuid, type AuthMemberships, type EventBus, type Logger } from '@trainwright/platform';
import { CompanyMembersChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { Redis } from 'ioredis';
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';
import type { ServiceClients } from '../clients.js';

/** What a connection carries: who opened it, on which project, and whether they may write. */
export interface CollabContext {
  userId: string;
  projectId: string;
  companyId: string;
  field: EditableField;
  readOnly: boolean;
  /** The project's text and content version read when the connection opened: the first connection seeds the document from them. */
  seed: { text: string; contentVersion: number };
}

/** Closed: a write from a read-only connection, or the member's rights changed (they reconnect with the new ones). */
export const READ_ONLY_WRITE = { code: 4403, reason: 'This connection is read-only.' };
export const RIGHTS_CHANGED = { code: 4401, reason: 'Your role in the company changed.' };

const DOCUMENT = /^project:([0-9a-f-]{36})$/;
const TEXT = 'content';

/** The project a document name names, or null. */
export function projectOfDocument(name: string): string | null {
  const id = DOCUMENT.exec(name)?.[1];
  return id && isUuid(id) ? id : null;
}

/** Whether a Hocuspocus message carries a change to the document (a sync step 2 or an update that is not empty). */
export function isWrite(message: Uint8Array): boolean {
  try {
    const decoder = decoding.createDecoder(message);
    decoding.readVarString(decoder); // the document's name
    if (decoding.readVarUint(decoder) !== 0) return false; // not a sync message (awareness, auth, ...)
    const step = decoding.readVarUint(decoder);
    if (step === 0) return false; // sync step 1: a state vector, a read
    const update = Y.decodeUpdate(decoding.readVarUint8Array(decoder));
    return update.structs.length > 0 || update.ds.clients.size > 0;
  } catch {
    // What cannot be read is not let through on a read-only connection.
    return true;
  }
}

/**
 * A document seeded from the project's text, with a client id that is the same for the same
 * project and content version, so that two gateway replicas seeding it at once make the same
 * Yjs items (merged once, not twice).
 */
export function seededDocument(projectId: string, contentVersion: number, text: string): Y.Doc {
  const doc = new Y.Doc();
  let hash = 2166136261;
  for (const ch of `${projectId}:${contentVersion}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619) >>> 0;
  const clientID = doc.clientID;
  doc.clientID = hash || 1;
  doc.getText(TEXT).insert(0, text);
  doc.clientID = clientID;
  return doc;
}

export interface Collab {
  hocuspocus: Hocuspocus<CollabContext>;
  close(): Promise<void>;
}

export async function startCollab(deps: { clients: ServiceClients; memberships: AuthMemberships; bus: EventBus; redis: Redis; namespace: string; logger: Logger }): Promise<Collab> {
  const access = new Access(deps.memberships);
  // The text each document last had in the project (stored or loaded), so a store writes only a change.
  const stored = new Map<string, string>();

  const projectDocuments: Extension<CollabContext> = {
    async onAuthenticate({ documentName, context, connectionConfig }: onAuthenticatePayload<CollabContext>) {
      const projectId = projectOfDocument(documentName);
      if (!projectId) throw AppError.notFound();
      const project = await deps.clients.project.getProject({ userId: context.userId, projectId }, { userId: context.userId });
      const membership = await access.require({ userId: context.userId, companyId: project.companyId, action: 'project.read', capability: 'realtimeCollaboration', fresh: true });
      const readOnly = !roleAllows(membership.role, 'project.update');
      connectionConfig.readOnly = readOnly;
      const contents = { scriptContent: project.scriptContent, slidesContent: project.slidesContent, generatedSlides: project.generatedContent?.slides?.slideContent ?? '' };
      const field = editableField({ projectType: project.projectType, ...contents });
      const seed = { text: editableText(contents, field), contentVersion: project.contentVersion };
      Object.assign(context, { projectId, companyId: project.companyId, field, readOnly, seed });
    },
    async onLoadDocument({ documentName, context }: onLoadDocumentPayload<CollabContext>) {
      stored.set(documentName, context.seed.text);
      return seededDocument(context.projectId, context.seed.contentVersion, context.seed.text);
    },
    async beforeHandleMessage({ connection, update }: beforeHandleMessagePayload<CollabContext>) {
      if (connection.readOnly && isWrite(update)) {
        // The whole socket: a client that writes on a read-only connection is not trusted with the others it holds.
        connection.webSocket.close(READ_ONLY_WRITE.code, READ_ONLY_WRITE.reason);
        throw new Error('a write from a read-only connection');
      }
    },
    async onStoreDocument({ documentName, document, lastContext }: onStoreDocumentPayload<CollabContext>) {
      const text = document.getText(TEXT).toString();
      if (!lastContext?.userId || lastContext.readOnly || stored.get(documentName) === text) return;
      const change = lastContext.field === 'generated_slides' ? { generatedSlides: text } : lastContext.field === 'slides_content' ? { slidesContent: text } : { scriptContent: text };
      await deps.clients.project.updateProject({ userId: lastContext.userId, projectId: lastContext.projectId, ...change } as never, { userId: lastContext.userId });
      stored.set(documentName, text);
    },
    async afterUnloadDocument({ documentName }) {
      stored.delete(documentName);
    },
  };

  const hocuspocus = new Hocuspocus<CollabContext>({
    name: 'trainwright-gateway',
    quiet: true,
    // A store is a new content version (and a render): after a pause in the typing, at most every minute.
    debounce: 5_000,
    maxDebounce: 60_000,
    extensions: [projectDocuments, new RedisSync({ redis: deps.redis, prefix: `${deps.namespace}:collab`, host: '', port: 0 })],
  });

  // A member's role changed or they left: their connections close (they come back with the new rights).
  await deps.bus.subscribeFrom(new Date(), 'member.*', async (event) => {
    const { userId } = CompanyMembersChanged.decode(event.data);
    for (const document of hocuspocus.documents.values()) {
      for (const connection of document.getConnections()) {
        if ((connection.context as CollabContext).userId === userId) connection.webSocket.close(RIGHTS_CHANGED.code, RIGHTS_CHANGED.reason);
      }
    }
  });

  return {
    hocuspocus,
    close: async () => {
      hocuspocus.flushPendingStores();
      hocuspocus.closeConnections();
    },
  };
}
