// The AI content generator through the real gateway: both calls, every method, plan gates, bad
// input and unsafe URLs, with the generator's real worker running jobs on the real queue.
import { createServer, type Server } from 'node:http';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { call, eventually, register, type Account } from './accounts.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
let article: Server;
let forbidden: Server;
let forbiddenHits = 0;
let articleOrigin = '';
let forbiddenOrigin = '';

const ARTICLE = `<!doctype html><html><head><title>Ladder Safety</title></head><body>
<nav>Home | Products | Cookie settings</nav>
<article><h1>Ladder Safety at Work</h1>
<p>A ladder inspection is a check of rails, rungs and feet before each use. Damaged ladders must be taken out of service at once.</p>
<h2>Choosing the right ladder</h2>
<p>Step ladders are used for work at low heights. Extension ladders reach roofs and must extend one metre above the landing.</p>
<p>The duty rating is the maximum load a ladder can carry safely, including the worker and tools.</p>
<h2>Setting up</h2>
<p>Place the base one metre out for every four metres of height. The ground must be firm and level before anyone climbs.</p>
<ul><li>Keep three points of contact</li><li>Never stand on the top rung</li></ul>
</article><footer>Copyright Example Corp. Subscribe to our newsletter.</footer></body></html>`;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)));
}

beforeAll(async () => {
  forbidden = createServer((_req, res) => {
    forbiddenHits += 1;
    res.end('internal secrets');
  });
  forbiddenOrigin = await listen(forbidden);
  article = createServer((req, res) => {
    if (req.url === '/redirect-internal') {
      res.writeHead(302, { location: `${forbiddenOrigin}/admin` });
      return res.end();
    }
    if (req.url === '/redirect-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(ARTICLE);
  });
  articleOrigin = await listen(article);
  // A stack of its own: the generator is allowed this file's local article server as an origin.
  h = await startHarness('generator', {
    RATE_LIMIT_REGISTER_MAX: '1000',
    RATE_LIMIT_LOGIN_MAX: '1000',
    // The article server is an operator-allowed origin; the other local server is not.
    URL_FETCH_ALLOW_ORIGINS: articleOrigin,
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
  article?.close();
  forbidden?.close();
});

async function generate(who: Account, generatorType: string, requestData: unknown, extra: Record<string, unknown> = {}) {
  return call(h, 'POST', '/api/ai-content-generator/projects', who, { generator_type: generatorType, request_data: requestData, project_name: `${generatorType} project`, ...extra });
}

async function uploadProject(who: Account, generatorType: string, requestData: unknown, file: { name: string; bytes: Buffer }, projectName = 'From a document') {
  const form = new FormData();
  form.append('generator_type', generatorType);
  form.append('request_data', JSON.stringify(requestData));
  form.append('project_name', projectName);
  form.append('branding', JSON.stringify({ company_name: 'Docs Inc' }));
  form.append('file', new Blob([file.bytes]), file.name);
  const response = await fetch(`${h.baseUrl}/api/ai-content-generator/upload-projects`, { method: 'POST', body: form, headers: who.auth });
  return { status: response.status, body: (await response.json()) as any };
}

/** Waits for the job to finish and returns the project. */
async function finished(who: Account, id: string, timeoutMs = 20_000) {
  return eventually(async () => {
    const project = (await call(h, 'GET', `/api/projects/${id}`, who)).json();
    return ['completed', 'failed'].includes(project.status) ? project : undefined;
  }, timeoutMs);
}

function storedUploads(companyId: string): string[] {
  const dir = join(h.storageDir, 'companies', companyId, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function trainingPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const sections: Array<[string, string[]]> = [
    ['Fire Safety Basics', ['A fire needs heat, fuel and oxygen to burn.', 'Removing any one of the three puts the fire out.']],
    ['Fire Extinguishers', ['A water extinguisher is used on paper and wood fires.', 'A carbon dioxide extinguisher is used on electrical fires.']],
    ['Evacuation', ['The assembly point is the car park north of the building.', 'Fire wardens check every room before leaving.']],
  ];
  for (const [heading, lines] of sections) {
    const page = pdf.addPage([595, 842]);
    page.drawText(heading, { x: 50, y: 780, size: 22, font: bold });
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font }));
  }
  return Buffer.from(await pdf.save());
}

async function trainingDocx(): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ text: 'Customer Service Handbook', heading: HeadingLevel.TITLE }),
          new Paragraph({ text: 'Greeting customers', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('A greeting is the first words a customer hears from the team. Greet every customer within ten seconds of arrival.'),
          new Paragraph({ text: 'Handling complaints', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('A complaint is a statement that something is unsatisfactory. Listen to the whole complaint before you answer.'),
          new Paragraph({ text: 'Closing the conversation', heading: HeadingLevel.HEADING_1 }),
          new Paragraph('A follow-up is a message sent after the visit. Thank the customer and confirm the next step.'),
        ],
      },
    ],
  });
  return Buffer.from(await Packer.toBuffer(doc));
}

