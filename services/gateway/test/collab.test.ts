// Realtime co-editing through the gateway's WebSocket (Hocuspocus protocol, the real provider in
// Node): two Editors editing one project's text at once converge; a Viewer reads and a write of
// theirs closes their connection (the others never see it); a removed member's connection closes
// within 2 s; a plan without realtime collaboration and a stranger are refused; the text is stored
// to the project as an edit.
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { isWrite, projectOfDocument, seededDocument } from '../src/collab/collab.js';
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

let h: Harness;
let owner: Account;
let editor: Account;
let viewer: Account;
let projectId: string;
const opened: Array<{ provider: HocuspocusProvider; socket: HocuspocusProviderWebsocket }> = [];

beforeAll(async () => {
  h = await sharedHarness();
  owner = await register(h, 'Cora Collab', 'enterprise');
  editor = await register(h, 'Eli Editor');
  viewer = await register(h, 'Vio Viewer');
  await addMember(h, owner.companyId, editor, 'editor');
  await addMember(h, owner.companyId, viewer, 'viewer');
  const created = await call(h, 'POST', '/api/projects', owner, { title: 'Ladders', project_type: 'script_to_slides', script_content: '[SCENE: Ladders]\nNARRATOR: Check the feet.', input_method: 'text' });
  projectId = created.json().id;
  await eventually(async () => (await call(h, 'GET', `/api/projects/${projectId}`, viewer)).statusCode === 200, 10_000);
}, 120_000);

afterAll(() => {
  for (const { provider, socket } of opened) {
    provider.destroy();
    socket.destroy();
  }
});

interface Client {
  doc: Y.Doc;
  text: Y.Text;
  synced: Promise<void>;
  closed: Promise<{ code: number; at: number }>;
  failed: Promise<string>;
  provider: HocuspocusProvider;
}

function connect(who: Account, id = projectId): Client {
  const doc = new Y.Doc();
  // The session as a bearer token (a browser sends its cookie and the web app's Origin).
  class Authorised extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: who.auth });
    }
  }
  const socket = new HocuspocusProviderWebsocket({ url: `${h.baseUrl.replace(/^http/, 'ws')}/api/collab`, WebSocketPolyfill: Authorised, maxAttempts: 1 });
  let synced!: () => void;
  let closed!: (e: { code: number; at: number }) => void;
  let failed!: (reason: string) => void;
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: `project:${id}`,
    document: doc,
    token: 'session',
    onSynced: () => synced(),
    onClose: ({ event }) => closed({ code: event.code, at: Date.now() }),
    onAuthenticationFailed: ({ reason }) => failed(reason),
  });
  provider.attach();
  opened.push({ provider, socket });
  return {
    doc,
    text: doc.getText('content'),
    synced: new Promise((r) => (synced = r)),
    closed: new Promise((r) => (closed = r)),
    failed: new Promise((r) => (failed = r)),
    provider,
  };
}

