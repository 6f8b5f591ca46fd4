// A tiny test LMS for the runtime tests: a node:http server on 127.0.0.1 that serves an extracted
// package under /content/, and an LMS page (/lms.html) that puts scorm-again's SCORM 1.2 or 2004
// runtime on `window.API` / `window.API_1484_11`, loads what the LMS holds for the attempt, and
// frames the package's launch file. The runtime commits to the server (as an LMS's backend would
// receive it), which keeps every commit per attempt; the page records every API call.
//
// cmi5: the same server is a fake LMS and LRS: the fetch URL hands out one auth token per launch,
// the State API serves LMS.LaunchData (and keeps the AU's own state across the launches of a
// registration), statements are recorded, and the returnURL is a page of the LMS.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export type LmsVersion = '1.2' | '2004';

/** One commit the runtime sent (scorm-again's JSON commit: `{ cmi: {...}, terminate? }`). */
export interface LmsCommit {
  cmi: Record<string, unknown>;
  /** The commit Terminate / LMSFinish sent (terminateCommitPayloadField). */
  terminate?: boolean;
  [key: string]: unknown;
}

/** One statement request the AU made (cmi5). */
export interface XapiRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Cmi5Session {
  registration: string;
  /** The AU's id as cmi5.xml names it. */
  activityId: string;
  actor: Record<string, unknown>;
  launchData: Record<string, unknown>;
  authToken: string;
}

const SCORM_AGAIN_BUNDLE = createRequire(import.meta.url).resolve('scorm-again');

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.xsd': 'application/xml',
  '.vtt': 'text/vtt; charset=utf-8',
  '.mp4': 'video/mp4',
};

