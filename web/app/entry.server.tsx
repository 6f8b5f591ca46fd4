// The server entry: streams the document (waiting for everything for bots), with the security
// headers and a Content-Security-Policy whose script nonce is new for every response. Only the
// interactive video's embed page (/embed/*) may be framed by other sites.
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext, contentSecurityPolicy, isFrameablePath } from '~/lib/csp';
import { COLLAB_ORIGIN } from '~/config.server';

const ABORT_DELAY = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  const nonce = randomBytes(16).toString('base64');
  const frameable = isFrameablePath(new URL(request.url).pathname);
  return new Promise<Response>((resolvePromise, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.set('X-Content-Type-Options', 'nosniff');
          // X-Frame-Options has no 'any site' value: the embed page relies on frame-ancestors alone.
          if (frameable) responseHeaders.delete('X-Frame-Options');
          else responseHeaders.set('X-Frame-Options', 'DENY');
          responseHeaders.set('Referrer-Policy', 'strict-origin-when-cross-origin');
          responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, { frameable, connect: [COLLAB_ORIGIN] }));
          resolvePromise(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
