// Google Workspace: an event's files uploaded to Google Drive, then a card in a Google Chat space.
// - Sign-in: the OAuth 2.0 refresh-token grant (developers.google.com/identity/protocols/oauth2/web-server,
//   "Refreshing an access token"): `POST https://oauth2.googleapis.com/token`, form-encoded
//   client_id, client_secret, refresh_token, grant_type=refresh_token; the answer is
//   `{ access_token, expires_in, scope, token_type: 'Bearer' }`, or `{ error, error_description }`
//   (400 invalid_grant for a revoked or unknown refresh token, 401 invalid_client for a wrong client).
// - Drive: each file by a multipart upload (developers.google.com/drive/api/guides/manage-uploads,
//   "Perform a multipart upload"): `POST /upload/drive/v3/files?uploadType=multipart`, a
//   `multipart/related` body (RFC 2387) whose first part is the metadata as
//   `application/json; charset=UTF-8` and whose second part is the bytes with their own type;
//   `fields=id,name,webViewLink` makes the answer `{ id, name, webViewLink }`, and
//   `supportsAllDrives=true` lets the folder be in a shared drive. Errors are
//   `{ error: { code, message, errors, status } }`. Google documents the multipart upload for files
//   of 5 MB or less; a larger file goes by a resumable upload (same guide, "Perform a resumable
//   upload"): `POST /upload/drive/v3/files?uploadType=resumable` (the same supportsAllDrives and
//   fields) with the metadata as JSON and `X-Upload-Content-Type` / `X-Upload-Content-Length`,
//   answered 200 with the session URI in `Location`; then the bytes in chunks of a multiple of
//   256 KiB, each `PUT {session URI}` with `Content-Range: bytes a-b/total`, answered 308 (Resume
//   Incomplete) with `Range: bytes=0-n`, the bytes Drive holds (the next chunk starts after n,
//   whatever was sent), and the last one 200 or 201 with the file's fields. After a dropped
//   connection, a timeout or a 5xx, an empty `PUT` with `Content-Range: bytes */total` asks where
//   the upload stands (308 and its Range, or 200/201 when it is complete) and the upload goes on
//   from there, after a short, growing wait; a 404 means the session expired, and the upload starts
//   over once with a new one. The session URI is itself the upload's key: it must be on the
//   configured API's origin (anything else is refused, before any byte is sent), it goes through
//   the same safe client as every call, without the access token, and never reaches an outcome.
// - Chat: a space's incoming webhook (developers.google.com/workspace/chat/quickstart/webhooks)
//   takes a Message as JSON, here `text` and a Cards v2 card (`cardsV2: [{ cardId, card }]`,
//   developers.google.com/workspace/chat/api/reference/rest/v1/cards), and answers 200 with the
//   created Message. A message, text and cards together, holds at most 32,000 bytes
//   (developers.google.com/workspace/chat/create-messages): a longer text is cut, and the card says
//   so. Card text is a subset of HTML (developers.google.com/workspace/chat/format-messages), so
//   the event's text is escaped and its lines joined with <br>.
// No credential (client secret, refresh token, access token, webhook URL and its key and token)
// ever reaches an outcome, and nothing of the token endpoint's answer is kept but its error.
import { createHash, randomBytes } from 'node:crypto';
import { SafeFetchError, type SafeRequestOptions, type SafeResponse } from '@trainwright/platform';
import type { IntegrationRow, Outgoing, Sender, SendOutcome } from '../services/deps.js';
import { summaryOf } from '../services/summary.js';
import { excerptOf, failureOf, type Http } from './http.js';
import { TokenCache, failed, field, firstLine, json, redact, requestToken } from './oauth.js';

export const GOOGLE_LIMITS = {
  /** Bytes of a Chat request body (UTF-8), under Chat's 32,000 a message with room to spare. */
  messageBytes: 31_000,
  /** Characters of the card's title. */
  title: 250,
  /** Characters of a file's name on its button. */
  buttonName: 120,
} as const;

