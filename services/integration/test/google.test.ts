// The Google Workspace sender against a local stand-in for Google (test/fakes/google.ts): the
// refresh-token sign-in and its cached token, Drive's multipart upload (the bytes compared) and,
// for files over 5 MB, its resumable upload (chunks, 308 and Range, a dropped connection resumed,
// an expired session started over, a session URI elsewhere refused), the Chat card linking the
// files, Google's refusals, the size limit, and no credential in any outcome.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  DRIVE_UPLOADS,
  GOOGLE_CUT_NOTE,
  GOOGLE_LIMITS,
  boundaryFor,
  googleChatMessage,
  googleSender,
  multipartRelated,
  resumeOffset,
  safeMediaType,
  sessionUri,
  type DriveUploadOptions,
  type ExportedFile,
  type ExportedFiles,
} from '../src/adapters/google.js';
import { deliveryHttp } from '../src/adapters/http.js';
import type { IntegrationRow, Outgoing, Sender, SendOutcome } from '../src/services/deps.js';
import { summaryOf } from '../src/services/summary.js';
import {
  CHAT_MESSAGE_LIMIT,
  FAKE_CHAT_KEY,
  FAKE_CHAT_SPACE,
  FAKE_CHAT_TOKEN,
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_FOLDER_ID,
  FAKE_REFRESH_TOKEN,
  CHUNK_GRANULE,
  boundaryOf,
  parseMultipart,
  startFakeGoogle,
  type FakeGoogle,
} from './fakes/google.js';

const outgoing = (event: string, payload: Record<string, unknown>): Outgoing => ({ id: randomUUID(), event, occurredAt: new Date('2026-12-05T10:00:00Z'), payload });
const completed = outgoing('project.completed', { project_id: 'p1', project_title: 'Forklift safety', status: 'completed', url: 'https://app.example/projects/p1' });
const joined = outgoing('member.joined', { user_id: 'u1', role: 'editor', url: 'https://app.example/team' });

// Bytes that would break a careless multipart body: line breaks, dashes, a would-be boundary.
const guide: ExportedFile = {
  name: 'Forklift safety – guide.pdf',
  mimeType: 'application/pdf',
  content: Buffer.concat([Buffer.from('%PDF-1.7\r\n--trainwright_\r\n\r\n--'), randomBytes(48_000), Buffer.from('\r\n%%EOF\r\n')]),
};
const slides: ExportedFile = { name: 'Forklift safety – slides.pptx', mimeType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', content: randomBytes(30_000) };

/** The files of a completed project (the guide and the slides unless told); none for other events. Records what it was asked. */
function exportedFiles(list: ExportedFile[] = [guide, slides]): ExportedFiles & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    filesOf(_integration, out) {
      calls.push(out.event);
      return Promise.resolve(out.event === 'project.completed' ? list : []);
    },
  };
}

function google(settings: Record<string, string>, secrets: Record<string, string>): IntegrationRow {
  return {
    id: randomUUID(),
    companyId: randomUUID(),
    createdBy: randomUUID(),
    type: 'google_workspace',
    status: 'connected',
    statusMessage: null,
    signingSecrets: [],
    failingSince: null,
    createdAt: new Date(),
    lastDelivery: null,
    settings,
    secrets,
  };
}

let fake: FakeGoogle;
let files: ReturnType<typeof exportedFiles>;
let sender: Sender;
/** The waits the sender asked for between interruptions (it waits for none here). */
let waits: number[];
const sleep = (ms: number) => {
  waits.push(ms);
  return Promise.resolve();
};
const now = new Date('2026-12-05T10:00:00Z');

/** A sender of its own whose event exports `list`. */
function senderFor(list: ExportedFile[], options: Partial<DriveUploadOptions> = {}): Sender {
  files = exportedFiles(list);
  return googleSender(deliveryHttp([fake.origin], 5000), { tokenUrl: `${fake.origin}/token`, driveUploadUrl: fake.origin }, files, { sleep, ...options });
}

/** A complete configuration: Drive into the folder, Chat into the space. */
const fullRow = (settings: Record<string, string> = {}, secrets: Record<string, string> = {}) =>
  google({ client_id: FAKE_CLIENT_ID, drive_folder_id: FAKE_FOLDER_ID, ...settings }, { client_secret: FAKE_CLIENT_SECRET, refresh_token: FAKE_REFRESH_TOKEN, webhook_url: fake.chatWebhook, ...secrets });

/** No credential anywhere in an outcome. */
function expectNoCredential(outcome: SendOutcome, extra: string[] = []): void {
  const credentials = [FAKE_CLIENT_SECRET, FAKE_REFRESH_TOKEN, fake.chatWebhook, FAKE_CHAT_KEY, FAKE_CHAT_TOKEN, decodeURIComponent(FAKE_CHAT_TOKEN), ...fake.tokens, ...extra];
  for (const credential of credentials) {
    expect(outcome.error).not.toContain(credential);
    expect(outcome.responseExcerpt).not.toContain(credential);
  }
}

