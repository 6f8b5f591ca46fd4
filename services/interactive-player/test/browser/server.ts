// A tiny static server on 127.0.0.1 for the browser tests: the test page, the player bundle, the
// video (with byte ranges, which the browser needs to seek an mp4) and its captions, and two plain
// pages that links open.
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
  '.mp4': 'video/mp4',
};

// The page mounts the player with window.mount(metadata, extra) and records what it reports:
// events, project branches, and window.open's arguments (the real window.open still runs).
const TEST_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Interactive player test</title>
<style>body { margin: 0; font-family: sans-serif; } #root { width: 800px; }</style>
<script src="/player.js"></script>
</head>
<body>
<div id="root"></div>
<script>
window.events = [];
window.branchedTo = [];
window.opened = [];
const realOpen = window.open.bind(window);
window.open = (...args) => { window.opened.push(args); return realOpen(...args); };
TwPlayer.injectPlayerStyles();
window.mount = (metadata, extra) => {
  window.handle = TwPlayer.mountInteractivePlayer(document.getElementById('root'), Object.assign({
    videoUrl: '/media/video.mp4',
    captionsUrl: '/media/captions.vtt',
    captionsLanguage: 'en',
    metadata,
    labels: TwPlayer.playerLabels('en'),
    onEvent: (event) => window.events.push(event),
    onBranchToProject: (id) => window.branchedTo.push(id),
    autoAdvanceDelayMs: 200,
  }, extra || {}));
};
</script>
</body>
</html>`;

const PLAIN_PAGE = (title: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><p>${title}</p></body></html>`;

export class TestServer {
  private server: Server | null = null;
  origin = '';

  constructor(
    /** The player bundle (player.js). */
    private readonly bundlePath: string,
    /** Holds video.mp4 and captions.vtt, served under /media/. */
    private readonly mediaDir: string,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500);
        response.end(String(error));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/' || path === '/index.html') return send(response, 200, TEST_PAGE, MIME['.html']!);
    if (path === '/player.js') return send(response, 200, await readFile(this.bundlePath), MIME['.js']!);
    if (path === '/external.html') return send(response, 200, PLAIN_PAGE('External page'), MIME['.html']!);
    if (path === '/cta.html') return send(response, 200, PLAIN_PAGE('Call to action page'), MIME['.html']!);
    if (path.startsWith('/media/')) return this.media(request, response, decodeURIComponent(path.slice('/media/'.length)));
    send(response, 404, 'not found', 'text/plain');
  }

  private async media(request: IncomingMessage, response: ServerResponse, relative: string): Promise<void> {
    const file = normalize(join(this.mediaDir, relative));
    if (!file.startsWith(this.mediaDir + sep)) return send(response, 404, '', 'text/plain');
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return send(response, 404, '', 'text/plain');
    const type = MIME[extname(file)] ?? 'application/octet-stream';
    const data = await readFile(file);
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) {
      response.writeHead(200, { 'content-type': type, 'content-length': data.length, 'accept-ranges': 'bytes' });
      return void response.end(data);
    }
    const size = data.length;
    let start = range[1] ? Number(range[1]) : size - Number(range[2]);
    let end = range[1] && range[2] ? Number(range[2]) : size - 1;
    start = Math.max(0, start);
    end = Math.min(size - 1, end);
    if (start > end) {
      response.writeHead(416, { 'content-range': `bytes */${size}` });
      return void response.end();
    }
    response.writeHead(206, {
      'content-type': type,
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
      'accept-ranges': 'bytes',
    });
    response.end(data.subarray(start, end + 1));
  }
}

function send(response: ServerResponse, status: number, body: string | Buffer, type: string): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}
