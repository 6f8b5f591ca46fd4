// The company library through the gateway (docs/library.md): documents added as a file, a text
// and refused when bad; search with highlights; a topic generated from the library cites its
// passages; another company holding the same topic never sees them; a topic the library says
// nothing about says so.
import { randomUUID } from 'node:crypto';
import { LIBRARY_MESSAGES, storageLimitBytes } from '@trainwright/catalogue';
import { parseSlideText } from '@trainwright/formats';
import { addMember, call, eventually, register, type Account } from './accounts.js';
import { sharedHarness, type Harness } from './harness.js';

const FORKLIFT = `Forklift Safety Manual

Pre-use inspection
Every shift starts with a pre-use inspection of the forklift. Check the forks, chains and mast for cracks or bends before you drive. Test the brakes, the steering and the horn. If anything is damaged, tag the forklift out of service and report it to your supervisor.

Load handling
Check the weight of every load against the capacity plate before you lift it. Never exceed the rated capacity of 2,500 kg. Carry loads low, about 15 cm above the floor, with the mast tilted back. Travel in reverse when a load blocks your forward view.

Pedestrians
Pedestrians have the right of way in the warehouse. Make eye contact with anyone near your forklift path before you move. Never let anyone ride on the forks or stand under a raised load.`;

const FIRE = `Fire safety starts with prevention. Keep fire exits and corridors clear of pallets at all times. Store flammable liquids in the marked metal cabinets, never near heaters.

When the fire alarm sounds, stop work and leave by the nearest exit. Do not use the lifts during a fire alarm. Go to the assembly point in the north car park and report to your fire warden.

Use a carbon dioxide extinguisher on electrical fires and a water extinguisher on paper and wood fires. Never fight a fire that is spreading: leave the building and call the fire brigade.`;

let h: Harness;
let owner: Account;

beforeAll(async () => {
  h = await sharedHarness();
  owner = await register(h, 'Libby Owner', 'business');
}, 120_000);

async function addFile(who: Account, name: string, text: string | Buffer, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([text]), name);
  const response = await fetch(`${h.baseUrl}/api/library/documents`, { method: 'POST', body: form, headers: who.auth });
  return { status: response.status, body: (await response.json()) as any };
}

const addJson = (who: Account, body: unknown) => call(h, 'POST', '/api/library/documents', who, body);
const search = (who: Account, q: string) => call(h, 'GET', `/api/library/search?q=${encodeURIComponent(q)}`, who);

async function generateTopic(who: Account, topic: string, extra: Record<string, unknown> = {}) {
  const created = await call(h, 'POST', '/api/ai-content-generator/projects', who, {
    generator_type: 'topic_to_content',
    project_name: topic,
    request_data: { topic, ...extra },
  });
  expect(created.statusCode).toBe(201);
  return eventually(async () => {
    const project = (await call(h, 'GET', `/api/projects/${created.json().project_id}`, who)).json();
    return ['completed', 'failed'].includes(project.status) ? project : undefined;
  }, 30_000);
}

/** A project's library_material as the list (which leaves its content out) answers it. */
async function listedMaterial(who: Account, projectId: string) {
  const list = (await call(h, 'GET', '/api/projects?page_size=100', who)).json();
  return list.projects.find((p: { id: string }) => p.id === projectId)?.library_material;
}