type Card = { header: { title: string }; sections?: Array<{ widgets: Array<Record<string, any>> }> };
const cardOf = (message: Record<string, unknown>) => (message.cardsV2 as Array<{ cardId: string; card: Card }>)[0]!.card;
const paragraphOf = (card: Card) => String(card.sections![0]!.widgets.find((w) => w.textParagraph)!.textParagraph.text);
const buttonsOf = (card: Card) => (card.sections![0]!.widgets.find((w) => w.buttonList)!.buttonList.buttons as Array<{ text: string; onClick: { openLink: { url: string } } }>).map((b) => [b.text, b.onClick.openLink.url]);

beforeAll(async () => {
  fake = await startFakeGoogle();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  // A sender of its own for each test: its token cache starts empty.
  files = exportedFiles();
  waits = [];
  sender = googleSender(deliveryHttp([fake.origin], 5000), { tokenUrl: `${fake.origin}/token`, driveUploadUrl: fake.origin }, files, { sleep });
  fake.tokenRequests.length = 0;
  fake.uploads.length = 0;
  fake.sessions.clear();
  fake.resumableCalls.length = 0;
  fake.interrupt = null;
  fake.sessionOrigin = '';
  fake.chatCalls.length = 0;
  fake.revoked.clear();
  fake.chatStatus = 200;
  fake.expiresIn = 3599;
});

describe('the multipart/related body', () => {
  it('should carry the metadata as JSON, then the bytes with their type, as Drive parses it', () => {
    const { contentType, body } = multipartRelated({ name: guide.name, parents: [FAKE_FOLDER_ID] }, guide.mimeType, guide.content);
    const boundary = boundaryOf(contentType)!;
    expect(contentType).toBe(`multipart/related; boundary=${boundary}`);
    expect(boundary).toMatch(/^trainwright_[0-9a-f]{48}$/);
    expect(body.subarray(0, boundary.length + 4).toString()).toBe(`--${boundary}\r\n`);
    expect(body.subarray(-(boundary.length + 8)).toString()).toBe(`\r\n--${boundary}--\r\n`);
    const parts = parseMultipart(body, boundary)!;
    expect(parts).toHaveLength(2);
    expect(parts[0]!.headers).toEqual({ 'content-type': 'application/json; charset=UTF-8' });
    expect(JSON.parse(parts[0]!.content.toString('utf8'))).toEqual({ name: 'Forklift safety – guide.pdf', parents: [FAKE_FOLDER_ID] });
    expect(parts[1]!.headers).toEqual({ 'content-type': 'application/pdf' });
    expect(parts[1]!.content.equals(guide.content)).toBe(true);
  });

  it('should choose a boundary found in no part', () => {
    const tries = ['aaaa', 'bbbb', 'cccc'];
    const boundary = boundaryFor([Buffer.from('x--trainwright_aaaa'), Buffer.from('trainwright_bbbb')], () => tries.shift()!);
    expect(boundary).toBe('trainwright_cccc');
  });

  it('should never let a media type break a part’s headers', () => {
    expect(safeMediaType('application/zip')).toBe('application/zip');
    expect(safeMediaType('text/plain; charset=utf-8')).toBe('text/plain; charset=utf-8');
    expect(safeMediaType('application/pdf\r\nX-Injected: 1')).toBe('application/octet-stream');
    expect(safeMediaType('')).toBe('application/octet-stream');
  });
});

describe('the Chat card', () => {
  const uploaded = [
    { id: 'f1', name: guide.name, webViewLink: 'https://drive.google.com/file/d/f1/view?usp=drivesdk' },
    { id: 'f2', name: slides.name, webViewLink: 'https://drive.google.com/file/d/f2/view?usp=drivesdk' },
  ];

  it('should carry the title, the text, a button to Trainwright and one to each file in Drive', () => {
    const summary = summaryOf(completed);
    expect(googleChatMessage(completed, uploaded)).toEqual({
      text: summary.title,
      cardsV2: [
        {
          cardId: `trainwright-${completed.id}`,
          card: {
            header: { title: '“Forklift safety” is ready' },
            sections: [
              {
                widgets: [
                  { textParagraph: { text: 'Its content and files are ready to review and share.' } },
                  {
                    buttonList: {
                      buttons: [
                        { text: 'Open in Trainwright', onClick: { openLink: { url: 'https://app.example/projects/p1' } } },
                        { text: 'Open Forklift safety – guide.pdf in Drive', onClick: { openLink: { url: uploaded[0]!.webViewLink } } },
                        { text: 'Open Forklift safety – slides.pptx in Drive', onClick: { openLink: { url: uploaded[1]!.webViewLink } } },
                      ],
                    },
                  },
                ],
              },
            ],
          },
        },
      ],
    });
  });

  it('should escape the card’s HTML, break lines with <br>, and mention nobody in the text', () => {
    const message = googleChatMessage(outgoing('project.failed', { project_title: '<users/all> & co', error: 'No voice for <b>de</b>\nand fr & it', url: 'https://app.example/projects/p2' }));
    expect(message.text).toBe('“‹users/all› & co” failed');
    const card = cardOf(message);
    expect(card.header.title).toBe('“<users/all> & co” failed');
    expect(paragraphOf(card)).toBe('No voice for &lt;b&gt;de&lt;/b&gt;<br>and fr &amp; it');
    expect(buttonsOf(card)).toEqual([['Open in Trainwright', 'https://app.example/projects/p2']]);
  });

  it('should cut a long text to fit a Chat message and say so', () => {
    const huge = outgoing('catalogue.imported', Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`field_${i}`, `${'x'.repeat(380)} é <`])));
    const message = googleChatMessage(huge, uploaded);
    const bytes = Buffer.byteLength(JSON.stringify(message), 'utf8');
    expect(bytes).toBeLessThanOrEqual(GOOGLE_LIMITS.messageBytes);
    expect(bytes).toBeLessThan(CHAT_MESSAGE_LIMIT);
    expect(bytes).toBeGreaterThan(GOOGLE_LIMITS.messageBytes - 1024);
    const text = paragraphOf(cardOf(message));
    expect(text.endsWith(GOOGLE_CUT_NOTE)).toBe(true);
    expect(text.startsWith(`field_0: ${'x'.repeat(380)} é &lt;<br>field_1:`)).toBe(true);
    expect(text).not.toMatch(/&[a-z]*$|&[a-z]*…/); // never half an entity
    expect(buttonsOf(cardOf(message))).toHaveLength(2); // the files' (this event has no link of its own)
  });
});

