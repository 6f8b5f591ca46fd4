// A local server speaking the DeepL API v2 endpoints deepl-node's Translator calls (translate,
// glossaries, glossary language pairs), so tests run the real client over HTTP on 127.0.0.1.
// Its "translation" applies the glossary given by id (whole words, outside tags) and marks the
// text with the target language ('[ES] ...'), keeping XML tags as DeepL's tag handling does. It
// checks what the real API checks that matters here: the auth key, the languages of a glossary,
// well-formed XML with tag_handling=xml, at most 50 texts.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGlossary {
  glossary_id: string;
  name: string;
  ready: boolean;
  source_lang: string;
  target_lang: string;
  creation_time: string;
  entry_count: number;
  entries: Array<[string, string]>;
}

export interface FakeDeepLRequest {
  method: string;
  path: string;
  /** Form or JSON body as name -> values. */
  params: Map<string, string[]>;
}

export type FakeDeepLFault = 'drop-tags' | { status: number; message?: string };

export interface FakeDeepL {
  /** http://127.0.0.1:<port> (deepl-node's serverUrl). */
  serverUrl: string;
  authKey: string;
  requests: FakeDeepLRequest[];
  glossaries: Map<string, FakeGlossary>;
  misbehave(...faults: FakeDeepLFault[]): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function paramsOf(raw: string, contentType: string, query: URLSearchParams): Map<string, string[]> {
  const params = new Map<string, string[]>();
  const add = (k: string, v: string): void => void params.set(k, [...(params.get(k) ?? []), v]);
  for (const [k, v] of query) add(k, v);
  if (contentType.includes('application/json') && raw) {
    for (const [k, v] of Object.entries(JSON.parse(raw) as Record<string, unknown>)) for (const x of Array.isArray(v) ? v : [v]) add(k, String(x));
  } else for (const [k, v] of new URLSearchParams(raw)) add(k, v);
  return params;
}

/** Whether a text is well-formed as XML content (our inline tags only need this much). */
function wellFormed(text: string): boolean {
  const stack: string[] = [];
  for (const m of text.matchAll(/<(\/?)([A-Za-z_][\w.-]*)[^<>]*?(\/?)>|[<>]|&(?![a-zA-Z]+;|#\d+;|#x[0-9a-fA-F]+;)/g)) {
    if (!m[2]) return false; // a stray '<', '>' or '&'
    if (m[3]) continue;
    if (m[1]) {
      if (stack.pop() !== m[2]) return false;
    } else stack.push(m[2]);
  }
  return stack.length === 0;
}

export function applyGlossary(text: string, entries: ReadonlyArray<[string, string]>): string {
  return text
    .split(/(<[^>]*>)/)
    .map((part, i) => {
      if (i % 2 === 1) return part;
      let s = part;
      for (const [from, to] of entries) s = s.replace(new RegExp(`(?<![\\p{L}\\p{N}])${from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'gu'), to);
      return s;
    })
    .join('');
}

export async function startFakeDeepL(authKey = 'fake-key:fx'): Promise<FakeDeepL> {
  const requests: FakeDeepLRequest[] = [];
  const glossaries = new Map<string, FakeGlossary>();
  const faults: FakeDeepLFault[] = [];
  const pairs = ['en', 'de', 'es', 'fr', 'it', 'ja', 'nl', 'pl', 'pt', 'ru', 'zh', 'da', 'nb', 'sv', 'ko'];

  const send = (res: ServerResponse, status: number, body: object | string): void => {
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/tab-separated-values' : 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const info = (g: FakeGlossary): object => ({ glossary_id: g.glossary_id, name: g.name, ready: g.ready, source_lang: g.source_lang, target_lang: g.target_lang, creation_time: g.creation_time, entry_count: g.entry_count });

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const params = paramsOf(await readBody(req), String(req.headers['content-type'] ?? ''), url.searchParams);
      const request: FakeDeepLRequest = { method: req.method ?? 'GET', path: url.pathname, params };
      requests.push(request);
      const one = (k: string): string | undefined => params.get(k)?.[0];
      if (req.headers.authorization !== `DeepL-Auth-Key ${authKey}`) return send(res, 403, { message: 'Wrong auth key' });

      if (req.method === 'POST' && url.pathname === '/v2/translate') {
        const fault = faults.shift();
        if (fault && typeof fault === 'object') return send(res, fault.status, { message: fault.message ?? `Fake error ${fault.status}` });
        const texts = params.get('text') ?? [];
        const target = one('target_lang');
        if (texts.length === 0 || !target) return send(res, 400, { message: "Parameter 'text' and 'target_lang' are required" });
        if (texts.length > 50) return send(res, 413, { message: 'Too many texts' });
        if (['en', 'pt'].includes(target.toLowerCase())) return send(res, 400, { message: `Value for 'target_lang' not supported: ${target}, use a variant` });
        const xml = one('tag_handling') === 'xml';
        if (xml && !texts.every(wellFormed)) return send(res, 400, { message: 'Tag handling parsing failed, please check input.' });
        let entries: Array<[string, string]> = [];
        const glossaryId = one('glossary_id');
        if (glossaryId) {
          const g = glossaries.get(glossaryId);
          const source = one('source_lang')?.toLowerCase();
          if (!g) return send(res, 404, { message: 'Glossary not found' });
          if (!source) return send(res, 400, { message: "Use of a glossary requires the 'source_lang' parameter to be specified" });
          if (g.source_lang !== source || g.target_lang !== target.toLowerCase().split('-')[0]) return send(res, 400, { message: 'Glossary language pair does not match the request' });
          entries = g.entries;
        }
        const translations = texts.map((t) => {
          let text = `[${target.toUpperCase()}] ${applyGlossary(t, entries)}`;
          if (fault === 'drop-tags') text = text.replace(/<[^>]*\/>/g, '');
          return { detected_source_language: (one('source_lang') ?? 'EN').toUpperCase(), text, billed_characters: t.length };
        });
        return send(res, 200, { translations });
      }
      if (url.pathname === '/v2/glossary-language-pairs' && req.method === 'GET') {
        return send(res, 200, { supported_languages: pairs.flatMap((s) => pairs.filter((t) => t !== s).map((t) => ({ source_lang: s, target_lang: t }))) });
      }
      if (url.pathname === '/v2/glossaries' && req.method === 'POST') {
        const format = one('entries_format');
        const raw = one('entries') ?? '';
        if (format !== 'tsv' && format !== 'csv') return send(res, 400, { message: 'Unsupported entries_format' });
        const entries = raw
          .split(/\r\n|\n|\r/)
          .filter(Boolean)
          .map((line) => line.split(format === 'tsv' ? '\t' : ',') as [string, string]);
        const g: FakeGlossary = {
          glossary_id: randomUUID(),
          name: one('name') ?? '',
          ready: true,
          source_lang: (one('source_lang') ?? '').toLowerCase(),
          target_lang: (one('target_lang') ?? '').toLowerCase(),
          creation_time: new Date().toISOString(),
          entry_count: entries.length,
          entries,
        };
        glossaries.set(g.glossary_id, g);
        return send(res, 201, info(g));
      }
      if (url.pathname === '/v2/glossaries' && req.method === 'GET') return send(res, 200, { glossaries: [...glossaries.values()].map(info) });
      const m = /^\/v2\/glossaries\/([^/]+)(\/entries)?$/.exec(url.pathname);
      const g = m ? glossaries.get(m[1]!) : undefined;
      if (m && !g) return send(res, 404, { message: 'Glossary not found' });
      if (m && g && req.method === 'GET') return m[2] ? send(res, 200, g.entries.map((e) => e.join('\t')).join('\n')) : send(res, 200, info(g));
      if (m && g && req.method === 'DELETE') {
        glossaries.delete(g.glossary_id);
        res.writeHead(204).end();
        return;
      }
      return send(res, 404, { message: `Not found: ${req.method} ${url.pathname}` });
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { message: `fake failed: ${String(err)}` });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    serverUrl: `http://127.0.0.1:${port}`,
    authKey,
    requests,
    glossaries,
    misbehave: (...f) => faults.push(...f),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