export const GOOGLE_CUT_NOTE = '… (shortened: the full text is longer than a Google Chat message holds)';
export const DRIVE_UPLOAD_PATH = '/upload/drive/v3/files';
export const DRIVE_FIELDS = 'id,name,webViewLink';
/** Drive's resumable chunks are multiples of this (256 KiB), all but the last. */
export const DRIVE_CHUNK_GRANULE = 256 * 1024;

export interface DriveUploadOptions {
  /** Files of up to this many bytes go by a multipart upload, larger ones by a resumable upload (Google: 5 MB). */
  multipartBytes: number;
  /** Bytes of one resumable PUT, a multiple of 256 KiB: each chunk is one call within the delivery's time bound. */
  chunkBytes: number;
  /** Waits before going on after each interruption in a row (a dropped connection, a timeout, a 5xx); progress starts them over. */
  retryDelaysMs: readonly number[];
  /** New sessions started when Drive has forgotten one (404). */
  restarts: number;
  /** How to wait (tests). */
  sleep: (ms: number) => Promise<void>;
}

export const DRIVE_UPLOADS: DriveUploadOptions = {
  multipartBytes: 5 * 1024 * 1024,
  // 16 × 256 KiB: a 50 MB file (the most exported-files.repository.ts reads) in 13 calls, each
  // needing about 2.2 Mbit/s to stay within the 15 seconds a call has.
  chunkBytes: 4 * 1024 * 1024,
  retryDelaysMs: [1000, 2000, 4000],
  restarts: 1,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface GoogleEndpoints {
  /** https://oauth2.googleapis.com/token */
  tokenUrl: string;
  /** https://www.googleapis.com (the upload path is appended) */
  driveUploadUrl: string;
}

export interface ExportedFile {
  name: string;
  mimeType: string;
  content: Buffer;
}

export interface ExportedFiles {
  /** The files an event exports (a completed project's PDF guide, slides and manual; a SCORM package's zip), or [] for an event without files. */
  filesOf(integration: IntegrationRow, outgoing: Outgoing): Promise<ExportedFile[]>;
}

/** A file Drive took. */
export interface UploadedFile {
  id: string;
  name: string;
  /** Drive's page of the file ('' when Drive did not say). */
  webViewLink: string;
}

// ---------------------------------------------------------------------------------------------
// The multipart/related body

/** A media type safe to put in a part's header (a type/subtype and parameters, no line break); else octet-stream. */
export function safeMediaType(mimeType: string): string {
  return /^[A-Za-z0-9!#$&^_.+-]+\/[A-Za-z0-9!#$&^_.+-]+(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=("[^"\r\n]*"|[A-Za-z0-9!#$&^_.+-]+))*$/.test(mimeType.trim())
    ? mimeType.trim()
    : 'application/octet-stream';
}

/** A boundary (RFC 2046: up to 70 characters) found nowhere in the parts. */
export function boundaryFor(parts: Buffer[], random: () => string = () => randomBytes(24).toString('hex')): string {
  for (;;) {
    const boundary = `trainwright_${random()}`;
    if (!parts.some((part) => part.includes(boundary))) return boundary;
  }
}

/**
 * Drive's multipart upload body: the metadata as JSON, then the bytes, each part with its
 * Content-Type, separated by `--boundary` lines, closed by `--boundary--` (RFC 2046 5.1.1, RFC 2387).
 */
export function multipartRelated(metadata: Record<string, unknown>, mimeType: string, content: Buffer, random?: () => string): { contentType: string; body: Buffer } {
  const json = Buffer.from(JSON.stringify(metadata), 'utf8');
  const boundary = boundaryFor([json, content], random);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n`, 'utf8'),
    json,
    Buffer.from(`\r\n--${boundary}\r\nContent-Type: ${safeMediaType(mimeType)}\r\n\r\n`, 'utf8'),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
  ]);
  return { contentType: `multipart/related; boundary=${boundary}`, body };
}

// ---------------------------------------------------------------------------------------------
// The Chat message

/** Chat's card text is a subset of HTML: &, < and > are escaped. */
export const chatEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** In a text message `<…>` makes mentions and links (`<users/all>`): the fallback text has none. */
const plainText = (text: string) => text.replace(/</g, '‹').replace(/>/g, '›');

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The longest start of `text` (cut at a line break or a space near the end, and followed by the
 * note) whose rendering stays within `maxBytes`; `text` itself when it fits.
 */
export function fitChatText(text: string, maxBytes: number, render: (text: string) => string): string {
  const fits = (t: string) => Buffer.byteLength(render(t), 'utf8') <= maxBytes;
  if (fits(text)) return text;
  const cutAt = (n: number) => {
    let end = n;
    if (end > 0 && /[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1; // never half a surrogate pair
    return `${text.slice(0, end).trimEnd()}${GOOGLE_CUT_NOTE}`;
  };
  if (!fits(cutAt(0))) return GOOGLE_CUT_NOTE;
  let low = 0;
  let high = text.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(cutAt(mid))) low = mid;
    else high = mid - 1;
  }
  const soft = Math.max(text.lastIndexOf('\n', low), text.lastIndexOf(' ', low));
  return cutAt(soft > low - 200 && soft > 0 ? soft : low);
}

/** The message a Chat webhook gets: the title as text, a card with the text, the link and the files' links. */
export function googleChatMessage(outgoing: Outgoing, files: UploadedFile[] = []): Record<string, unknown> {
  const summary = summaryOf(outgoing);
  const title = cut(summary.title, GOOGLE_LIMITS.title);
  const buttons: Array<Record<string, unknown>> = [];
  if (summary.link) buttons.push({ text: summary.link.label, onClick: { openLink: { url: summary.link.url } } });
  for (const file of files) {
    if (file.webViewLink) buttons.push({ text: `Open ${cut(file.name, GOOGLE_LIMITS.buttonName)} in Drive`, onClick: { openLink: { url: file.webViewLink } } });
  }
  const render = (text: string) => {
    const widgets: Array<Record<string, unknown>> = [];
    if (text) widgets.push({ textParagraph: { text: text.split('\n').map(chatEscape).join('<br>') } });
    if (buttons.length > 0) widgets.push({ buttonList: { buttons } });
    return {
      text: plainText(title),
      cardsV2: [{ cardId: `trainwright-${outgoing.id}`, card: { header: { title }, ...(widgets.length > 0 ? { sections: [{ widgets }] } : {}) } }],
    };
  };
  const text = fitChatText(summary.lines.join('\n'), GOOGLE_LIMITS.messageBytes, (t) => JSON.stringify(render(t)));
  return render(text);
}

// ---------------------------------------------------------------------------------------------
// The sender

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const is2xx = (status: number) => status >= 200 && status <= 299;

/** The message of a Google API error (`{ error: { message } }`). */
const apiMessage = (body: Buffer) => firstLine(field(field(json(body), 'error'), 'message'));

/** The first byte Drive does not hold yet, from a 308's `Range: bytes=0-n` (none: 0); undefined when the header makes no sense. */
export function resumeOffset(range: string | undefined, total: number): number | undefined {
  if (range === undefined || range === '') return 0;
  const end = /^bytes=0-(\d{1,15})$/.exec(range.trim())?.[1];
  if (end === undefined) return undefined;
  const next = Number(end) + 1;
  return next <= total ? next : undefined;
}

/** The session URI of a resumable upload's `Location`, only on the API's own origin. */
export function sessionUri(location: string | undefined, apiUrl: string): { uri: string } | { error: string } {
  if (!location) return { error: 'Google Drive answered without an upload session (no Location header).' };
  const origin = new URL(apiUrl).origin;
  let url: URL;
  try {
    url = new URL(location, apiUrl);
  } catch {
    return { error: 'Google Drive answered an upload session that is not a URL.' };
  }
  if (url.origin !== origin || url.username || url.password) {
    return { error: `Google Drive answered an upload session on another origin (${url.origin === 'null' ? url.protocol : url.origin}); only ${origin} is used.` };
  }
  return { uri: url.href };
}

/** The webhook URL's own secrets: its key and token parameters. */
function webhookSecrets(url: string): string[] {
  try {
    const parsed = new URL(url);
    // Each value as sent (percent-encoded) and as read.
    const raw = parsed.search.slice(1).split('&').map((pair) => pair.slice(pair.indexOf('=') + 1));
    return [url, parsed.searchParams.get('key') ?? '', parsed.searchParams.get('token') ?? '', ...raw.filter((v) => v.length >= 8)];
  } catch {
    return [url];
  }
}

export function googleSender(http: Http, endpoints: GoogleEndpoints, files: ExportedFiles, options: Partial<DriveUploadOptions> = {}): Sender {
  const tokenUrl = endpoints.tokenUrl;
  const apiUrl = endpoints.driveUploadUrl.replace(/\/+$/, '');
  const query = `supportsAllDrives=true&fields=${encodeURIComponent(DRIVE_FIELDS)}`;
  const uploadUrl = `${apiUrl}${DRIVE_UPLOAD_PATH}?uploadType=multipart&${query}`;
  const resumableUrl = `${apiUrl}${DRIVE_UPLOAD_PATH}?uploadType=resumable&${query}`;
  const drive = { ...DRIVE_UPLOADS, ...options };
  if (!Number.isSafeInteger(drive.chunkBytes) || drive.chunkBytes <= 0 || drive.chunkBytes % DRIVE_CHUNK_GRANULE !== 0) {
    throw new Error(`A resumable upload's chunk must be a multiple of ${DRIVE_CHUNK_GRANULE} bytes, not ${drive.chunkBytes}.`);
  }
  // Keyed by the client and a hash of the secret and the refresh token: a token is never lent to
  // a configuration whose own credentials have not signed in.
  const tokens = new TokenCache();

  const signIn = (clientId: string, secret: string, refreshToken: string, now: Date) =>
    requestToken(
      http,
      tokenUrl,
      { client_id: clientId, client_secret: secret, refresh_token: refreshToken, grant_type: 'refresh_token' },
      {
        name: 'Google',
        refusal: (status, answer) => {
          const why = [firstLine(field(answer, 'error')), firstLine(field(answer, 'error_description'))].filter(Boolean).join(': ') || 'no reason given';
          return `Google refused the sign-in (HTTP ${status}): ${why}${/[.!?]$/.test(why) ? '' : '.'}`;
        },
      },
      [secret, refreshToken],
      now,
    );

  type Upload = { file: UploadedFile; outcome: SendOutcome } | { outcome: SendOutcome };

  /** Drive's answer that the file is there. */
  function took(response: SafeResponse, file: ExportedFile, secrets: string[]): Upload {
    const answer = json(response.body);
    const id = str(field(answer, 'id'));
    const uploaded = { id, name: str(field(answer, 'name')) || file.name, webViewLink: str(field(answer, 'webViewLink')) || (id ? `https://drive.google.com/file/d/${encodeURIComponent(id)}/view` : '') };
    return { file: uploaded, outcome: { responseStatus: response.status, ok: true, gone: false, error: '', responseExcerpt: redact(excerptOf(response), secrets) } };
  }

  /** Drive's refusal, with Google's message; a 401 to a call with the token drops the token. */
  function refused(response: SafeResponse, step: string, secrets: string[], token?: { key: string; accessToken: string }): { outcome: SendOutcome } {
    // A token Drive refuses is not used again: the next delivery signs in afresh.
    if (response.status === 401 && token) tokens.drop(token.key, token.accessToken);
    const message = apiMessage(response.body);
    return { outcome: failed(response.status, redact(`${step}: Google Drive answered HTTP ${response.status}${message ? `: ${message}` : '.'}`, secrets), redact(excerptOf(response), secrets)) };
  }

  /** A call that got no answer (a refused address, a timeout, the network). */
  const unanswered = (error: unknown, step: string, secrets: string[]): { outcome: SendOutcome } => ({ outcome: failed(0, redact(`${step}: ${failureOf(error).error}`, secrets)) });

  async function upload(file: ExportedFile, folderId: string | undefined, accessToken: string, key: string, secrets: string[]): Promise<Upload> {
    const metadata = { name: file.name, ...(folderId ? { parents: [folderId] } : {}) };
    const step = `The upload of “${file.name}” to Google Drive failed`;
    if (file.content.length > drive.multipartBytes) return resumable(file, metadata, step, { key, accessToken }, secrets);
    const { contentType, body } = multipartRelated(metadata, file.mimeType, file.content);
    let response;
    try {
      response = await http(uploadUrl, {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': String(body.length), accept: 'application/json', authorization: `Bearer ${accessToken}` },
        body,
        maxRedirects: 0,
      });
    } catch (error) {
      return unanswered(error, step, secrets);
    }
    if (!is2xx(response.status)) return refused(response, step, secrets, { key, accessToken });
    return took(response, file, secrets);
  }

  /** A resumable upload: a session, then the bytes chunk by chunk; a new session when Drive has forgotten one. */
  async function resumable(file: ExportedFile, metadata: Record<string, unknown>, step: string, token: { key: string; accessToken: string }, secrets: string[]): Promise<Upload> {
    const mediaType = safeMediaType(file.mimeType);
    const body = Buffer.from(JSON.stringify(metadata), 'utf8');
    for (let restarts = 0; ; restarts += 1) {
      let response;
      try {
        response = await http(resumableUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=UTF-8',
            'content-length': String(body.length),
            'x-upload-content-type': mediaType,
            'x-upload-content-length': String(file.content.length),
            accept: 'application/json',
            authorization: `Bearer ${token.accessToken}`,
          },
          body,
          maxRedirects: 0,
        });
      } catch (error) {
        return unanswered(error, step, secrets);
      }
      if (!is2xx(response.status)) return refused(response, step, secrets, token);
      const location = response.headers.location;
      const session = sessionUri(location, apiUrl);
      // Whoever holds the session URI may upload into it: it is kept out of every outcome.
      const all = [...secrets, location, ...('uri' in session ? [session.uri, new URL(session.uri).searchParams.get('upload_id') ?? ''] : [])].filter((s): s is string => !!s);
      if ('error' in session) return { outcome: failed(response.status, redact(`${step}: ${session.error}`, all), redact(excerptOf(response), all)) };
      const sent = await sendBytes(session.uri, file, mediaType, step, all);
      if (!('expired' in sent)) return sent;
      if (restarts >= drive.restarts) return refused(sent.expired, step, all);
    }
  }

  /**
   * The bytes to a session, each chunk from the first byte Drive does not hold. After an
   * interruption (no answer, for a reason that may pass: a dropped connection, a timeout; or a
   * 5xx) it waits, asks where the upload stands (`bytes *\/total`) and goes on from there; a chunk
   * Drive took nothing of counts as one. Each new high-water mark starts the waits over; when they
   * run out, the last interruption is the outcome. A 404 is an expired session.
   */
  async function sendBytes(session: string, file: ExportedFile, mediaType: string, step: string, secrets: string[]): Promise<Upload | { expired: SafeResponse }> {
    const total = file.content.length;
    let offset = 0; // the first byte Drive does not hold
    let best = 0; // the most Drive has held
    let interruptions = 0;
    let ask = false; // the next call asks where the upload stands
    /** Waits before going on after an interruption; false when the waits have run out. */
    const pause = async () => {
      const delay = drive.retryDelaysMs[interruptions];
      if (delay === undefined) return false;
      interruptions += 1;
      await drive.sleep(delay);
      return true;
    };
    for (;;) {
      const asking = ask;
      const end = Math.min(offset + drive.chunkBytes, total);
      const request: SafeRequestOptions = asking
        ? { method: 'PUT', headers: { 'content-length': '0', 'content-range': `bytes */${total}` }, body: Buffer.alloc(0), maxRedirects: 0 }
        : {
            method: 'PUT',
            headers: { 'content-type': mediaType, 'content-length': String(end - offset), 'content-range': `bytes ${offset}-${end - 1}/${total}`, accept: 'application/json' },
            body: file.content.subarray(offset, end),
            maxRedirects: 0,
          };
      let response: SafeResponse;
      try {
        response = await http(session, request);
      } catch (error) {
        if (!(error instanceof SafeFetchError) || !error.retryable) return unanswered(error, step, secrets);
        ask = true;
        if (await pause()) continue;
        return unanswered(error, step, secrets);
      }
      const status = response.status;
      if (is2xx(status)) return took(response, file, secrets);
      if (status === 404) return { expired: response };
      if (status >= 500 && status <= 599) {
        ask = true;
        if (await pause()) continue;
        return refused(response, step, secrets);
      }
      if (status !== 308) return refused(response, step, secrets);
      const next = resumeOffset(response.headers.range, total);
      if (next === undefined) {
        return { outcome: failed(status, redact(`${step}: Google Drive answered HTTP 308 with a Range that does not fit the file (${firstLine(response.headers.range)}).`, secrets), redact(excerptOf(response), secrets)) };
      }
      offset = next;
      const progressed = next > best;
      if (progressed) {
        best = next;
        interruptions = 0;
      }
      // More taken, or the answer to a question: the next chunk, at once.
      if (next < total && (asking || progressed)) {
        ask = false;
        continue;
      }
      // A chunk Drive took nothing of, or every byte held and no file yet: wait, then send or ask again.
      ask = next === total;
      if (await pause()) continue;
      return { outcome: failed(status, redact(`${step}: Google Drive answered HTTP 308 without taking more of the file (it holds ${next} of ${total} bytes).`, secrets), redact(excerptOf(response), secrets)) };
    }
  }

  async function postToChat(url: string, outgoing: Outgoing, uploaded: UploadedFile[], secrets: string[]): Promise<SendOutcome> {
    const body = JSON.stringify(googleChatMessage(outgoing, uploaded));
    let response;
    try {
      response = await http(url, { method: 'POST', headers: { 'content-type': 'application/json; charset=UTF-8' }, body });
    } catch (error) {
      return failed(0, redact(`The Chat message failed: ${failureOf(error).error}`, secrets));
    }
    const ok = is2xx(response.status);
    const message = ok ? '' : apiMessage(response.body);
    return {
      responseStatus: response.status,
      ok,
      gone: response.status === 410,
      error: ok ? '' : redact(`The Chat message failed: Google Chat answered HTTP ${response.status}${message ? `: ${message}` : '.'}`, secrets),
      responseExcerpt: redact(excerptOf(response), secrets),
    };
  }

  return {
    async send(integration: IntegrationRow, outgoing: Outgoing, now: Date): Promise<SendOutcome> {
      const clientId = integration.settings.client_id ?? '';
      const secret = integration.secrets.client_secret ?? '';
      const refreshToken = integration.secrets.refresh_token ?? '';
      const webhook = integration.secrets.webhook_url ?? '';
      const secrets = [secret, refreshToken, ...(webhook ? webhookSecrets(webhook) : [])];

      if (!refreshToken && !webhook) {
        return failed(0, 'Google Workspace has nothing to send to: the integration needs a Chat webhook URL, or a refresh token for Drive and an event with files.');
      }

      let exported: ExportedFile[] = [];
      if (refreshToken) {
        try {
          exported = await files.filesOf(integration, outgoing);
        } catch (error) {
          return failed(0, redact(`The event’s files could not be read: ${error instanceof Error ? error.message : String(error)}`, secrets));
        }
      }

      const uploaded: UploadedFile[] = [];
      let last: SendOutcome | null = null;
      if (refreshToken && (exported.length > 0 || !webhook)) {
        const key = `${clientId}\n${createHash('sha256').update(`${secret}\n${refreshToken}`).digest('base64')}`;
        const result = await tokens.get(key, now, () => signIn(clientId, secret, refreshToken, now));
        if ('outcome' in result) return result.outcome;
        const { accessToken } = result.token;
        const all = [...secrets, accessToken];
        // Nothing to upload and no Chat space: the event is not for this integration. The sign-in
        // above checked its credentials (a broken one fails, so the integration is not marked
        // reached); the status is the token endpoint's when it was asked now, 0 from the cache.
        if (exported.length === 0) return { responseStatus: result.status, ok: true, gone: false, error: '', responseExcerpt: '' };
        for (const file of exported) {
          const done = await upload(file, integration.settings.drive_folder_id || undefined, accessToken, key, all);
          if (!('file' in done)) return done.outcome;
          uploaded.push(done.file);
          last = done.outcome;
        }
      }
      if (webhook) return postToChat(webhook, outgoing, uploaded, secrets);
      return last!;
    },
  };
}
