// Uploads through the real gateway into the real object storage (a temporary folder).
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sharedHarness, uniqueEmail, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
});

// Real file headers: a minimal PDF and a complete 1x1 PNG.
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5c7d40000000049454e44ae426082',
  'hex',
);

async function register() {
  const res = await h.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: JSON.stringify({ name: 'Uma', company: 'Uploads Co', email: uniqueEmail('up'), password: 'password1' }),
    headers: { 'content-type': 'application/json' },
  });
  const body = res.json();
  return { companyId: body.user.currentCompanyId as string, auth: { authorization: `Bearer ${body.token}` } };
}

async function upload(auth: Record<string, string>, kind: string, filename: string, bytes: Buffer) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([bytes]), filename);
  const response = await fetch(`${h.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: auth });
  return { status: response.status, body: (await response.json()) as any };
}

function storedFiles(companyId: string): string[] {
  const dir = join(h.storageDir, 'companies', companyId, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe('POST /api/uploads', () => {
  it('should store a real PDF script under the company and attach it to a new project', async () => {
    const me = await register();
    const res = await upload(me.auth, 'script', 'Safety Script.PDF', PDF);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'script', filename: 'Safety Script.PDF', size: PDF.length, content_type: 'application/pdf' });
    expect(storedFiles(me.companyId)).toHaveLength(1);

    const created = await h.request({
      method: 'POST',
      url: '/api/projects',
      payload: JSON.stringify({ title: 'From a file', input_method: 'file', file_ids: [res.body.id] }),
      headers: { ...me.auth, 'content-type': 'application/json' },
    });
    expect(created.statusCode).toBe(201);
    const project = (await h.request({ url: `/api/projects/${created.json().id}`, headers: me.auth })).json();
    expect(project.files).toEqual([{ id: res.body.id, kind: 'script', filename: 'Safety Script.PDF', size: PDF.length, content_type: 'application/pdf' }]);
    // The same upload cannot be attached twice.
    const again = await h.request({
      method: 'POST',
      url: '/api/projects',
      payload: JSON.stringify({ title: 'Again', input_method: 'file', file_ids: [res.body.id] }),
      headers: { ...me.auth, 'content-type': 'application/json' },
    });
    expect(again.statusCode).toBe(400);
    // Deleting the project removes its files.
    await h.request({ method: 'DELETE', url: `/api/projects/${created.json().id}`, headers: me.auth });
    expect(storedFiles(me.companyId)).toHaveLength(0);
  });

  it('should accept text scripts and image slides', async () => {
    const me = await register();
    expect((await upload(me.auth, 'script', 'notes.txt', Buffer.from('## Title\n- point ✓\n'))).status).toBe(201);
    expect((await upload(me.auth, 'slides', 'slide.png', PNG)).status).toBe(201);
  });

  it('should refuse a .pdf whose bytes are a PNG, keeping nothing', async () => {
    const me = await register();
    const res = await upload(me.auth, 'script', 'fake.pdf', PNG);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The file content does not match its extension' });
    expect(storedFiles(me.companyId)).toHaveLength(0);
  });

  it('should refuse a type not in the list with the accepted types', async () => {
    const me = await register();
    const res = await upload(me.auth, 'script', 'run.exe', Buffer.from('MZ'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File type not supported. Accepted types: .txt, .docx, .pdf');
    expect((await upload(me.auth, 'slides', 'notes.txt', Buffer.from('x'))).body.message).toBe(
      'File type not supported. Accepted types: .pptx, .pdf, .png, .jpg, .jpeg',
    );
  });

  it("should refuse a file over the plan's limit (10 MB on the trial) and an empty file", async () => {
    const me = await register();
    const big = await upload(me.auth, 'script', 'big.txt', Buffer.alloc(11 * 1024 * 1024, 0x61));
    expect(big.status).toBe(413);
    expect(big.body.message).toMatch(/^File size \(.+\) exceeds maximum allowed size \(10 MB\)$/);
    expect((await upload(me.auth, 'script', 'empty.txt', Buffer.alloc(0))).body.message).toBe('The file is empty.');
    expect(storedFiles(me.companyId)).toHaveLength(0);
  });

  it('should refuse an upload without a session or into a foreign company', async () => {
    const me = await register();
    const other = await register();
    expect((await upload({}, 'script', 'a.txt', Buffer.from('x'))).status).toBe(401);
    const form = new FormData();
    form.append('kind', 'script');
    form.append('company_id', other.companyId);
    form.append('file', new Blob([Buffer.from('hello')]), 'a.txt');
    const res = await fetch(`${h.baseUrl}/api/uploads`, { method: 'POST', body: form, headers: me.auth });
    expect(res.status).toBe(404);
    expect(storedFiles(other.companyId)).toHaveLength(0);
  });
});