describe('Drive and Chat', () => {
  it('should sign in, upload a completed project’s files into the folder byte for byte, and post a card linking them', async () => {
    const outcome = await sender.send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true, gone: false, error: '' });
    expect(outcome.responseExcerpt).toContain(`"name":"spaces/${FAKE_CHAT_SPACE}/messages/`);
    expect(files.calls).toEqual(['project.completed']);

    expect(fake.tokenRequests).toEqual([{ form: { client_id: FAKE_CLIENT_ID, client_secret: FAKE_CLIENT_SECRET, refresh_token: FAKE_REFRESH_TOKEN, grant_type: 'refresh_token' } }]);
    expect(fake.uploads).toHaveLength(2);
    for (const [i, file] of [guide, slides].entries()) {
      const upload = fake.uploads[i]!;
      expect(upload.query).toEqual({ uploadType: 'multipart', supportsAllDrives: 'true', fields: 'id,name,webViewLink' });
      expect(upload.authorization).toMatch(/^Bearer ya29\./);
      expect(fake.tokens.has(upload.authorization.slice('Bearer '.length))).toBe(true);
      expect(upload.metadata).toEqual({ name: file.name, parents: [FAKE_FOLDER_ID] });
      expect(upload.metadataType).toBe('application/json; charset=UTF-8');
      expect(upload.mediaType).toBe(file.mimeType);
      expect(upload.content.equals(file.content)).toBe(true);
    }

    expect(fake.chatCalls).toHaveLength(1);
    const call = fake.chatCalls[0]!;
    expect(call.space).toBe(FAKE_CHAT_SPACE);
    const links = fake.uploads.map((u) => `https://drive.google.com/file/d/${u.id}/view?usp=drivesdk`);
    expect(call.body).toEqual(
      googleChatMessage(completed, [
        { id: fake.uploads[0]!.id, name: guide.name, webViewLink: links[0]! },
        { id: fake.uploads[1]!.id, name: slides.name, webViewLink: links[1]! },
      ]),
    );
    expect(buttonsOf(cardOf(call.body))).toEqual([
      ['Open in Trainwright', 'https://app.example/projects/p1'],
      [`Open ${guide.name} in Drive`, links[0]],
      [`Open ${slides.name} in Drive`, links[1]],
    ]);
    expectNoCredential(outcome);
  });

  it('should sign in once for two deliveries, again shortly before the token expires, and once for deliveries at the same moment', async () => {
    const row = fullRow();
    await Promise.all([sender.send(row, completed, now), sender.send(row, completed, now)]);
    expect((await sender.send(row, completed, new Date(now.getTime() + 30 * 60_000))).ok).toBe(true);
    expect(fake.tokenRequests).toHaveLength(1);
    expect(fake.uploads).toHaveLength(6);
    expect(new Set(fake.uploads.map((u) => u.authorization)).size).toBe(1);
    await sender.send(row, completed, new Date(now.getTime() + (3599 - 299) * 1000));
    expect(fake.tokenRequests).toHaveLength(2);
  });

  it('should upload to the Drive root without a folder', async () => {
    expect((await sender.send(fullRow({ drive_folder_id: '' }), completed, now)).ok).toBe(true);
    expect(fake.uploads.map((u) => u.metadata)).toEqual([{ name: guide.name }, { name: slides.name }]);
  });

  it('should fail a refused refresh token with Google’s reason, send nothing, and keep no credential', async () => {
    const wrong = '1//0gWrongRefreshToken-that-must-not-leak-anywhere';
    const unknown = await sender.send(fullRow({}, { refresh_token: wrong }), completed, now);
    expect(unknown).toEqual({ responseStatus: 400, ok: false, gone: false, error: 'Google refused the sign-in (HTTP 400): invalid_grant: Bad Request.', responseExcerpt: '' });
    fake.revoked.add(FAKE_REFRESH_TOKEN);
    const revoked = await sender.send(fullRow(), completed, now);
    expect(revoked).toEqual({ responseStatus: 400, ok: false, gone: false, error: 'Google refused the sign-in (HTTP 400): invalid_grant: Token has been expired or revoked.', responseExcerpt: '' });
    expect(fake.uploads).toEqual([]);
    expect(fake.chatCalls).toEqual([]);
    for (const outcome of [unknown, revoked]) expectNoCredential(outcome, [wrong]);
  });

  it('should fail a wrong client secret, and lend it no other configuration’s token', async () => {
    expect((await sender.send(fullRow(), completed, now)).ok).toBe(true);
    const wrong = 'GOCSPX-Wr0ngSecretThatMustNotLeak';
    const outcome = await sender.send(fullRow({}, { client_secret: wrong }), completed, now);
    expect(outcome).toEqual({ responseStatus: 401, ok: false, gone: false, error: 'Google refused the sign-in (HTTP 401): invalid_client: Unauthorized.', responseExcerpt: '' });
    expectNoCredential(outcome, [wrong]);
    expect(fake.tokenRequests).toHaveLength(2);
    expect(fake.uploads).toHaveLength(2);
  });

  it('should name the upload Drive refused, post no card, and drop a token Drive calls invalid', async () => {
    const row = fullRow();
    expect((await sender.send(row, completed, now)).ok).toBe(true);
    const issued = [...fake.tokens];
    fake.tokens.clear(); // Google revoked the access token
    const outcome = await sender.send(row, completed, now);
    expect(outcome).toMatchObject({ responseStatus: 401, ok: false, gone: false });
    expect(outcome.error).toBe(`The upload of “${guide.name}” to Google Drive failed: Google Drive answered HTTP 401: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.`);
    expect(outcome.responseExcerpt).toMatch(/^\{"error":\{"code":401,/);
    expectNoCredential(outcome, issued);
    expect(fake.chatCalls).toHaveLength(1);
    expect((await sender.send(row, completed, now)).ok).toBe(true);
    expect(fake.tokenRequests).toHaveLength(2);
  });

  it('should name the file whose upload failed when the folder is not there', async () => {
    const outcome = await sender.send(fullRow({ drive_folder_id: '1NoSuchFolder' }), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 404, ok: false, gone: false });
    expect(outcome.error).toBe(`The upload of “${guide.name}” to Google Drive failed: Google Drive answered HTTP 404: File not found: 1NoSuchFolder.`);
    expect(fake.chatCalls).toEqual([]);
    expectNoCredential(outcome);
  });

  it('should post only the card for an event without files, without signing in', async () => {
    const outcome = await sender.send(fullRow(), joined, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true, gone: false, error: '' });
    expect(files.calls).toEqual(['member.joined']);
    expect(fake.tokenRequests).toEqual([]);
    expect(fake.uploads).toEqual([]);
    expect(fake.chatCalls.map((c) => c.body)).toEqual([googleChatMessage(joined)]);
    expect(buttonsOf(cardOf(fake.chatCalls[0]!.body))).toEqual([['Open in Trainwright', 'https://app.example/team']]);
    expectNoCredential(outcome);
  });

  it('should post the card alone with a Chat webhook and no refresh token, asking for no files', async () => {
    const row = google({ client_id: FAKE_CLIENT_ID }, { client_secret: FAKE_CLIENT_SECRET, webhook_url: fake.chatWebhook });
    expect(await sender.send(row, completed, now)).toMatchObject({ responseStatus: 200, ok: true });
    expect(files.calls).toEqual([]);
    expect(fake.tokenRequests).toEqual([]);
    expect(buttonsOf(cardOf(fake.chatCalls[0]!.body))).toEqual([['Open in Trainwright', 'https://app.example/projects/p1']]);
  });

  it('should upload without a Chat webhook, the last upload’s answer as the excerpt', async () => {
    const row = google({ client_id: FAKE_CLIENT_ID, drive_folder_id: FAKE_FOLDER_ID }, { client_secret: FAKE_CLIENT_SECRET, refresh_token: FAKE_REFRESH_TOKEN });
    const outcome = await sender.send(row, completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true, gone: false, error: '' });
    expect(JSON.parse(outcome.responseExcerpt)).toEqual({ id: fake.uploads[1]!.id, name: slides.name, webViewLink: `https://drive.google.com/file/d/${fake.uploads[1]!.id}/view?usp=drivesdk` });
    expect(fake.uploads).toHaveLength(2);
    expect(fake.chatCalls).toEqual([]);
  });

  it('should check the sign-in and succeed when a Drive-only integration gets an event without files', async () => {
    const row = google({ client_id: FAKE_CLIENT_ID }, { client_secret: FAKE_CLIENT_SECRET, refresh_token: FAKE_REFRESH_TOKEN });
    expect(await sender.send(row, joined, now)).toEqual({ responseStatus: 200, ok: true, gone: false, error: '', responseExcerpt: '' });
    // The token is cached: nothing is asked, so no status.
    expect(await sender.send(row, joined, now)).toEqual({ responseStatus: 0, ok: true, gone: false, error: '', responseExcerpt: '' });
    expect(fake.tokenRequests).toHaveLength(1);
    fake.revoked.add(FAKE_REFRESH_TOKEN);
    const broken = google({ client_id: FAKE_CLIENT_ID }, { client_secret: FAKE_CLIENT_SECRET, refresh_token: FAKE_REFRESH_TOKEN });
    const other = googleSender(deliveryHttp([fake.origin], 5000), { tokenUrl: `${fake.origin}/token`, driveUploadUrl: fake.origin }, files);
    expect(await other.send(broken, joined, now)).toMatchObject({ responseStatus: 400, ok: false, error: 'Google refused the sign-in (HTTP 400): invalid_grant: Token has been expired or revoked.' });
    expect(fake.uploads).toEqual([]);
  });

  it('should fail an integration with neither a Chat webhook nor a refresh token, calling nobody', async () => {
    const outcome = await sender.send(google({ client_id: FAKE_CLIENT_ID }, { client_secret: FAKE_CLIENT_SECRET }), completed, now);
    expect(outcome).toEqual({
      responseStatus: 0,
      ok: false,
      gone: false,
      error: 'Google Workspace has nothing to send to: the integration needs a Chat webhook URL, or a refresh token for Drive and an event with files.',
      responseExcerpt: '',
    });
    expect(files.calls).toEqual([]);
    expect(fake.tokenRequests).toEqual([]);
    expect(fake.chatCalls).toEqual([]);
  });

  it('should report a Chat webhook answering 410 as gone, after the uploads, with no credential', async () => {
    fake.chatStatus = 410;
    const outcome = await sender.send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 410, ok: false, gone: true });
    expect(outcome.error).toBe('The Chat message failed: Google Chat answered HTTP 410: The webhook was removed from the space.');
    expect(fake.uploads).toHaveLength(2);
    expectNoCredential(outcome);
  });

  it('should not count another refusal of the Chat message as gone', async () => {
    fake.chatStatus = 500;
    const outcome = await sender.send(fullRow(), joined, now);
    expect(outcome).toMatchObject({ responseStatus: 500, ok: false, gone: false, error: 'The Chat message failed: Google Chat answered HTTP 500: The request failed.' });
  });

  it('should keep the webhook’s key and token out of a refused address’s error', async () => {
    const blocked = `http://127.0.0.1:9/v1/spaces/${FAKE_CHAT_SPACE}/messages?key=${FAKE_CHAT_KEY}&token=${FAKE_CHAT_TOKEN}`;
    const outcome = await sender.send(fullRow({}, { webhook_url: blocked }), joined, now);
    expect(outcome).toMatchObject({ responseStatus: 0, ok: false, gone: false });
    expect(outcome.error).toMatch(/^The Chat message failed: /);
    expectNoCredential(outcome, [blocked]);
  });

  it('should fail when the event’s files cannot be read', async () => {
    const broken = googleSender(deliveryHttp([fake.origin], 5000), { tokenUrl: `${fake.origin}/token`, driveUploadUrl: fake.origin }, { filesOf: () => Promise.reject(new Error('the guide is not rendered yet')) });
    expect(await broken.send(fullRow(), completed, now)).toEqual({ responseStatus: 0, ok: false, gone: false, error: 'The event’s files could not be read: the guide is not rendered yet', responseExcerpt: '' });
    expect(fake.tokenRequests).toEqual([]);
  });

  it('should post a long text shortened under Chat’s limit, which Chat accepts', async () => {
    const huge = outgoing('catalogue.imported', Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`field_${i}`, `${'x'.repeat(380)} é`])));
    const outcome = await sender.send(fullRow(), huge, now);
    expect(outcome).toMatchObject({ ok: true, responseStatus: 200 });
    expect(fake.chatCalls[0]!.bytes).toBeLessThanOrEqual(GOOGLE_LIMITS.messageBytes);
    expect(paragraphOf(cardOf(fake.chatCalls[0]!.body)).endsWith(GOOGLE_CUT_NOTE)).toBe(true);
  });
});

