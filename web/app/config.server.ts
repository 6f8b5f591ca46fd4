// Server configuration, read once at start-up.

function gatewayUrl(): string {
  const raw = process.env.GATEWAY_URL?.trim() || 'http://127.0.0.1:8080';
  const url = new URL(raw); // throws at start-up on a malformed value rather than on the first call
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`GATEWAY_URL must be an http(s) URL, got ${raw}`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Where /api/* is forwarded (the gateway), without a trailing slash. */
export const GATEWAY_URL = gatewayUrl();
