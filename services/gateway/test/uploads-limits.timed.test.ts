// Upload bodies with time limits and storage per plan, through the real gateway: a body that stops
// (or trickles past the overall limit) is answered 408 and leaves nothing in storage, a client that
// goes away leaves nothing, and an upload beyond the plan's storage left is refused while it
// streams. The time limits are short here (UPLOAD_IDLE_TIMEOUT_MS, UPLOAD_BODY_TIMEOUT_MS).
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { createDatabase } from '@trainwright/platform';
import { eventually, register, type Account } from './accounts.js';
import { startHarness, storageFiles, type Harness } from './harness.js';

const IDLE_MS = 1000;
// Long enough for the 10 MB body of the last case on a loaded machine (4 s answered it 408 once).
const TOTAL_MS = 8000;
const GB = 1024 ** 3;

let h: Harness;
let media: ReturnType<typeof createDatabase<any>>;
beforeAll(async () => {
  h = await startHarness('uploads-limits', {
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_LOGIN_MAX: '1000',
    UPLOAD_IDLE_TIMEOUT_MS: String(IDLE_MS),
    UPLOAD_BODY_TIMEOUT_MS: String(TOTAL_MS),
  });
  media = createDatabase<any>({ url: h.infra.databaseUrl, schema: 'media_render', maxConnections: 1 });
  // The first upload of a fresh stack pays its cold start (service connections, lazily loaded
  // code): 8 s on a slow machine, past the body's overall limit. The timed cases start warm.
  const warm = await register(h, 'Wanda Warm');
  const first = await send('/api/uploads', warm, [{ name: 'kind', value: 'script' }, { name: 'file', filename: 'Warm.txt', bytes: text(256) }]);
  if (first.status !== 201) throw new Error(`warm-up upload answered ${first.status}: ${JSON.stringify(first.body)}`);
}, 60_000);
afterAll(async () => {
  await media?.destroy();
  await h?.close();
});

const filesUnder = (...path: string[]) => storageFiles(h, ...path);
/** What uploads leave under a company (its welcome sample's renders live elsewhere). */
const companyFiles = (companyId: string) => [...filesUnder('companies', companyId, 'uploads'), ...filesUnder('companies', companyId, 'voice-samples')];
const spooled = () => filesUnder('tmp');