describe('Drive’s resumable upload', () => {
  const MiB = 1024 * 1024;
  const pptx = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
  // Over Drive's 5 MB for a multipart upload, and not a whole number of 256 KiB chunks.
  const course: ExportedFile = { name: 'Forklift safety – slides.pptx', mimeType: pptx, content: randomBytes(6_000_000) };
  const total = course.content.length;
  const step = `The upload of “${course.name}” to Google Drive failed`;

  /** The ranges the session was sent, in order (`*` for a status question), and what the fake answered. */
  const calls = () => fake.resumableCalls.map((c) => [c.contentRange, c.status, c.range]);
  /** The chunks' Content-Ranges, each starting where Drive's last Range said, and all but the last a multiple of 256 KiB. */
  function expectWellFormedChunks(): void {
    const chunks = fake.resumableCalls.filter((c) => c.bytes > 0);
    for (const chunk of chunks.slice(0, -1)) expect(chunk.bytes % CHUNK_GRANULE).toBe(0);
    expect(chunks.at(-1)!.contentRange).toMatch(new RegExp(`^bytes \\d+-${total - 1}/${total}$`));
  }
  /** The session's upload id and URI nowhere in an outcome, nor any credential. */
  function expectNothingSecret(outcome: SendOutcome): void {
    expectNoCredential(outcome, [...new Set(fake.resumableCalls.map((c) => c.uploadId)), ...fake.sessions.keys()]);
    expect(outcome.error).not.toContain('upload_id');
    expect(outcome.responseExcerpt).not.toContain('upload_id');
  }

  it('should keep a file of 5 MB or less on the multipart upload and send a larger one resumable, each byte for byte', async () => {
    const five: ExportedFile = { name: 'Forklift safety – guide.pdf', mimeType: 'application/pdf', content: randomBytes(DRIVE_UPLOADS.multipartBytes) };
    const over: ExportedFile = { name: 'Forklift safety – manual.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: randomBytes(DRIVE_UPLOADS.multipartBytes + 1) };
    expect(DRIVE_UPLOADS.multipartBytes).toBe(5 * MiB);
    const outcome = await senderFor([five, over]).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true, error: '' });
    expect(fake.uploads.map((u) => u.query.uploadType)).toEqual(['multipart', 'resumable']);
    expect(fake.uploads[0]!.content.equals(five.content)).toBe(true);
    expect(fake.uploads[1]!.content.equals(over.content)).toBe(true);
    expect(fake.sessions.size).toBe(1);
    // 4 MiB, then the last 1 MiB and a byte.
    expect(calls()).toEqual([
      [`bytes 0-${4 * MiB - 1}/${5 * MiB + 1}`, 308, `bytes=0-${4 * MiB - 1}`],
      [`bytes ${4 * MiB}-${5 * MiB}/${5 * MiB + 1}`, 200, ''],
    ]);
  });

  it('should open a session with the metadata and X-Upload headers, send the chunks without the token, and link the file in the card', async () => {
    const outcome = await senderFor([guide, course]).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true, gone: false, error: '' });

    const [session] = [...fake.sessions.values()];
    expect(session).toMatchObject({
      query: { uploadType: 'resumable', supportsAllDrives: 'true', fields: 'id,name,webViewLink' },
      contentType: 'application/json; charset=UTF-8',
      metadata: { name: course.name, parents: [FAKE_FOLDER_ID] },
      mediaType: pptx,
      total,
      held: total,
    });
    expect(fake.tokens.has(session!.authorization.slice('Bearer '.length))).toBe(true);
    expect(calls()).toEqual([
      [`bytes 0-4194303/${total}`, 308, 'bytes=0-4194303'],
      [`bytes 4194304-5999999/${total}`, 200, ''],
    ]);
    expect(fake.resumableCalls.map((c) => [c.uploadId, c.bytes, c.authorization])).toEqual([
      [session!.id, 4 * MiB, ''],
      [session!.id, total - 4 * MiB, ''],
    ]);
    expect(waits).toEqual([]);

    expect(fake.uploads.map((u) => u.query.uploadType)).toEqual(['multipart', 'resumable']);
    const upload = fake.uploads[1]!;
    expect(upload).toMatchObject({ metadata: { name: course.name, parents: [FAKE_FOLDER_ID] }, mediaType: pptx, id: session!.fileId });
    expect(upload.content.equals(course.content)).toBe(true);
    expect(buttonsOf(cardOf(fake.chatCalls[0]!.body))).toEqual([
      ['Open in Trainwright', 'https://app.example/projects/p1'],
      [`Open ${guide.name} in Drive`, `https://drive.google.com/file/d/${fake.uploads[0]!.id}/view?usp=drivesdk`],
      [`Open ${course.name} in Drive`, `https://drive.google.com/file/d/${upload.id}/view?usp=drivesdk`],
    ]);
    expectNothingSecret(outcome);
  });

  it('should answer with the file Drive took when there is no Chat webhook, and upload into the Drive root', async () => {
    const row = google({ client_id: FAKE_CLIENT_ID }, { client_secret: FAKE_CLIENT_SECRET, refresh_token: FAKE_REFRESH_TOKEN });
    const outcome = await senderFor([course]).send(row, completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true, error: '' });
    const id = fake.uploads[0]!.id;
    expect(JSON.parse(outcome.responseExcerpt)).toEqual({ id, name: course.name, webViewLink: `https://drive.google.com/file/d/${id}/view?usp=drivesdk` });
    expect(fake.uploads[0]!.metadata).toEqual({ name: course.name });
    expectNothingSecret(outcome);
  });

  it('should resume a chunk whose connection dropped by asking where the upload stands, then go on from Drive’s Range', async () => {
    // 1 MiB chunks; the third drops after Drive held 300,000 of its bytes.
    fake.interrupt = { mode: 'drop', after: 2, keep: 300_000 };
    const outcome = await senderFor([course], { chunkBytes: MiB }).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true, error: '' });
    const held = 2 * MiB + 300_000;
    expect(calls().slice(0, 5)).toEqual([
      [`bytes 0-${MiB - 1}/${total}`, 308, `bytes=0-${MiB - 1}`],
      [`bytes ${MiB}-${2 * MiB - 1}/${total}`, 308, `bytes=0-${2 * MiB - 1}`],
      [`bytes ${2 * MiB}-${3 * MiB - 1}/${total}`, 0, ''],
      [`bytes */${total}`, 308, `bytes=0-${held - 1}`],
      [`bytes ${held}-${held + MiB - 1}/${total}`, 308, `bytes=0-${held + MiB - 1}`],
    ]);
    expect(fake.resumableCalls.at(-1)).toMatchObject({ status: 200 });
    expect(fake.resumableCalls[3]!.bytes).toBe(0);
    expectWellFormedChunks();
    expect(waits).toEqual([DRIVE_UPLOADS.retryDelaysMs[0]]);
    expect(fake.sessions.size).toBe(1);
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]!.content.equals(course.content)).toBe(true);
    expectNothingSecret(outcome);
  });

  it('should ask where the upload stands after a 503, and go on', async () => {
    fake.interrupt = { mode: 'unavailable', after: 1 };
    const outcome = await senderFor([course], { chunkBytes: 2 * MiB }).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true });
    expect(calls()).toEqual([
      [`bytes 0-${2 * MiB - 1}/${total}`, 308, `bytes=0-${2 * MiB - 1}`],
      [`bytes ${2 * MiB}-${4 * MiB - 1}/${total}`, 503, ''],
      [`bytes */${total}`, 308, `bytes=0-${2 * MiB - 1}`],
      [`bytes ${2 * MiB}-${4 * MiB - 1}/${total}`, 308, `bytes=0-${4 * MiB - 1}`],
      [`bytes ${4 * MiB}-${total - 1}/${total}`, 200, ''],
    ]);
    expect(waits).toEqual([1000]);
    expect(fake.uploads[0]!.content.equals(course.content)).toBe(true);
  });

  it('should send the next chunk from the Range Drive answers, not from the end of the chunk it sent', async () => {
    fake.interrupt = { mode: 'partial', keep: 3 * CHUNK_GRANULE };
    const outcome = await senderFor([course]).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true });
    expect(calls()).toEqual([
      [`bytes 0-${4 * MiB - 1}/${total}`, 308, `bytes=0-${3 * CHUNK_GRANULE - 1}`],
      [`bytes ${3 * CHUNK_GRANULE}-${3 * CHUNK_GRANULE + 4 * MiB - 1}/${total}`, 308, `bytes=0-${3 * CHUNK_GRANULE + 4 * MiB - 1}`],
      [`bytes ${3 * CHUNK_GRANULE + 4 * MiB}-${total - 1}/${total}`, 200, ''],
    ]);
    expect(waits).toEqual([]); // Drive took some: no interruption
    expect(fake.uploads[0]!.content.equals(course.content)).toBe(true);
  });

  it('should start over with a new session once when Drive has forgotten one (404)', async () => {
    fake.interrupt = { mode: 'expire', after: 1 };
    const outcome = await senderFor([course]).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 200, ok: true });
    const ids = [...new Set(fake.resumableCalls.map((c) => c.uploadId))];
    expect(ids).toHaveLength(2);
    expect(fake.resumableCalls.map((c) => [c.uploadId, c.contentRange, c.status])).toEqual([
      [ids[0], `bytes 0-4194303/${total}`, 308],
      [ids[0], `bytes 4194304-5999999/${total}`, 404],
      [ids[1], `bytes 0-4194303/${total}`, 308],
      [ids[1], `bytes 4194304-5999999/${total}`, 200],
    ]);
    expect(fake.uploads).toHaveLength(1);
    expect(fake.uploads[0]!.content.equals(course.content)).toBe(true);
  });

  it('should fail naming the file when a new session expires too, with Google’s answer', async () => {
    fake.interrupt = { mode: 'expire', times: 2 };
    const outcome = await senderFor([course]).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 404, ok: false, gone: false, error: `${step}: Google Drive answered HTTP 404: The upload session was not found: it may have expired.` });
    expect(outcome.responseExcerpt).toMatch(/^\{"error":\{"code":404,/);
    expect(fake.chatCalls).toEqual([]);
    expectNothingSecret(outcome);
  });

  it('should give up after its waits when Drive keeps answering 503, naming the file', async () => {
    fake.interrupt = { mode: 'unavailable', after: 1, times: 100 };
    const outcome = await senderFor([course]).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 503, ok: false, gone: false, error: `${step}: Google Drive answered HTTP 503: Service Unavailable` });
    expect(waits).toEqual([1000, 2000, 4000]);
    // The first chunk, then the second and a question four times over.
    expect(fake.resumableCalls.map((c) => c.status)).toEqual([308, 503, 308, 503, 308, 503, 308, 503]);
    expect(fake.uploads).toEqual([]);
    expect(fake.chatCalls).toEqual([]);
    expectNothingSecret(outcome);
  });

  it('should give up after its waits when Drive keeps taking none of a chunk', async () => {
    fake.interrupt = { mode: 'partial', keep: 0, times: 100 };
    const outcome = await senderFor([course]).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 308, ok: false, gone: false, error: `${step}: Google Drive answered HTTP 308 without taking more of the file (it holds 0 of ${total} bytes).` });
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(calls()).toEqual(Array.from({ length: 4 }, () => [`bytes 0-4194303/${total}`, 308, '']));
    expectNothingSecret(outcome);
  });

  it('should give up after its waits when the connection keeps dropping, with the network’s reason', async () => {
    fake.interrupt = { mode: 'drop', times: 100 };
    const outcome = await senderFor([course], { retryDelaysMs: [10, 20] }).send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 0, ok: false, gone: false });
    expect(outcome.error).toMatch(new RegExp(`^${step}: The site could not be reached\\.$`));
    expect(waits).toEqual([10, 20]);
    expect(calls()).toEqual([
      [`bytes 0-4194303/${total}`, 0, ''],
      [`bytes */${total}`, 308, ''],
      [`bytes 0-4194303/${total}`, 0, ''],
      [`bytes */${total}`, 308, ''],
      [`bytes 0-4194303/${total}`, 0, ''],
    ]);
    expectNothingSecret(outcome);
  });

  it('should refuse a session URI on another origin, sending it nothing', async () => {
    const other = await startFakeGoogle();
    try {
      fake.sessionOrigin = other.origin;
      const outcome = await senderFor([course]).send(fullRow(), completed, now);
      expect(outcome).toEqual({
        responseStatus: 200,
        ok: false,
        gone: false,
        error: `${step}: Google Drive answered an upload session on another origin (${other.origin}); only ${fake.origin} is used.`,
        responseExcerpt: '',
      });
      expect(fake.sessions.size).toBe(1);
      expect(fake.resumableCalls).toEqual([]);
      expect(other.resumableCalls).toEqual([]);
      expect(fake.uploads).toEqual([]);
      expect(fake.chatCalls).toEqual([]);
      expectNothingSecret(outcome);
    } finally {
      await other.close();
    }
  });

  it('should take a session URI only on the configured API’s origin', () => {
    const api = 'https://www.googleapis.com';
    const path = '/upload/drive/v3/files?uploadType=resumable&upload_id=xa298sd_sdlkj2';
    expect(sessionUri(`${api}${path}`, api)).toEqual({ uri: `${api}${path}` });
    expect(sessionUri(path, api)).toEqual({ uri: `${api}${path}` });
    expect(sessionUri(`https://www.googleapis.com:443${path}`, api)).toEqual({ uri: `${api}${path}` });
    for (const elsewhere of [`http://www.googleapis.com${path}`, `https://www.googleapis.com.evil.example${path}`, `https://www.googleapis.com:8443${path}`, `//evil.example${path}`]) {
      expect(sessionUri(elsewhere, api)).toEqual({ error: `Google Drive answered an upload session on another origin (${new URL(elsewhere, api).origin}); only ${api} is used.` });
    }
    expect(sessionUri(`https://user:pass@www.googleapis.com${path}`, api)).toMatchObject({ error: expect.stringContaining('another origin') });
    expect(sessionUri('javascript:alert(1)', api)).toEqual({ error: `Google Drive answered an upload session on another origin (javascript:); only ${api} is used.` });
    expect(sessionUri(undefined, api)).toEqual({ error: 'Google Drive answered without an upload session (no Location header).' });
    expect(sessionUri('http://[::1', api)).toEqual({ error: 'Google Drive answered an upload session that is not a URL.' });
  });

  it('should read where an upload stands from a 308’s Range', () => {
    expect(resumeOffset(undefined, 1000)).toBe(0);
    expect(resumeOffset('bytes=0-262143', 1000_000)).toBe(262_144);
    expect(resumeOffset('bytes=0-999', 1000)).toBe(1000);
    for (const nonsense of ['bytes=0-1000', 'bytes=5-10', 'bytes 0-10', 'bytes=0-', 'items=0-10', 'bytes=0-1,3-4']) expect(resumeOffset(nonsense, 1000)).toBeUndefined();
  });

  it('should map Drive’s refusals of the session as it does a multipart upload’s', async () => {
    const missing = await senderFor([course]).send(fullRow({ drive_folder_id: '1NoSuchFolder' }), completed, now);
    expect(missing).toMatchObject({ responseStatus: 404, ok: false, gone: false, error: `${step}: Google Drive answered HTTP 404: File not found: 1NoSuchFolder.` });
    expect(fake.sessions.size).toBe(0);
    expectNothingSecret(missing);

    const large = senderFor([course]);
    const row = fullRow();
    fake.tokenRequests.length = 0;
    expect((await large.send(row, completed, now)).ok).toBe(true);
    const issued = [...fake.tokens];
    fake.tokens.clear(); // Google revoked the access token
    const revoked = await large.send(row, completed, now);
    expect(revoked).toMatchObject({ responseStatus: 401, ok: false, gone: false });
    expect(revoked.error).toBe(`${step}: Google Drive answered HTTP 401: Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.`);
    expect(revoked.responseExcerpt).toMatch(/^\{"error":\{"code":401,/);
    expectNoCredential(revoked, issued);
    // The refused token was dropped: the next delivery signs in afresh.
    expect((await large.send(row, completed, now)).ok).toBe(true);
    expect(fake.tokenRequests).toHaveLength(2);
  });

  it('should fail a session request that gets no answer, naming the file', async () => {
    const unreachable = googleSender(deliveryHttp([fake.origin], 5000), { tokenUrl: `${fake.origin}/token`, driveUploadUrl: 'http://127.0.0.1:9' }, exportedFiles([course]), { sleep });
    const outcome = await unreachable.send(fullRow(), completed, now);
    expect(outcome).toMatchObject({ responseStatus: 0, ok: false, gone: false });
    expect(outcome.error).toMatch(new RegExp(`^${step}: `));
    expectNothingSecret(outcome);
  });

  it('should take only chunks of a multiple of 256 KiB', () => {
    expect(() => senderFor([course], { chunkBytes: 1_000_000 })).toThrow("A resumable upload's chunk must be a multiple of 262144 bytes, not 1000000.");
    expect(() => senderFor([course], { chunkBytes: 0 })).toThrow(/multiple of 262144/);
  });
});
