// The web app's Content-Security-Policy: scripts only from this origin or inline with the nonce of
// this response (Remix's hydration data and scroll restoration); no plugins, no framing (except
// the interactive video's embed page, /embed/*, which any site may frame), no base or form
// targets elsewhere. Styles allow inline attributes (React's style props); images and
// media come from this origin only (project logos too: served from the copy media-render keeps,
// docs/security.md case 12).
import { createContext, useContext } from 'react';

/** The nonce of the page being rendered on the server ('' in the browser, where none is needed). */
export const NonceContext = createContext('');

export function useNonce(): string {
  return useContext(NonceContext);
}

/** The pages other sites may put in an <iframe>: only the embeddable interactive video player. */
export function isFrameablePath(pathname: string): boolean {
  return pathname.startsWith('/embed/');
}

/** `connect`: origins the page may open connections to besides its own (the co-editing WebSocket). */
export function contentSecurityPolicy(nonce: string, { frameable = false, connect = [] }: { frameable?: boolean; connect?: string[] } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connect].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    frameable ? 'frame-ancestors *' : "frame-ancestors 'none'",
  ].join('; ');
}
