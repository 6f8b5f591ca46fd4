// Realtime co-editing in the browser (docs/teams.md): a textarea's text kept in a Yjs document that
// the gateway's Hocuspocus shares with everyone editing the project, and who else is there. The
// pure parts (how a textarea change becomes a Yjs change, where a caret stays, who is present) are
// here for the unit tests; useCollabText wires them to the provider.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useRouteLoaderData } from '@remix-run/react';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import * as Y from 'yjs';

export const COLLAB_TEXT = 'content';

/** A textarea's change as one Yjs change: what lies between the common start and the common end. */
export function applyTextChange(text: Y.Text, before: string, after: string): void {
  if (before === after) return;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) end++;
  text.doc!.transact(() => {
    const removed = before.length - start - end;
    if (removed > 0) text.delete(start, removed);
    const inserted = after.slice(start, after.length - end);
    if (inserted) text.insert(start, inserted);
  });
}

/** The 1-based line of an offset in a text. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < Math.min(offset, text.length); i++) if (text[i] === '\n') line++;
  return line;
}

export interface Peer {
  clientId: number;
  name: string;
  color: string;
  /** The line their caret is on (null before they placed it). */
  line: number | null;
}

const COLORS = ['#4f46e5', '#059669', '#d97706', '#dc2626', '#0891b2', '#7c3aed', '#db2777', '#65a30d'];

/** A person's color, the same in every browser. */
export function colorOf(userId: string): string {
  let hash = 0;
  for (const ch of userId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

/** The others present in the document (their awareness states), one entry per client. */
export function peersOf(states: Map<number, Record<string, unknown>>, self: number): Peer[] {
  const peers: Peer[] = [];
  for (const [clientId, state] of states) {
    const user = state.user as { name?: unknown; color?: unknown; line?: unknown } | undefined;
    if (clientId === self || !user || typeof user.name !== 'string') continue;
    peers.push({ clientId, name: user.name, color: typeof user.color === 'string' ? user.color : COLORS[0]!, line: typeof user.line === 'number' ? user.line : null });
  }
  return peers.sort((a, b) => a.name.localeCompare(b.name) || a.clientId - b.clientId);
}

/** unavailable: the server refused (a plan without realtime collaboration); closed: the connection ended. */
export type CollabStatus = 'connecting' | 'live' | 'closed' | 'unavailable';

export interface CollabText {
  status: CollabStatus;
  /** null until the shared text arrived. */
  text: string | null;
  peers: Peer[];
  /** A change typed here. */
  change(next: string): void;
  /** The caret moved here. */
  caret(offset: number): void;
}

/** The co-editing WebSocket's address (the root loader's). */
export function useCollabUrl(): string | null {
  const root = useRouteLoaderData('root') as { collabUrl?: string } | undefined;
  return root?.collabUrl ?? null;
}

/**
 * The project's shared text while `enabled` (the server decides whether the company's plan has
 * realtime collaboration and the person's role may write): live changes of
 * everyone else applied with the caret kept where it was (a Yjs relative position), changes here
 * sent as they are typed, and who else is editing.
 */
export function useCollabText(projectId: string, enabled: boolean, me: { id: string; name: string }, textarea: RefObject<HTMLTextAreaElement>): CollabText {
  const url = useCollabUrl();
  const [status, setStatus] = useState<CollabStatus>('connecting');
  const [text, setText] = useState<string | null>(null);
  const [peers, setPeers] = useState<Peer[]>([]);
  const shared = useRef<{ doc: Y.Doc; ytext: Y.Text; provider: HocuspocusProvider } | null>(null);

  useEffect(() => {
    if (!enabled || !url) return;
    const doc = new Y.Doc();
    const ytext = doc.getText(COLLAB_TEXT);
    const socket = new HocuspocusProviderWebsocket({ url });
    const provider = new HocuspocusProvider({
      websocketProvider: socket,
      name: `project:${projectId}`,
      document: doc,
      // The session is the cookie the socket carries; the protocol still wants a token.
      token: 'session',
      onSynced: () => {
        setStatus('live');
        setText(ytext.toString());
      },
      onClose: () => setStatus((now) => (now === 'unavailable' ? now : 'closed')),
      // Not for this company's plan or this person: the dialog edits as usual, saved with Save, and
      // the socket is not kept (nor tried again).
      onAuthenticationFailed: () => {
        setStatus('unavailable');
        queueMicrotask(() => {
          provider.destroy();
          socket.destroy();
        });
      },
    });
    provider.attach();
    provider.awareness?.setLocalStateField('user', { name: me.name, color: colorOf(me.id), line: null });
    const onAwareness = () => setPeers(peersOf(provider.awareness!.getStates() as Map<number, Record<string, unknown>>, doc.clientID));
    provider.awareness?.on('change', onAwareness);
    ytext.observe((event) => {
      if (event.transaction.local) return;
      // Someone else's change: the caret stays on the character it was next to.
      const el = textarea.current;
      const before = el ? Y.createRelativePositionFromTypeIndex(ytext, Math.min(el.selectionStart, ytext.length)) : null;
      const value = ytext.toString();
      setText(value);
      if (el && before) {
        requestAnimationFrame(() => {
          const at = Y.createAbsolutePositionFromRelativePosition(before, doc)?.index ?? el.selectionStart;
          if (document.activeElement === el) el.setSelectionRange(at, at);
        });
      }
    });
    shared.current = { doc, ytext, provider };
    return () => {
      shared.current = null;
      provider.awareness?.off('change', onAwareness);
      provider.destroy();
      socket.destroy();
      doc.destroy();
      setStatus('connecting');
      setText(null);
      setPeers([]);
    };
  }, [enabled, url, projectId, me.id, me.name, textarea]);

  return {
    status,
    text,
    peers,
    change: (next) => {
      const s = shared.current;
      if (!s) return;
      applyTextChange(s.ytext, s.ytext.toString(), next);
      setText(next);
    },
    caret: (offset) => {
      const s = shared.current;
      if (s) s.provider.awareness?.setLocalStateField('user', { name: me.name, color: colorOf(me.id), line: lineOf(s.ytext.toString(), offset) });
    },
  };
}
