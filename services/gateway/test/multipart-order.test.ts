// Multipart bodies whose text fields come in any order relative to the file (part 1 section 7
// lists the file first, and so does a browser FormData with the file appended first). Bodies are
// built by hand so the order of the parts is exactly the one under test.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, storageFiles, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await sharedHarness();
}, 60_000);

type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer };

function multipart(parts: Part[]) {
  const boundary = `----trainwright${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = 'bytes' in part;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file ? `; filename="${part.filename}"\r\nContent-Type: application/octet-stream` : ''}\r\n\r\n`,
      ),
      file ? part.bytes : Buffer.from(part.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function post(path: string, who: Account, parts: Part[]) {
  const { body, contentType } = multipart(parts);
  const response = await fetch(`${h.baseUrl}${path}`, { method: 'POST', body, headers: { ...who.auth, 'content-type': contentType } });
  return { status: response.status, body: (await response.json()) as any };
}

const filesUnder = (...path: string[]) => storageFiles(h, ...path);

const uploadsOf = (companyId: string) => filesUnder('companies', companyId, 'uploads');
/** Files spooled while their fields were unknown: none may outlive the request. */
const spooled = () => filesUnder('tmp');

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const GUIDE = Buffer.from(
  [
    '# Forklift Safety',
    '',
    '## Daily checks',
    'A pre-use check is an inspection of forks, chains, tyres and brakes before every shift.',
    'A forklift with a fault must be tagged out of service at once.',
    '',
    '## Loading',
    'The load centre is the distance from the fork face to the centre of the load.',
    'Never lift a load heavier than the rated capacity shown on the data plate.',
    '',
    '## Pedestrians',
    'Pedestrians keep to the marked walkways and make eye contact before crossing an aisle.',
    '',
  ].join('\n'),
);

describe('POST /api/uploads with the file before the fields', () => {
  it('should store the file and attach it to a project', async () => {
    const me = await register(h, 'Fern First');
    const res = await post('/api/uploads', me, [
      { name: 'file', filename: 'Induction.pdf', bytes: PDF },
      { name: 'kind', value: 'script' },
      { name: 'company_id', value: me.companyId },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'script', filename: 'Induction.pdf', size: PDF.length, content_type: 'application/pdf' });
    expect(uploadsOf(me.companyId)).toHaveLength(1);
    expect(spooled()).toEqual([]);

    const created = await call(h, 'POST', '/api/projects', me, { title: 'File first', input_method: 'file', file_ids: [res.body.id] });
    expect(created.statusCode).toBe(201);
    const project = (await call(h, 'GET', `/api/projects/${created.json().id}`, me)).json();
    expect(project.files).toEqual([{ id: res.body.id, kind: 'script', filename: 'Induction.pdf', size: PDF.length, content_type: 'application/pdf' }]);
  });

  it('should refuse a wrong extension, a mismatched content and a missing kind, keeping nothing', async () => {
    const me = await register(h, 'Wes Wrong');
    const exe = await post('/api/uploads', me, [
      { name: 'file', filename: 'run.exe', bytes: Buffer.from('MZ') },
      { name: 'kind', value: 'script' },
    ]);
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe('File type not supported. Accepted types: .txt, .docx, .pdf');

    const fake = await post('/api/uploads', me, [
      { name: 'file', filename: 'fake.pdf', bytes: Buffer.from('plain text, not a PDF') },
      { name: 'kind', value: 'script' },
    ]);
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('The file content does not match its extension');

    // The fields never arrive, or arrive without the kind.
    for (const parts of [[{ name: 'file', filename: 'a.pdf', bytes: PDF }], [{ name: 'file', filename: 'a.pdf', bytes: PDF }, { name: 'company_id', value: me.companyId }]]) {
      const res = await post('/api/uploads', me, parts);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'kind must be one of script, slides, document, refresh' });
    }
    expect(uploadsOf(me.companyId)).toEqual([]);
    expect(spooled()).toEqual([]);
  });

  it("should refuse a file over the plan's limit with the size message, leaving no file in storage", async () => {
    const me = await register(h, 'Tara Trial');
    const res = await post('/api/uploads', me, [
      { name: 'file', filename: 'big.txt', bytes: Buffer.alloc(11 * 1024 * 1024, 0x61) },
      { name: 'kind', value: 'script' },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size (11 MB) exceeds maximum allowed size (10 MB)');
    expect(uploadsOf(me.companyId)).toEqual([]);
    expect(spooled()).toEqual([]);
  });

  it('should store the file in the company a company_id sent after the file names, and refuse a foreign one', async () => {
    const me = await register(h, 'Cass Company');
    const other = await register(h, 'Olly Other');
    const foreign = await post('/api/uploads', me, [
      { name: 'kind', value: 'script' },
      { name: 'file', filename: 'a.pdf', bytes: PDF },
      { name: 'company_id', value: other.companyId },
    ]);
    expect(foreign.status).toBe(404);
    expect(uploadsOf(me.companyId)).toEqual([]);
    expect(uploadsOf(other.companyId)).toEqual([]);
    expect(spooled()).toEqual([]);
  });

  it('should leave no file behind when the upload is aborted half way', async () => {
    const me = await register(h, 'Abe Aborted');
    for (const fieldsFirst of [false, true]) {
      const fields: Part[] = [{ name: 'kind', value: 'script' }];
      const file: Part = { name: 'file', filename: 'long.txt', bytes: Buffer.alloc(4 * 1024 * 1024, 0x62) };
      const { body, contentType } = multipart(fieldsFirst ? [...fields, file] : [file, ...fields]);
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${h.baseUrl}/api/uploads`, {
          method: 'POST',
          headers: { ...me.auth, 'content-type': contentType, 'content-length': String(body.length) },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        // Half the file, then the connection drops.
        req.write(body.subarray(0, body.length / 2), () => setTimeout(() => req.destroy(), 200));
      });
      await eventually(async () => uploadsOf(me.companyId).length === 0 && spooled().length === 0, 5000);
    }
  });
});

describe('POST /api/ai-content-generator/upload-projects with the file before the fields', () => {
  it('should create a project from the document and generate it (the order of part 1 section 7)', async () => {
    const me = await register(h, 'Gil Guide', 'business');
    const res = await post('/api/ai-content-generator/upload-projects', me, [
      { name: 'file', filename: 'Forklift Safety.txt', bytes: GUIDE },
      { name: 'generator_type', value: 'document_analysis' },
      { name: 'request_data', value: JSON.stringify({ create_glossary: true }) },
      { name: 'project_name', value: 'Forklift induction' },
      { name: 'branding', value: JSON.stringify({ company_name: 'Lift Co' }) },
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Forklift induction', file: { filename: 'Forklift Safety.txt', size: GUIDE.length } });
    expect(uploadsOf(me.companyId)).toHaveLength(1);
    expect(spooled()).toEqual([]);
    const project = await eventually(async () => {
      const p = (await call(h, 'GET', `/api/projects/${res.body.project_id}`, me)).json();
      return ['completed', 'failed'].includes(p.status) ? p : undefined;
    }, 60_000);
    expect(project.status).toBe('completed');
    expect(project.branding.company_name).toBe('Lift Co');
    expect(project.generated_content.slides.slide_content).toContain('Daily checks');
  }, 70_000);

  it('should refuse a wrong extension with the accepted types, keeping nothing', async () => {
    const me = await register(h, 'Xavi Ext', 'business');
    const res = await post('/api/ai-content-generator/upload-projects', me, [
      { name: 'file', filename: 'slides.pptx', bytes: PDF },
      { name: 'generator_type', value: 'document_analysis' },
      { name: 'project_name', value: 'Wrong type' },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File type not supported. Accepted types: .pdf, .doc, .docx, .txt, .rtf');
    expect(uploadsOf(me.companyId)).toEqual([]);
    expect(spooled()).toEqual([]);
  });

  it("should refuse files over the plan's limit, also those cut off while streaming, naming their real size", async () => {
    const me = await register(h, 'Tess Trial');
    for (const [mb, status] of [
      [12, 413],
      // Over the largest limit any generator kind allows: cut off while it streams.
      [101, 413],
    ] as const) {
      const res = await post('/api/ai-content-generator/upload-projects', me, [
        { name: 'file', filename: 'big.txt', bytes: Buffer.alloc(mb * 1024 * 1024, 0x61) },
        { name: 'generator_type', value: 'assessment_generator' },
        { name: 'project_name', value: 'Too big' },
      ]);
      expect(res.status).toBe(status);
      expect(res.body.message).toBe(`File size (${mb} MB) exceeds maximum allowed size (10 MB)`);
    }
    expect(uploadsOf(me.companyId)).toEqual([]);
    expect(spooled()).toEqual([]);
  }, 60_000);

  it('should refuse a body without generator_type, or with a method that takes no file, keeping nothing', async () => {
    const me = await register(h, 'Nia Nofields', 'business');
    const none = await post('/api/ai-content-generator/upload-projects', me, [{ name: 'file', filename: 'guide.txt', bytes: GUIDE }]);
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('generator_type is not a generator method');
    const topic = await post('/api/ai-content-generator/upload-projects', me, [
      { name: 'file', filename: 'guide.txt', bytes: GUIDE },
      { name: 'generator_type', value: 'topic_to_content' },
      { name: 'project_name', value: 'No file wanted' },
    ]);
    expect(topic.status).toBe(400);
    expect(topic.body.message).toBe('This generator method does not take a file.');
    expect(uploadsOf(me.companyId)).toEqual([]);
    expect(spooled()).toEqual([]);
  });
});
