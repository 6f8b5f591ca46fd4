// A local server speaking the chat-completions protocol (POST /v1/chat/completions) for the
// translation engine's tests: the real `openai` SDK talks to it over HTTP on 127.0.0.1. It
// "translates" each segment of the request by applying the glossary from the system prompt and
// marking the text with the target language ('[es] ...'), and can be told to misbehave on the
// next requests (drop or double a placeholder, answer the wrong count or ids, ignore the
// glossary, answer no JSON, fail with an HTTP status) so retries and reporting can be tested.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTranslateFault =
  | 'drop-placeholder'
  | 'duplicate-placeholder'
  | 'wrong-count'
  | 'wrong-ids'
  | 'ignore-glossary'
  | 'not-json'
  | { status: number; message?: string };

export interface FakeTranslateRequest {
  // The parsed JSON body as the SDK sent it.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  system: string;
  user: string;
  segments: Array<{ id: string; text: string }>;
  authorization: string | undefined;
}

export interface FakeOpenAiTranslate {
  /** http://127.0.0.1:<port>/v1 */
  baseURL: string;
  requests: FakeTranslateRequest[];
  /** The next requests misbehave, one fault each, in order; later requests answer well. */
  misbehave(...faults: FakeTranslateFault[]): void;
  /** Every request from now on misbehaves this way (null: none). */
  always(fault: FakeTranslateFault | null): void;
  close(): Promise<void>;
}

/** Glossary lines as the engine's system prompt writes them: - "term" -> "translation". */
function glossaryOf(system: string): Array<{ term: string; translation: string }> {
  return [...system.matchAll(/^- "(.+?)" -> "(.*?)"$/gm)].map((m) => ({ term: m[1]!, translation: m[2]! }));
}

function targetOf(system: string): string {
  return /into [^(]+\(([a-z-]+)\)/i.exec(system)?.[1] ?? 'xx';
}

/** The fake's translation: glossary applied outside the tags, then the language mark in front. */
export function fakeTranslation(text: string, to: string, glossary: Array<{ term: string; translation: string }>): string {
  const parts = text.split(/(<ph\s+id="[^"]*"\s*\/>)/);
  const out = parts.map((p, i) => {
    if (i % 2 === 1) return p;
    let s = p;
    for (const g of glossary) s = s.replace(new RegExp(`(?<![\\p{L}\\p{N}])${g.term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'giu'), g.translation);
    return s;
  });
  return `[${to}] ${out.join('')}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

let counter = 0;

function completion(model: string, content: string): object {
  return {
    id: `chatcmpl-fake-${++counter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

export async function startFakeOpenAiTranslate(): Promise<FakeOpenAiTranslate> {
  const requests: FakeTranslateRequest[] = [];
  const queue: FakeTranslateFault[] = [];
  let standing: FakeTranslateFault | null = null;

  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: object): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        send(404, { error: { message: `Unknown request URL: ${req.method} ${path}`, type: 'invalid_request_error', code: 'unknown_url' } });
        return;
      }
      const body = JSON.parse(await readBody(req)) as { model: string; messages: Array<{ role: string; content: string }> };
      const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
      // The segments are the JSON object at the start of the user message.
      const json = user.slice(0, user.indexOf('\n\n') === -1 ? undefined : user.indexOf('\n\n'));
      const segments = (JSON.parse(json) as { segments: Array<{ id: string; text: string }> }).segments;
      requests.push({ body, system, user, segments, authorization: req.headers.authorization });

      const fault = queue.shift() ?? standing;
      if (fault && typeof fault === 'object') {
        send(fault.status, { error: { message: fault.message ?? `Fake error ${fault.status}`, type: 'server_error', code: null } });
        return;
      }
      if (fault === 'not-json') {
        send(200, completion(body.model, '{"translations": [{"id": "1", "te'));
        return;
      }
      const to = targetOf(system);
      const glossary = fault === 'ignore-glossary' ? [] : glossaryOf(system);
      let translations = segments.map((s) => ({ id: s.id, text: fakeTranslation(s.text, to, glossary) }));
      const tagged = translations.find((t) => /<ph /.test(t.text));
      if (fault === 'drop-placeholder' && tagged) tagged.text = tagged.text.replace(/<ph\s+id="[^"]*"\s*\/>/, '');
      if (fault === 'duplicate-placeholder' && tagged) tagged.text = tagged.text.replace(/(<ph\s+id="[^"]*"\s*\/>)/, '$1$1');
      if (fault === 'wrong-count') translations = translations.slice(0, -1);
      if (fault === 'wrong-ids') translations = translations.map((t) => ({ ...t, id: `x${t.id}` }));
      send(200, completion(body.model, JSON.stringify({ translations })));
    })().catch((err: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `fake failed: ${String(err)}`, type: 'server_error', code: null } }));
      } else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    misbehave: (...faults) => queue.push(...faults),
    always: (fault) => {
      standing = fault;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