describe('the company library', () => {
  let forkliftId = '';

  it('should index a file and a text, list them and find passages with highlights', async () => {
    const file = await addFile(owner, 'forklift-manual.txt', FORKLIFT, { title: 'Forklift Safety Manual' });
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({ title: 'Forklift Safety Manual', kind: 'file', source: 'forklift-manual.txt', language: 'en', size: Buffer.byteLength(FORKLIFT) });
    expect(file.body.passages).toBeGreaterThanOrEqual(3);
    forkliftId = file.body.id;
    const text = await addJson(owner, { title: 'Fire safety policy', text: FIRE });
    expect(text.statusCode).toBe(201);
    expect(text.json()).toMatchObject({ title: 'Fire safety policy', kind: 'text', source: '', size: Buffer.byteLength(FIRE) });

    const list = await call(h, 'GET', '/api/library/documents', owner);
    expect(list.json().documents.map((d: { title: string }) => d.title)).toEqual(['Fire safety policy', 'Forklift Safety Manual']);
    expect(list.json()).toMatchObject({ total: 2, total_size: Buffer.byteLength(FORKLIFT) + Buffer.byteLength(FIRE), page: 1, page_size: 50 });
    // Pages of the list: the count and the bytes stay the whole library's.
    const second = (await call(h, 'GET', '/api/library/documents?page=2&page_size=1', owner)).json();
    expect(second).toMatchObject({ total: 2, page: 2, page_size: 1, total_size: list.json().total_size });
    expect(second.documents.map((d: { title: string }) => d.title)).toEqual(['Forklift Safety Manual']);
    for (const bad of ['page=0', 'page_size=101', 'page=99999999999', 'page=abc', 'limit=5'])
      expect({ bad, status: (await call(h, 'GET', `/api/library/documents?${bad}`, owner)).statusCode }).toEqual({ bad, status: 400 });

    const found = await search(owner, 'capacity plate');
    expect(found.statusCode).toBe(200);
    const best = found.json().results[0];
    expect(best).toMatchObject({ document_id: forkliftId, title: 'Forklift Safety Manual', heading: 'Load handling' });
    expect(best.score).toBeGreaterThan(0);
    // The highlights are the passage's own words that match, stemmed: 'capacity', 'plate'.
    const marked = best.highlights.map(([a, b]: [number, number]) => best.passage.slice(a, b).toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(['capacity', 'plate']));
    expect((await search(owner, 'extinguishers')).json().results[0].title).toBe('Fire safety policy');
  });

  it('should build a topic from the library, every content point citing a passage of it', async () => {
    const project = await generateTopic(owner, 'Forklift safety');
    expect(project.status).toBe('completed');
    const content = project.generated_content;
    const deck = parseSlideText(content.slides.slide_content);
    const citations = content.citations as Array<{ slide_index: number; document_id: string; document_title: string; passage: string }>;
    expect(citations.length).toBeGreaterThan(0);
    expect(new Set(citations.map((c) => c.document_id))).toEqual(new Set([forkliftId]));
    for (const c of citations) expect(FORKLIFT.replace(/\s+/g, ' ')).toContain(c.passage.slice(0, 60));
    // Every slide that shows the material's points cites it, and says so in its notes.
    const cited = new Set(citations.map((c) => c.slide_index));
    const contentSlides = deck.slides.map((s, i) => ({ s, i })).filter(({ s }) => /inspection|load|pedestrian/i.test(s.title));
    expect(contentSlides.length).toBeGreaterThanOrEqual(3);
    for (const { s, i } of contentSlides) {
      expect({ title: s.title, cited: cited.has(i) }).toEqual({ title: s.title, cited: true });
      expect(s.notes).toContain('Source: Forklift Safety Manual.');
    }
    expect(content.notices.join(' ')).toMatch(/Built from your company library \(passages cited: \d+\)/);
    expect(project.library_material).toBe('cited');
    expect(await listedMaterial(owner, project.id)).toBe('cited');
  }, 60_000);

  it('should keep each company to its own library, even on the same topic', async () => {
    const other = await register(h, 'Otto Other', 'business');
    const theirs = await addJson(other, { title: 'Our forklift rules', text: 'Forklift safety at Otto Co starts with a licence: every driver must hold one. Forklift speed is limited to 6 km/h in our yard. Forklift keys are kept in the shift office.' });
    expect(theirs.statusCode).toBe(201);
    const ownIds = (await search(other, 'forklift')).json().results.map((r: { document_id: string }) => r.document_id);
    expect(new Set(ownIds)).toEqual(new Set([theirs.json().id]));
    expect((await search(owner, 'forklift licence yard')).json().results.every((r: { document_id: string }) => r.document_id !== theirs.json().id)).toBe(true);
    const project = await generateTopic(other, 'Forklift safety');
    expect(new Set(project.generated_content.citations.map((c: { document_id: string }) => c.document_id))).toEqual(new Set([theirs.json().id]));
    // Another company's document is not found, to read or to remove.
    expect((await call(h, 'DELETE', `/api/library/documents/${forkliftId}`, other)).statusCode).toBe(404);
    expect((await call(h, 'GET', `/api/library/documents?company_id=${owner.companyId}`, other)).statusCode).toBe(404);
  }, 60_000);

  it('should say so plainly when the library holds nothing about the topic', async () => {
    const project = await generateTopic(owner, 'Customer complaints handling');
    expect(project.status).toBe('completed');
    expect(project.generated_content.citations).toEqual([]);
    expect(project.generated_content.notices).toContain(LIBRARY_MESSAGES.noMaterial);
    expect(project.library_material).toBe('none');
    expect(await listedMaterial(owner, project.id)).toBe('none');
    // Asked not to use the library, a covered topic does not either.
    const unused = await generateTopic(owner, 'Forklift safety', { use_library: false });
    expect(unused.generated_content.citations).toEqual([]);
  }, 60_000);

  it("should keep the material of the company's generations in the library, until their project goes", async () => {
    const material =
      'Ladder safety at the depot. Inspect the stiles, rungs and feet before every climb. Keep three points of contact on the ladder at all times. ' +
      'Never stand on the top three rungs, and never carry loads heavier than ten kilograms up a ladder. Set the base one metre out for every four metres of height.';
    const created = await call(h, 'POST', '/api/ai-content-generator/projects', owner, {
      generator_type: 'assessment_generator',
      project_name: 'Ladder quiz',
      request_data: { content_source: material, question_count: 5 },
    });
    expect(created.statusCode).toBe(201);
    const projectId = created.json().project_id;
    const kept = await eventually(async () => {
      const docs = (await call(h, 'GET', '/api/library/documents', owner)).json().documents as Array<{ id: string; project_id: string | null; title: string; kind: string }>;
      return docs.find((d) => d.project_id === projectId);
    }, 30_000);
    expect(kept).toMatchObject({ title: 'Ladder quiz', kind: 'text' });
    const found = (await search(owner, 'rungs ladder')).json().results as Array<{ document_id: string }>;
    expect(found.map((r) => r.document_id)).toContain(kept.id);
    // Not counted again against the plan's storage: the project's own material.
    expect((await call(h, 'DELETE', `/api/projects/${projectId}`, owner)).statusCode).toBe(204);
    const docs = (await call(h, 'GET', '/api/library/documents', owner)).json().documents as Array<{ id: string }>;
    expect(docs.map((d) => d.id)).not.toContain(kept.id);
  }, 60_000);

  it('should let Viewers search but only Editors add and remove', async () => {
    const viewer = await register(h, 'Vic Viewer');
    await addMember(h, owner.companyId, viewer, 'viewer');
    const asViewer = (path: string) => `${path}${path.includes('?') ? '&' : '?'}company_id=${owner.companyId}`;
    await eventually(async () => (await call(h, 'GET', asViewer('/api/library/documents'), viewer)).statusCode === 200, 10_000);
    expect((await call(h, 'GET', asViewer('/api/library/search?q=forklift'), viewer)).json().results.length).toBeGreaterThan(0);
    expect((await addJson(viewer, { company_id: owner.companyId, title: 'Mine', text: 'A viewer cannot add this text to the library.' })).statusCode).toBe(403);
    expect((await call(h, 'DELETE', `/api/library/documents/${forkliftId}`, viewer)).statusCode).toBe(403);
  }, 30_000);

  it('should refuse bad documents and searches with clear answers', async () => {
    const bad = async (body: unknown, status: number, messageId?: string) => {
      const res = await addJson(owner, body);
      expect({ body: JSON.stringify(body).slice(0, 80), status: res.statusCode }).toEqual({ body: JSON.stringify(body).slice(0, 80), status });
      if (messageId) expect(res.json().message_id).toBe(messageId);
    };
    await bad({}, 400, 'library.sourceRequired');
    await bad({ title: 'Empty', text: '   ' }, 400, 'library.textRequired');
    // Text with no sentences: nothing to search or build from.
    await bad({ title: 'Numbers', text: '12 34 56\n78 90 12\n3.5 4.5 -7' }, 400, 'library.noReadableText');
    await bad({ url: 'ftp://example.com/a' }, 400);
    await bad({ url: 'http://127.0.0.1:9/private' }, 400);
    await bad({ title: 'x', text: 'A text.', extra: 1 }, 400);
    await bad({ title: 'x', text: 42 }, 400);
    await bad({ title: 'x'.repeat(500), text: 'A text about ladders and their safe use.' }, 400);
    expect((await addFile(owner, 'tool.exe', 'MZ binary')).status).toBe(400);
    expect((await search(owner, 'a')).json().message_id).toBe('library.queryTooShort');
    expect((await search(owner, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await call(h, 'DELETE', `/api/library/documents/${randomUUID()}`, owner)).statusCode).toBe(404);
    expect((await call(h, 'DELETE', '/api/library/documents/not-an-id', owner)).statusCode).toBe(404);
  });

  it('should refuse a document past the plan storage with 413 and the plan message', async () => {
    const full = await register(h, 'Fay Full');
    const tier = (await call(h, 'GET', '/api/auth/me', full)).json().subscription.tier;
    // The company's uploads already fill the plan's storage.
    await h.project.repository.insertFile({ companyId: full.companyId, kind: 'document', filename: 'big.pdf', size: storageLimitBytes(tier), contentType: 'application/pdf', storageKey: `companies/${full.companyId}/uploads/big.pdf`, createdBy: full.id });
    const text = await addJson(full, { title: 'Ladders', text: 'Ladders must be inspected before every use by the person who climbs them.' });
    expect(text.statusCode).toBe(413);
    expect(text.json().message).toMatch(/plan includes \d+ GB of storage/);
    const file = await addFile(full, 'ladders.txt', 'Ladders must be inspected before every use by the person who climbs them.');
    expect(file.status).toBe(413);
    expect((await call(h, 'GET', '/api/library/documents', full)).json().documents).toEqual([]);
  });

  it('should read a 20 MB text file off the event loop, keeping a bounded number of passages', async () => {
    const paragraph = 'Warehouse racking must be inspected every week by a trained person. Damaged uprights are reported the same day. ';
    const big = Buffer.from(paragraph.repeat(Math.ceil((20 * 1024 * 1024) / paragraph.length)));
    const started = Date.now();
    const pending = addFile(owner, 'racking.txt', big);
    // The gateway and the services keep answering while it is read.
    const health = await call(h, 'GET', '/api/library/documents', owner);
    expect(health.statusCode).toBe(200);
    const added = await pending;
    expect(added.status).toBe(201);
    expect(added.body.passages).toBeGreaterThan(0);
    expect(added.body.passages).toBeLessThanOrEqual(2000);
    expect(Date.now() - started).toBeLessThan(60_000);
    expect((await call(h, 'DELETE', `/api/library/documents/${added.body.id}`, owner)).statusCode).toBe(204);
  }, 90_000);
});