describe('realtime co-editing', () => {
  it('should let two Editors edit at once and converge, and store the text to the project', async () => {
    const a = connect(owner);
    const b = connect(editor);
    await Promise.all([a.synced, b.synced]);
    expect(a.text.toString()).toBe('[SCENE: Ladders]\nNARRATOR: Check the feet.');
    expect(b.text.toString()).toBe(a.text.toString());
    // At the same moment, at both ends of the text.
    a.text.insert(0, '[SCENE: Safety first]\nNARRATOR: Gloves on.\n');
    b.text.insert(b.text.length, ' And the rungs.');
    await eventually(async () => a.text.toString() === b.text.toString() && a.text.toString().includes('rungs') && a.text.toString().includes('Gloves'), 5000);
    const expected = '[SCENE: Safety first]\nNARRATOR: Gloves on.\n[SCENE: Ladders]\nNARRATOR: Check the feet. And the rungs.';
    expect(a.text.toString()).toBe(expected);
    a.provider.destroy();
    b.provider.destroy();
    // The last one out stores it: the project's script is the shared text (a new content version).
    const stored = await eventually(async () => {
      const p = (await call(h, 'GET', `/api/projects/${projectId}`, owner)).json();
      return p.script_content === expected ? p : undefined;
    }, 15_000);
    expect(stored.content_version).toBeGreaterThan(1);
  }, 30_000);

  it("should let a Viewer read, and close their connection on a write the others never see", async () => {
    const writer = connect(editor);
    const reader = connect(viewer);
    await Promise.all([writer.synced, reader.synced]);
    expect(reader.text.toString()).toBe(writer.text.toString());
    const before = writer.text.toString();
    reader.text.insert(0, 'VANDALISM ');
    expect((await reader.closed).code).toBe(4403);
    // A later edit of the Editor's still arrives elsewhere; the Viewer's never did.
    writer.text.insert(writer.text.length, '!');
    const third = connect(owner);
    await third.synced;
    await eventually(async () => third.text.toString() === `${before}!`, 5000);
    expect(third.text.toString()).not.toContain('VANDALISM');
    writer.provider.destroy();
    third.provider.destroy();
  }, 30_000);

  it("should close a removed member's connection within 2 s", async () => {
    const member = await register(h, 'Rita Removed');
    await addMember(h, owner.companyId, member, 'editor');
    const session = await eventually(async () => {
      const c = connect(member);
      const outcome = await Promise.race([c.synced.then(() => c), c.closed.then(() => undefined)]);
      return outcome;
    }, 10_000);
    const removedAt = Date.now();
    expect((await call(h, 'DELETE', `/api/companies/${owner.companyId}/members/${member.id}`, owner)).statusCode).toBe(204);
    const closed = await session.closed;
    expect(closed.code).toBe(4401);
    expect(closed.at - removedAt).toBeLessThan(2000);
  }, 30_000);

  it('should refuse a plan without realtime collaboration, a stranger and a document that names no project', async () => {
    const business = await register(h, 'Bo Business', 'business');
    const own = (await call(h, 'POST', '/api/projects', business, { title: 'Mine', project_type: 'script_to_slides', script_content: '[SCENE: A]\nNARRATOR: B.', input_method: 'text' })).json().id;
    expect(await connect(business, own).failed).toBeTruthy();
    const stranger = await register(h, 'Sly Stranger', 'enterprise');
    expect(await connect(stranger).failed).toBeTruthy();
    expect(await connect(owner, 'not-a-project').failed).toBeTruthy();
  }, 30_000);

  it('should refuse a browser connection from another site', async () => {
    const cookie = `tw_at=${owner.auth.authorization!.replace(/^Bearer /, '')}`;
    const code = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${h.baseUrl.replace(/^http/, 'ws')}/api/collab`, { headers: { cookie, origin: 'https://evil.example' } });
      ws.on('close', (c) => resolve(c));
      ws.on('error', () => resolve(-1));
    });
    expect(code).toBe(4403);
  });
});

describe('the collab rules', () => {
  it('should seed one project version the same on every replica, so merging the seeds does not repeat the text', () => {
    const a = seededDocument('0b6c0a4e-1c3e-4c49-9f52-0d3a3a7f3f10', 3, 'Check the feet.');
    const b = seededDocument('0b6c0a4e-1c3e-4c49-9f52-0d3a3a7f3f10', 3, 'Check the feet.');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    expect(a.getText('content').toString()).toBe('Check the feet.');
    // Each replica edits on top, with its own client id: both edits kept once.
    a.getText('content').insert(0, 'A ');
    b.getText('content').insert(b.getText('content').length, ' B');
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(a.getText('content').toString()).toBe('A Check the feet. B');
    expect(b.getText('content').toString()).toBe(a.getText('content').toString());
  });

  it('should tell a write from a read in a Hocuspocus message, and name only projects', () => {
    const doc = new Y.Doc();
    const message = (step: number, update: Uint8Array) => {
      const parts = [Buffer.from([4]), Buffer.from('name'), Buffer.from([0, step])];
      const length = Buffer.from([update.length]);
      return new Uint8Array(Buffer.concat([...parts, length, Buffer.from(update)]));
    };
    expect(isWrite(message(0, Y.encodeStateVector(doc)))).toBe(false);
    // A sync step 2 with nothing in it: what a read-only client answers the server's step 1 with.
    expect(isWrite(message(1, Y.encodeStateAsUpdate(doc)))).toBe(false);
    doc.getText('content').insert(0, 'x');
    expect(isWrite(message(2, Y.encodeStateAsUpdate(doc)))).toBe(true);
    expect(isWrite(new Uint8Array([200, 1, 2]))).toBe(true);
    expect(projectOfDocument('project:0b6c0a4e-1c3e-4c49-9f52-0d3a3a7f3f10')).toBe('0b6c0a4e-1c3e-4c49-9f52-0d3a3a7f3f10');
    expect(projectOfDocument('project:../../etc')).toBeNull();
  });
});