describe('POST /api/ai-content-generator/projects', () => {
  it('should generate topic_to_content with the offline engine, with progress, content and a quality score', async () => {
    const me = await register(h, 'Tess Topic');
    const res = await generate(me, 'topic_to_content', {
      topic: 'Forklift safety',
      subtopics: 'Daily checks\nLoad limits\n\nPedestrian zones',
      learning_objectives: ['Perform a daily forklift check'],
      target_audience: 'beginners',
    });
    expect(res.statusCode).toBe(201);
    const { project_id: id } = res.json();
    const project = await finished(me, id);
    expect(project.status).toBe('completed');
    expect(project.project_type).toBe('ai_content_generator');
    expect(project.generator_type).toBe('topic_to_content');
    expect(project.request_data.subtopics).toEqual(['Daily checks', 'Load limits', 'Pedestrian zones']);
    expect(project.progress).toMatchObject({ analyzing: 100, generating_content: 100 });
    const content = project.generated_content;
    expect(content.engine).toBe('offline');
    expect(content.notices.join(' ')).toMatch(/offline/i);
    for (const subtopic of ['Daily checks', 'Load limits', 'Pedestrian zones']) expect(content.slides.slide_content).toContain(`## ${subtopic}`);
    expect(content.script).toContain('[SCENE:');
    expect(project.quality_score).toBeGreaterThan(0);
    expect(project.quality_score).toBeLessThanOrEqual(100);
    expect(project.engagement_prediction).toBeGreaterThan(0);
  });

  it('should refuse missing required fields with the specification messages', async () => {
    const me = await register(h, 'Vera Valid', 'enterprise');
    const cases: Array<[string, unknown, string, string]> = [
      ['topic_to_content', { topic: '  ' }, 'request_data.topic', 'Topic is required'],
      ['url_content', {}, 'request_data.url', 'URL is required'],
      ['url_content', { url: 'not a url' }, 'request_data.url', 'Please enter a valid URL (http or https)'],
      ['learning_path', { main_topic: '' }, 'request_data.main_topic', 'Main topic is required'],
      ['document_analysis', {}, 'file', 'Please upload a document file for analysis.'],
      ['assessment_generator', { content_source: '' }, 'request_data.content_source', 'Please provide content source (upload file or paste text) for assessment generation.'],
      ['content_refresh', {}, 'request_data.existing_content', 'Please provide existing content (upload file or paste text) for refresh.'],
      ['topic_to_content', { topic: 'x', length: 'huge' }, 'request_data.length', 'length must be one of short, medium, long, extended'],
      ['topic_to_content', { topic: 'x', colour: 'red' }, 'request_data.colour', 'colour is not a field of topic_to_content'],
    ];
    for (const [type, data, field, message] of cases) {
      const res = await generate(me, type, data);
      expect({ type, status: res.statusCode, body: res.json() }).toMatchObject({ type, status: 400, body: { code: 'VALIDATION_FAILED', message, detail: { field } } });
    }
    expect((await generate(me, 'mind_reading', { topic: 'x' })).statusCode).toBe(400);
    const list = (await call(h, 'GET', '/api/projects', me)).json();
    expect(list.projects.filter((p: { is_sample?: boolean; title: string }) => p.title !== 'Welcome Training')).toHaveLength(0);
  });

  it("should refuse methods outside the plan with 403 naming the plan that has them", async () => {
    const trial = await register(h, 'Trina Trial');
    const res = await generate(trial, 'url_content', { url: 'https://example.com/' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: 'URL extraction requires the Professional plan or higher.' });
    const business = await register(h, 'Bea Business', 'business');
    const path = await generate(business, 'learning_path', { main_topic: 'Leadership' });
    expect(path.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', message: 'Learning path architect requires the Enterprise plan or higher.' });
    const pro = await register(h, 'Paul Pro', 'professional');
    const doc = await uploadProject(pro, 'document_analysis', {}, { name: 'guide.pdf', bytes: await trainingPdf() });
    expect(doc.status).toBe(403);
    expect(doc.body.message).toBe('Document intelligence requires the Business plan or higher.');
    expect(storedUploads(pro.companyId)).toHaveLength(0);
  });

  it('should refuse URLs to loopback, private, link-local and metadata addresses without a request', async () => {
    const me = await register(h, 'Uri Url', 'professional');
    const port = new URL(forbiddenOrigin).port;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://[::1]:${port}/`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      `http://2130706433:${port}/`,
      `http://localhost:${port}/`,
    ]) {
      const res = await generate(me, 'url_content', { url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json().message).toMatch(/not allowed/);
    }
    expect(forbiddenHits).toBe(0);
  });

  it('should fail the job with a clear message when an allowed page redirects to an internal address', async () => {
    const me = await register(h, 'Rita Redirect', 'professional');
    for (const path of ['/redirect-internal', '/redirect-metadata']) {
      const res = await generate(me, 'url_content', { url: `${articleOrigin}${path}` });
      expect(res.statusCode).toBe(201);
      const project = await finished(me, res.json().project_id);
      expect(project.status).toBe('failed');
      expect(project.error).toMatch(/not allowed/);
      expect(project.generated_content).toBeNull();
    }
    expect(forbiddenHits).toBe(0);
  });

  it('should turn an allowed web article into content, without the page boilerplate', async () => {
    const me = await register(h, 'Una Url', 'professional');
    const res = await generate(me, 'url_content', { url: `${articleOrigin}/ladders`, transform_to: 'slides' });
    const project = await finished(me, res.json().project_id);
    expect(project.status).toBe('completed');
    const slides: string = project.generated_content.slides.slide_content;
    expect(slides).toContain('## Choosing the right ladder');
    expect(slides).toContain('## Setting up');
    expect(slides).not.toMatch(/Cookie settings|newsletter/);
  });

  it('should make an assessment from pasted text with exactly one correct option per question', async () => {
    const me = await register(h, 'Abe Assess', 'professional');
    const text = [
      'Fire safety',
      '',
      'A fire needs heat, fuel and oxygen to burn. A water extinguisher is used on paper and wood fires.',
      'A carbon dioxide extinguisher is used on electrical fires. The assembly point is the north car park.',
      'Fire wardens check every room before leaving. Fire doors must be kept closed at all times.',
      'A smoke detector is tested every month. Evacuation drills take place twice a year.',
    ].join('\n');
    const res = await generate(me, 'assessment_generator', { content_source: text, question_count: 5, assessment_types: ['multiple_choice', 'true_false'] });
    expect(res.statusCode).toBe(201);
    const project = await finished(me, res.json().project_id);
    expect(project.status).toBe('completed');
    const questions = project.generated_content.questions as Array<{ options: Array<{ is_correct: boolean }>; source: string }>;
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.length).toBeLessThanOrEqual(5);
    for (const q of questions) {
      expect(q.options.filter((o) => o.is_correct)).toHaveLength(1);
      expect(text.replace(/\n/g, ' ')).toContain(q.source);
    }
  });

  it('should refresh pasted content and build a learning path on the plans that have them', async () => {
    const business = await register(h, 'Rex Refresh', 'business');
    const refresh = await generate(business, 'content_refresh', {
      existing_content: 'Email etiquette\n\nIn order to utilize e-mail well, staff should reply within one day. A signature block lists name, role and phone number.',
    });
    const refreshed = await finished(business, refresh.json().project_id);
    expect(refreshed.status).toBe('completed');
    const text = refreshed.generated_content.slides.slide_content + refreshed.generated_content.script;
    expect(text).not.toMatch(/utilize|in order to|e-mail/i);
    expect(text).toContain('To use email well');
    expect(text).toContain('signature block');
    expect(refreshed.generated_content.notices.join(' ')).toMatch(/"utilize" -> "use"/);

    const enterprise = await register(h, 'Lena Path', 'enterprise');
    const path = await generate(enterprise, 'learning_path', { main_topic: 'Data privacy', module_count: 7, skill_level_start: 'basic', skill_level_target: 'advanced' });
    const built = await finished(enterprise, path.json().project_id);
    expect(built.status).toBe('completed');
    expect(built.generated_content.modules).toHaveLength(7);
  });
});