// The LMS page. Its script runs in the browser: it reads ?version and ?attempt, asks the server for
// what the LMS holds of the attempt (the CMI to load before the SCO starts), creates the runtime,
// wraps its API methods to record each call with its result and error code, then frames the SCO.
const LMS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Test LMS</title>
<style>html, body { margin: 0; height: 100%; } iframe { border: 0; width: 100%; height: 100%; }</style>
<script src="/scorm-again.js"></script>
</head>
<body>
<script>
(async () => {
  const params = new URLSearchParams(location.search);
  const version = params.get('version');
  const attempt = params.get('attempt');
  const initial = await (await fetch('/attempts/' + encodeURIComponent(attempt) + '/launch')).json();
  const settings = {
    lmsCommitUrl: '/attempts/' + encodeURIComponent(attempt) + '/commit',
    dataCommitFormat: 'json',
    terminateCommitPayloadField: 'terminate',
    autocommit: false,
    logLevel: 5,
  };
  const api = version === '1.2' ? new Scorm12API(settings) : new Scorm2004API(settings);
  if (initial) api.loadFromJSON(initial, 'cmi');
  const methods = version === '1.2'
    ? ['LMSInitialize', 'LMSFinish', 'LMSGetValue', 'LMSSetValue', 'LMSCommit', 'LMSGetLastError', 'LMSGetErrorString', 'LMSGetDiagnostic']
    : ['Initialize', 'Terminate', 'GetValue', 'SetValue', 'Commit', 'GetLastError', 'GetErrorString', 'GetDiagnostic'];
  const lastError = (version === '1.2' ? api.LMSGetLastError : api.GetLastError).bind(api);
  window.lmsCalls = [];
  for (const method of methods) {
    const original = api[method].bind(api);
    api[method] = (...args) => {
      const result = original(...args);
      window.lmsCalls.push({ method, args, result: String(result), error: String(lastError()) });
      return result;
    };
  }
  window.lmsApi = api;
  window.lmsState = () => JSON.parse(api.renderCMIToJSONString());
  window[version === '1.2' ? 'API' : 'API_1484_11'] = api;
  const frame = document.createElement('iframe');
  frame.title = 'Course';
  frame.setAttribute('data-testid', 'sco');
  frame.src = '/content/' + (params.get('launch') || 'index.html');
  document.body.append(frame);
})();
</script>
</body>
</html>
`;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, status: number, body: string | Buffer, type = 'application/json'): void {
  response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' });
  response.end(body);
}

export class TestLms {
  private server: Server | null = null;
  private contentDir = '';
  private readonly launches = new Map<string, Record<string, unknown> | null>();
  private readonly commitLog = new Map<string, LmsCommit[]>();
  /** cmi5: the session the fake LMS launched, and what the AU sent to the LRS. */
  private cmi5: Cmi5Session | null = null;
  private readonly xapiLog: XapiRequest[] = [];
  private readonly xapiState = new Map<string, string>();
  private tokensIssued = 0;
  private launchCount = 0;
  origin = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => send(response, 500, JSON.stringify({ error: String(error) })));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Serves `dir` (an extracted package) under /content/. */
  serve(dir: string): void {
    this.contentDir = dir;
  }

  /**
   * A new launch of `attempt`: `cmi` is what the LMS loads into the runtime before the SCO starts
   * (loadFromJSON under `cmi`), e.g. the mastery score, or the data of a suspended session.
   */
  launch(attempt: string, cmi: Record<string, unknown> | null = null): void {
    this.launches.set(attempt, cmi);
  }

  /** The LMS page URL of `attempt`. */
  lmsUrl(version: LmsVersion, attempt: string): string {
    return `${this.origin}/lms.html?${new URLSearchParams({ version, attempt })}`;
  }

  /** Every commit of `attempt`, in order. */
  commits(attempt: string): LmsCommit[] {
    return this.commitLog.get(attempt) ?? [];
  }

  /** cmi5: the LMS page the AU returns to (LMS.LaunchData returnURL). */
  get cmi5ReturnUrl(): string {
    return `${this.origin}/cmi5/returned`;
  }

  /**
   * cmi5: makes the fake LMS's session (a launch) and returns the AU's launch URL with its
   * parameters. Each launch has its own auth token, one fetch, and its own request log; the AU's
   * state stays while the registration does (a later launch resumes from it).
   */
  cmi5Launch(session: Omit<Cmi5Session, 'authToken'>): string {
    if (this.cmi5?.registration !== session.registration) this.xapiState.clear();
    this.launchCount += 1;
    this.cmi5 = { ...session, authToken: Buffer.from(`learner:${session.registration}:${this.launchCount}`).toString('base64') };
    this.xapiLog.length = 0;
    this.tokensIssued = 0;
    const query = new URLSearchParams({
      endpoint: `${this.origin}/xapi/`,
      fetch: `${this.origin}/cmi5/fetch`,
      registration: session.registration,
      activityId: session.activityId,
      actor: JSON.stringify(session.actor),
    });
    return `${this.origin}/content/index.html?${query}`;
  }

  /** cmi5: the requests the AU made to the LRS in this launch, in order. */
  xapiRequests(): XapiRequest[] {
    return [...this.xapiLog];
  }

  /** cmi5: the statements the AU sent in this launch, in the order the LRS received them. */
  xapiStatements(): Record<string, any>[] {
    return this.xapiLog.filter((r) => r.method === 'POST' && r.path === '/xapi/statements').map((r) => JSON.parse(r.body) as Record<string, any>);
  }

  /** cmi5: the AU's own state document `stateId` as the LRS keeps it, if any. */
  xapiStateDocument(stateId: string): string | undefined {
    return this.xapiState.get(stateId);
  }

  /** cmi5: how many auth tokens the fetch URL handed out in this launch (one allowed). */
  get cmi5TokensIssued(): number {
    return this.tokensIssued;
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.origin);
    const path = url.pathname;
    // The LMS site's icon, which the browser asks for beside any top-level page (none here).
    if (path === '/favicon.ico') return send(response, 204, '');
    if (path === '/lms.html') return send(response, 200, LMS_PAGE, MIME['.html']);
    if (path === '/scorm-again.js') return send(response, 200, await readFile(SCORM_AGAIN_BUNDLE), MIME['.js']);
    if (path.startsWith('/content/')) return this.content(decodeURIComponent(path.slice('/content/'.length)), response);

    const attempt = /^\/attempts\/([^/]+)\/(launch|commit)$/.exec(path);
    if (attempt) {
      const id = decodeURIComponent(attempt[1]!);
      if (attempt[2] === 'launch') return send(response, 200, JSON.stringify(this.launches.get(id) ?? null));
      // The runtime's commit (XHR, or sendBeacon as text/plain on termination): JSON either way.
      const commit = JSON.parse(await readBody(request)) as LmsCommit;
      this.commitLog.set(id, [...this.commits(id), commit]);
      return send(response, 200, JSON.stringify({ result: true, errorCode: 0 }));
    }

    if (path === '/cmi5/fetch') return this.cmi5Fetch(request, response);
    if (path === '/cmi5/returned') return send(response, 200, '<!doctype html><html lang="en"><title>Test LMS</title><p>Back in the LMS.</p></html>', MIME['.html']);
    if (path.startsWith('/xapi/')) return this.xapi(request, response, url);
    send(response, 404, JSON.stringify({ error: 'not found' }));
  }

  private async content(relative: string, response: ServerResponse): Promise<void> {
    const file = normalize(join(this.contentDir, relative));
    if (!this.contentDir || !file.startsWith(this.contentDir + sep)) return send(response, 404, '');
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return send(response, 404, '');
    send(response, 200, await readFile(file), MIME[extname(file)] ?? 'application/octet-stream');
  }

  private async cmi5Fetch(request: IncomingMessage, response: ServerResponse): Promise<void> {
    await readBody(request);
    // cmi5 (8.2.3): POST only; a second request for the same launch gets an error, not a token.
    if (request.method !== 'POST' || !this.cmi5) return send(response, 400, JSON.stringify({ 'error-code': '3', 'error-text': 'bad request' }));
    if (this.tokensIssued++ > 0) return send(response, 200, JSON.stringify({ 'error-code': '1', 'error-text': 'already in use' }));
    send(response, 200, JSON.stringify({ 'auth-token': this.cmi5.authToken }));
  }

  private async xapi(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const body = await readBody(request);
    const entry: XapiRequest = { method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: request.headers, body };
    this.xapiLog.push(entry);
    const session = this.cmi5;
    if (!session || request.headers.authorization !== `Basic ${session.authToken}`) return send(response, 401, '');
    if (url.pathname === '/xapi/statements' && entry.method === 'POST') return send(response, 200, JSON.stringify([JSON.parse(body).id]));
    if (url.pathname === '/xapi/activities/state') {
      const stateId = url.searchParams.get('stateId') ?? '';
      if (url.searchParams.get('registration') !== session.registration || url.searchParams.get('activityId') !== session.activityId) return send(response, 400, '');
      if (entry.method === 'GET') {
        if (stateId === 'LMS.LaunchData') return send(response, 200, JSON.stringify(session.launchData));
        const saved = this.xapiState.get(stateId);
        return saved === undefined ? send(response, 404, '') : send(response, 200, saved, 'text/plain');
      }
      if (entry.method === 'PUT' || entry.method === 'POST') {
        this.xapiState.set(stateId, body);
        response.writeHead(204);
        return void response.end();
      }
    }
    send(response, 404, '');
  }
}

/** The machine's Chromium, headless, as every browser test here runs it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}
