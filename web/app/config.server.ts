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

/**
 * The co-editing WebSocket as the browser reaches it (docs/teams.md): PUBLIC_COLLAB_URL (behind one
 * public host, e.g. wss://app.example.com/api/collab), else the gateway's port on localhost, where
 * the session cookie the web app set is sent too.
 */
function collabUrl(): string {
  const raw = process.env.PUBLIC_COLLAB_URL?.trim();
  if (raw) {
    const url = new URL(raw);
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw new Error(`PUBLIC_COLLAB_URL must be a ws(s) URL, got ${raw}`);
    return url.href;
  }
  const gateway = new URL(GATEWAY_URL);
  return `${gateway.protocol === 'https:' ? 'wss' : 'ws'}://localhost:${gateway.port || (gateway.protocol === 'https:' ? 443 : 80)}/api/collab`;
}

export const COLLAB_URL = collabUrl();
export const COLLAB_ORIGIN = new URL(COLLAB_URL).origin;