describe('POST /api/ai-content-generator/upload-projects', () => {
  it('should analyse an uploaded PDF into slides that follow its headings', async () => {
    const me = await register(h, 'Dora Docs', 'business');
    const res = await uploadProject(me, 'document_analysis', { create_glossary: true }, { name: 'Fire Safety.pdf', bytes: await trainingPdf() });
    expect(res.status).toBe(201);
    expect(res.body.file).toMatchObject({ filename: 'Fire Safety.pdf' });
    const project = await finished(me, res.body.project_id);
    expect(project.status).toBe('completed');
    expect(project.branding.company_name).toBe('Docs Inc');
    const slides: string = project.generated_content.slides.slide_content;
    const order = ['## Fire Safety Basics', '## Fire Extinguishers', '## Evacuation'].map((t) => slides.indexOf(t));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('should generate an assessment from an uploaded docx', async () => {
    const me = await register(h, 'Quinn Quiz', 'professional');
    const res = await uploadProject(me, 'assessment_generator', { question_count: 5 }, { name: 'handbook.docx', bytes: await trainingDocx() });
    expect(res.status).toBe(201);
    const project = await finished(me, res.body.project_id);
    expect(project.status).toBe('completed');
    expect(project.generated_content.questions.length).toBeGreaterThan(0);
  });

  it('should refresh an uploaded RTF document', async () => {
    const me = await register(h, 'Rory Rtf', 'business');
    const rtf = Buffer.from(
      '{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0 Arial;}}\\f0 Meeting rooms\\par\\par In order to book a room, staff utilize the e-mail form. The booking desk confirms every request within one hour.\\par}',
    );
    const res = await uploadProject(me, 'content_refresh', { modernize_language: true }, { name: 'rooms.rtf', bytes: rtf });
    expect(res.status).toBe(201);
    const project = await finished(me, res.body.project_id);
    expect(project.status).toBe('completed');
    const text = project.generated_content.slides.slide_content + project.generated_content.script;
    expect(text).toContain('booking desk confirms every request within one hour');
    expect(text).not.toMatch(/utilize|e-mail/);
  });

  it('should refuse a .pdf that is not a PDF and an empty file, keeping nothing', async () => {
    const me = await register(h, 'Fay Fake', 'business');
    const fake = await uploadProject(me, 'document_analysis', {}, { name: 'report.pdf', bytes: Buffer.from('just some text pretending') });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('The file content does not match its extension');
    const empty = await uploadProject(me, 'document_analysis', {}, { name: 'empty.txt', bytes: Buffer.alloc(0) });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The file is empty.');
    expect(storedUploads(me.companyId)).toHaveLength(0);
  });

  it("should refuse a 50 MB text file on a plan with a 10 MB upload limit", async () => {
    const me = await register(h, 'Tim Trial');
    const res = await uploadProject(me, 'assessment_generator', {}, { name: 'big.txt', bytes: Buffer.alloc(50 * 1024 * 1024, 'a') });
    expect([400, 413]).toContain(res.status);
    expect(res.body.message).toBe('File size (50 MB) exceeds maximum allowed size (10 MB)');
    expect(storedUploads(me.companyId)).toHaveLength(0);
  });

  it('should fail a docx with an external entity and a zip bomb with clear messages', async () => {
    const me = await register(h, 'Xena Xxe', 'business');
    const docx = await trainingDocx();
    const xxe = await JSZip.loadAsync(docx);
    xxe.file(
      'word/document.xml',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>',
    );
    const res = await uploadProject(me, 'document_analysis', {}, { name: 'xxe.docx', bytes: await xxe.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }) });
    expect(res.status).toBe(201);
    const failed = await finished(me, res.body.project_id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/DTD|external entit/i);
    // The reason by its catalogue id too, for the web to show in the user's language.
    expect(failed).toMatchObject({ error_message_id: 'generation.dtdRefused', error_params: [] });
    expect(JSON.stringify(failed)).not.toContain('root:x:0');

    const bomb = await JSZip.loadAsync(docx);
    bomb.file('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' + ' '.repeat(100 * 1024 * 1024) + '</w:body></w:document>');
    const bombBytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
    const bombRes = await uploadProject(me, 'document_analysis', {}, { name: 'bomb.docx', bytes: bombBytes });
    expect(bombRes.status).toBe(201);
    const bombed = await finished(me, bombRes.body.project_id);
    expect(bombed.status).toBe('failed');
    expect(bombed.error).toMatch(/too large|unpack/i);
  }, 60_000);
});

describe('projects of the classic types', () => {
  it('should generate a script_to_slides project through the same job', async () => {
    const me = await register(h, 'Sam Script');
    const res = await call(h, 'POST', '/api/projects', me, {
      title: 'Onboarding',
      project_type: 'script_to_slides',
      script_content: '[SCENE: Welcome]\nNARRATOR: Welcome to the team. Your badge opens the front door.\n[SCENE: Safety]\nNARRATOR: The first aid kit is in the kitchen.',
    });
    const project = await finished(me, res.json().id);
    expect(project.status).toBe('completed');
    expect(project.generated_content.slides.slide_content).toContain('## Welcome');
    expect(project.generated_content.slides.slide_content).toContain('## Safety');
  });
});