const boundaryOf = () => `----trainwright${randomUUID()}`;
const fieldPart = (boundary: string, name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (boundary: string, name: string, filename: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;

interface Answer {
  status: number;
  body: any;
  ms: number;
  /** When the answer ended (Date.now()). */
  at: number;
  connection?: string;
}

/** A multipart request written by hand (chunked), so a test can stop it or end it when it likes. */
function open(path: string, who: Account, boundary: string): { req: ClientRequest; answer: Promise<Answer> } {
  const started = Date.now();
  const url = new URL(path, h.baseUrl);
  const req = httpRequest(url, { method: 'POST', headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined, ms: Date.now() - started, at: Date.now(), connection: res.headers.connection }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  return { req, answer };
}

/**
 * Keeps a body alive (a few bytes well within the idle time) until `seen` holds, then stops
 * writing: the partial file is checked for while it surely exists, however slow the machine.
 * Returns when the last bytes went. An answer before that fails the test with what it said.
 */
async function writeUntil(req: ClientRequest, answer: Promise<Answer>, seen: () => boolean): Promise<number> {
  let last = Date.now();
  let early: Answer | undefined;
  answer.then((a) => (early = a)).catch(() => {});
  const keep = setInterval(() => {
    if (req.destroyed) return;
    req.write(text(64));
    last = Date.now();
  }, IDLE_MS / 4);
  try {
    await eventually(async () => {
      if (early) throw new Error(`answered ${early.status} after ${early.ms} ms before the file was seen: ${JSON.stringify(early.body)}`);
      return seen();
    }, 10_000);
  } finally {
    clearInterval(keep);
  }
  return last;
}

/** A whole multipart body sent at once. */
async function send(path: string, who: Account, parts: Array<{ name: string; value: string } | { name: string; filename: string; bytes: Buffer }>) {
  const boundary = boundaryOf();
  const body = Buffer.concat([
    ...parts.map((p) => ('bytes' in p ? Buffer.concat([Buffer.from(fileHead(boundary, p.name, p.filename)), p.bytes, Buffer.from('\r\n')]) : Buffer.from(fieldPart(boundary, p.name, p.value)))),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${h.baseUrl}${path}`, { method: 'POST', body, headers: { ...who.auth, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return { status: response.status, body: (await response.json()) as any };
}

const text = (bytes: number) => Buffer.from('Forklift safety notes.\n'.repeat(Math.ceil(bytes / 23)).slice(0, bytes));

describe('upload bodies that stop', () => {
  it('should answer 408 after the idle time and remove the partial file (fields first)', async () => {
    const me = await register(h, 'Stella Stall');
    const boundary = boundaryOf();
    const { req, answer } = open('/api/uploads', me, boundary);
    req.write(fieldPart(boundary, 'kind', 'script'));
    req.write(fileHead(boundary, 'file', 'Induction.txt'));
    req.write(text(4096));
    // The partial file is in place while the body is read ...
    const lastWrite = await writeUntil(req, answer, () => companyFiles(me.companyId).length === 1);
    // ... and the body never closes.
    const res = await answer;
    expect(res.status).toBe(408);
    expect(res.body).toEqual({
      code: 'REQUEST_TIMEOUT',
      message: 'The upload stopped: no data arrived for 1 second. Please check your connection and try again.',
      detail: { idle_timeout_ms: IDLE_MS, body_timeout_ms: TOTAL_MS },
    });
    expect(res.at - lastWrite).toBeGreaterThanOrEqual(IDLE_MS - 100);
    expect(res.at - lastWrite).toBeLessThan(IDLE_MS + 2500);
    expect(res.connection).toBe('close');
    req.destroy();
    expect(companyFiles(me.companyId)).toEqual([]);
    expect(spooled()).toEqual([]);
    // Nothing recorded.
    expect(await h.project.repository.uploadedBytes([me.companyId])).toBe(0);
  });

  it('should remove a spooled file (file before its fields) and answer 408', async () => {
    const me = await register(h, 'Sam Spool');
    const boundary = boundaryOf();
    const { req, answer } = open('/api/uploads', me, boundary);
    req.write(fileHead(boundary, 'file', 'Induction.txt'));
    req.write(text(4096));
    await writeUntil(req, answer, () => spooled().length > 0);
    const res = await answer;
    expect(res.status).toBe(408);
    expect(res.body.code).toBe('REQUEST_TIMEOUT');
    req.destroy();
    expect(spooled()).toEqual([]);
    expect(companyFiles(me.companyId)).toEqual([]);
  });

  it('should answer 408 when a body trickles past the overall time limit', async () => {
    const me = await register(h, 'Trudy Trickle');
    const boundary = boundaryOf();
    const { req, answer } = open('/api/uploads', me, boundary);
    req.write(fieldPart(boundary, 'kind', 'script'));
    req.write(fileHead(boundary, 'file', 'Slow.txt'));
    // A few bytes well within the idle time, for longer than the overall limit.
    const trickle = setInterval(() => {
      if (!req.destroyed) req.write(text(64));
    }, IDLE_MS / 4);
    try {
      const res = await answer;
      expect(res.status).toBe(408);
      expect(res.body.message).toBe('The upload did not finish within 8 seconds. Please check your connection and try again.');
      expect(res.ms).toBeGreaterThanOrEqual(TOTAL_MS - 100);
      expect(res.ms).toBeLessThan(TOTAL_MS + 2500);
    } finally {
      clearInterval(trickle);
      req.destroy();
    }
    expect(companyFiles(me.companyId)).toEqual([]);
    expect(spooled()).toEqual([]);
  }, 20_000);

  it("should time out the AI generator's file upload and voice samples the same way", async () => {
    const me = await register(h, 'Gene Stall', 'business');
    for (const [path, head] of [
      ['/api/ai-content-generator/upload-projects', (b: string) => fileHead(b, 'file', 'Policy.txt')],
      ['/api/voices/clone', (b: string) => fieldPart(b, 'name', 'My voice') + fileHead(b, 'files', 'sample.wav')],
    ] as const) {
      const boundary = boundaryOf();
      const { req, answer } = open(path, me, boundary);
      req.write(head(boundary));
      req.write(text(2048));
      const res = await answer;
      expect({ path, status: res.status, code: res.body.code }).toEqual({ path, status: 408, code: 'REQUEST_TIMEOUT' });
      req.destroy();
      expect(companyFiles(me.companyId)).toEqual([]);
      expect(spooled()).toEqual([]);
    }
  }, 20_000);

  it('should leave nothing behind when the client goes away mid-body', async () => {
    const me = await register(h, 'Abe Abort');
    for (const fieldsFirst of [true, false]) {
      const boundary = boundaryOf();
      const { req, answer } = open('/api/uploads', me, boundary);
      answer.catch(() => {});
      if (fieldsFirst) req.write(fieldPart(boundary, 'kind', 'script'));
      req.write(fileHead(boundary, 'file', 'Gone.txt'));
      req.write(text(8192));
      await writeUntil(req, answer, () => (fieldsFirst ? companyFiles(me.companyId) : spooled()).length > 0);
      req.destroy();
      await eventually(async () => companyFiles(me.companyId).length === 0 && spooled().length === 0, 3000);
    }
    expect(await h.project.repository.uploadedBytes([me.companyId])).toBe(0);
  });
});

describe("the plan's storage", () => {
  /** The bytes of the company's rendered files, once its welcome sample's four are rendered. */
  async function renderedBytes(me: Account): Promise<number> {
    return eventually(async () => {
      const rows = await media.selectFrom('rendered_files').select('size').where('company_id', '=', me.companyId).execute();
      return rows.length >= 4 && rows.reduce((sum: number, r: { size: string | number }) => sum + Number(r.size), 0);
    }, 20_000);
  }

  /** Bytes the plan owner already holds, recorded as one upload (no file needed behind it). */
  async function holdUploads(me: Account, size: number) {
    await h.project.repository.insertFile({
      companyId: me.companyId,
      kind: 'script',
      filename: 'big.pdf',
      size,
      contentType: 'application/pdf',
      storageKey: `companies/${me.companyId}/uploads/${randomUUID()}.pdf`,
      createdBy: me.id,
    });
  }

  it('should refuse an upload beyond the storage left while it streams, and take one within it', async () => {
    const me = await register(h, 'Stan Storage');
    await holdUploads(me, GB - (await renderedBytes(me)) - 3000);
    const over = await send('/api/uploads', me, [
      { name: 'kind', value: 'script' },
      { name: 'file', filename: 'Over.txt', bytes: text(5000) },
    ]);
    expect(over.status).toBe(403);
    expect(over.body).toMatchObject({
      code: 'PLAN_LIMIT_REACHED',
      message:
        'Your Free Trial plan includes 1 GB of storage, and this file (4.9 KB) needs more than the 2.9 KB left. Delete projects you no longer need or upgrade your plan to upload it.',
      detail: { field: 'file', limit: 'storageGB', storage_left_bytes: 3000 },
    });
    expect(companyFiles(me.companyId)).toEqual([]);

    // The file before its fields: the same refusal, and the spooled bytes go.
    const spooledOver = await send('/api/uploads', me, [
      { name: 'file', filename: 'Over.txt', bytes: text(5000) },
      { name: 'kind', value: 'script' },
    ]);
    expect(spooledOver.status).toBe(403);
    expect(spooledOver.body.code).toBe('PLAN_LIMIT_REACHED');
    expect(spooled()).toEqual([]);
    expect(companyFiles(me.companyId)).toEqual([]);

    const within = await send('/api/uploads', me, [
      { name: 'kind', value: 'script' },
      { name: 'file', filename: 'Within.txt', bytes: text(2000) },
    ]);
    expect(within.status).toBe(201);
    expect(within.body.size).toBe(2000);
    expect(companyFiles(me.companyId)).toHaveLength(1);

    // Now 1,000 bytes are left: a file of 1,001 is refused.
    const next = await send('/api/uploads', me, [
      { name: 'kind', value: 'script' },
      { name: 'file', filename: 'Next.txt', bytes: text(1001) },
    ]);
    expect(next.status).toBe(403);
    expect(next.body.detail.storage_left_bytes).toBe(1000);
  });

  it('should keep only what fits of uploads sent at once, each of which fits alone', async () => {
    const me = await register(h, 'Connie Current');
    await holdUploads(me, GB - (await renderedBytes(me)) - 3000);
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        send('/api/uploads', me, [
          { name: 'kind', value: 'script' },
          { name: 'file', filename: `Part${n}.txt`, bytes: text(1400) },
        ]),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 403]);
    const refused = answers.find((a) => a.status === 403)!;
    expect(refused.body).toMatchObject({ code: 'PLAN_LIMIT_REACHED', detail: { field: 'file', limit: 'storageGB', storage_left_bytes: 200 } });
    // The refused file's bytes went with it.
    expect(companyFiles(me.companyId)).toHaveLength(2);
  });

  it('should count rendered files against the storage too', async () => {
    const me = await register(h, 'Rena Render');
    const welcome = await renderedBytes(me);
    await media
      .insertInto('rendered_files')
      .values({ project_id: randomUUID(), render_key: 'k', format: 'pdf', company_id: me.companyId, storage_key: `companies/${me.companyId}/renders/x.pdf`, size: GB - welcome - 1500 })
      .execute();
    const over = await send('/api/uploads', me, [
      { name: 'kind', value: 'script' },
      { name: 'file', filename: 'Over.txt', bytes: text(2000) },
    ]);
    expect(over.status).toBe(403);
    expect(over.body.detail.storage_left_bytes).toBe(1500);
    const within = await send('/api/uploads', me, [
      { name: 'kind', value: 'script' },
      { name: 'file', filename: 'Within.txt', bytes: text(1500) },
    ]);
    expect(within.status).toBe(201);
  });

  it("should still refuse a file over the plan's file limit as too large (413)", async () => {
    const me = await register(h, 'Lars Large');
    const res = await send('/api/uploads', me, [
      { name: 'kind', value: 'script' },
      { name: 'file', filename: 'Big.txt', bytes: text(10 * 1024 * 1024 + 1) },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
