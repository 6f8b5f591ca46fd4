// The company library's store against the real PostgreSQL (docs/library.md): full-text search in
// each document's language with highlights, the documents that cover a topic, the passages a
// topic is built from, one company never reaching another's, and what counts against storage.
import { randomUUID } from 'node:crypto';
import { createDatabase } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { Kysely } from 'kysely';
import { PROJECT_SCHEMA, migrateProject } from '../src/main.js';
import type { ProjectDatabase } from '../src/repositories/database.js';
import { LibraryRepository, highlightsOf } from '../src/repositories/library.repository.js';
import { ProjectRepository } from '../src/repositories/project.repository.js';
import { heldBytes } from '../src/repositories/storage-quota.js';
import type { NewLibraryDocument } from '../src/services/library/deps.js';
import { passagesForTopic } from '../src/services/library/search-library.js';
import { StorageQuotaReached } from '../src/services/projects/deps.js';
import { newProject } from './fixtures/new-project.fixture.js';

let infra: TestInfra;
let db: Kysely<ProjectDatabase>;
let library: LibraryRepository;
let projects: ProjectRepository;

beforeAll(async () => {
  infra = await createTestInfra('library');
  await migrateProject({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<ProjectDatabase>({ url: infra.databaseUrl, schema: PROJECT_SCHEMA });
  library = new LibraryRepository(db);
  projects = new ProjectRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

function doc(companyId: string, title: string, passages: Array<[heading: string, text: string]>, extra: Partial<NewLibraryDocument> = {}): NewLibraryDocument {
  return {
    companyId,
    fileId: null,
    projectId: null,
    title,
    kind: 'text',
    source: '',
    size: passages.reduce((n, [h, t]) => n + h.length + t.length, 0),
    language: 'en',
    config: 'english',
    passages: passages.map(([heading, text]) => ({ heading, text })),
    createdBy: randomUUID(),
    ...extra,
  };
}

const FORKLIFT: Array<[string, string]> = [
  ['Pre-use inspection', 'Every shift starts with a pre-use inspection of the forklift. Check the forks and the mast.'],
  ['Load handling', 'Check the weight of every load against the capacity plate. Carry loads low with the mast tilted back.'],
  ['Pedestrians', 'Pedestrians have the right of way in the warehouse. Sound the horn at blind corners.'],
];

describe('the library store', () => {
  const company = randomUUID();
  const other = randomUUID();
  let forklift = '';

  beforeAll(async () => {
    forklift = (await library.insert(doc(company, 'Forklift safety manual', FORKLIFT), undefined)).id;
    await library.insert(doc(company, 'Fire safety policy', [['', 'Keep fire exits clear. Carbon dioxide extinguishers are used on electrical fires.']]), undefined);
    await library.insert(doc(company, 'Normas de carretillas', [['Carga', 'Nunca supere la capacidad nominal de la carretilla elevadora.']], { language: 'es', config: 'spanish' }), undefined);
    // Another company's forklift rules: never found from the first.
    await library.insert(doc(other, 'Forklift safety at Other Co', [['Forklift rules', 'Forklift safety at Other Co: forklifts are parked in bay 9.']]), undefined);
  });

  it('should find passages by stemmed words, best first, with the matches marked', async () => {
    const hits = await library.search(company, 'loads capacity', { limit: 5, highlight: true });
    expect(hits[0]).toMatchObject({ title: 'Forklift safety manual', heading: 'Load handling', matched: 2 });
    const marked = hits[0]!.highlights.map(([a, b]) => hits[0]!.text.slice(a, b));
    expect(marked).toEqual(['load', 'capacity', 'loads']);
    // Each document is searched in its own language: Spanish stems match Spanish words.
    expect((await library.search(company, 'capacidades', { limit: 5, highlight: false }))[0]?.title).toBe('Normas de carretillas');
    expect(await library.search(company, 'the of and', { limit: 5, highlight: false })).toEqual([]);
  });

  it('should never reach another company, even on the same words', async () => {
    const hits = await library.search(company, 'forklift bay parked', { limit: 20, highlight: false });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => h.title !== 'Forklift safety at Other Co')).toBe(true);
    const theirs = await library.search(other, 'forklift inspection', { limit: 20, highlight: false });
    expect(new Set(theirs.map((h) => h.title))).toEqual(new Set(['Forklift safety at Other Co']));
    expect(await library.documentsCovering(other, 'Forklift safety')).not.toContain(forklift);
  });

  it('should take a topic only from documents that cover every word of it', async () => {
    expect(await library.documentsCovering(company, 'Forklift safety')).toEqual([forklift]);
    // The forklift manual mentions no fire: it does not cover fire safety for warehouse staff.
    expect(await library.documentsCovering(company, 'Fire safety for warehouse pedestrians')).toEqual([]);
    const passages = await passagesForTopic(library, company, 'Forklift safety', ['Pedestrians']);
    // A document that fits the budget gives every passage, in its own order.
    expect(passages.map((p) => p.heading)).toEqual(['Pre-use inspection', 'Load handling', 'Pedestrians']);
    expect(await passagesForTopic(library, company, 'Customer complaints', [])).toEqual([]);
  });

  it("should count a text's bytes against storage, but not a project's own material, and replace that on the next generation", async () => {
    const owner = randomUUID();
    const c = randomUUID();
    const quota = { ownerUserId: owner, companyIds: [c], bytes: 100 };
    await library.insert(doc(c, 'Sixty', [['', 'x'.repeat(60)]]), quota);
    expect(await heldBytes(db, [c])).toBe(60);
    await expect(library.insert(doc(c, 'Fifty', [['', 'y'.repeat(50)]]), quota)).rejects.toBeInstanceOf(StorageQuotaReached);

    const { id: projectId } = (await projects.insertWithinLimit(newProject(c, owner), -1, [], () => [])) as { id: string };
    await library.replaceProjectSource({ ...doc(c, 'Ladders', [['', 'Inspect the rungs before every climb.']]), projectId, size: 5000 });
    const second = await library.replaceProjectSource({ ...doc(c, 'Ladders', [['', 'Keep three points of contact on a ladder.']]), projectId, size: 5000 });
    expect(await heldBytes(db, [c])).toBe(60);
    const mine = (await library.list(c, { limit: 10, offset: 0 })).rows;
    expect(mine.filter((d) => d.project_id === projectId).map((d) => d.id)).toEqual([second.id]);
    expect((await library.search(c, 'rungs', { limit: 5, highlight: false })).length).toBe(0);
    // The project goes, and its material with it.
    await projects.delete(projectId, []);
    expect((await library.list(c, { limit: 10, offset: 0 })).rows.map((d) => d.title)).toEqual(['Sixty']);
  });

  it('should list a page of the documents, newest first, with the whole library counted', async () => {
    const c = randomUUID();
    for (const title of ['One', 'Two', 'Three']) await library.insert(doc(c, title, [['', `${title} holds the rules for ${title.toLowerCase()} shift workers.`]]), undefined);
    const first = await library.list(c, { limit: 2, offset: 0 });
    expect(first.rows.map((d) => d.title)).toEqual(['Three', 'Two']);
    expect(first.total).toBe(3);
    expect((await library.list(c, { limit: 2, offset: 2 })).rows.map((d) => d.title)).toEqual(['One']);
    expect((await library.list(c, { limit: 2, offset: 4 })).rows).toEqual([]);
    expect(first.totalSize).toBe((await library.list(c, { limit: 10, offset: 0 })).rows.reduce((n, d) => n + Number(d.size), 0));
  });

  it('should remove a document with its passages and its file', async () => {
    const c = randomUUID();
    const fileId = await projects.insertFile({ companyId: c, kind: 'library', filename: 'manual.pdf', size: 1234, contentType: 'application/pdf', storageKey: `companies/${c}/uploads/manual.pdf`, createdBy: randomUUID() });
    expect(await library.unusedLibraryUpload(fileId, c)).toMatchObject({ filename: 'manual.pdf', size: 1234 });
    expect(await library.unusedLibraryUpload(fileId, randomUUID())).toBeUndefined();
    const added = await library.insert(doc(c, 'Manual', [['', 'Wear gloves when handling pallets.']], { fileId, kind: 'file', size: 1234 }), undefined);
    expect(await library.unusedLibraryUpload(fileId, c)).toBeUndefined();
    expect(await heldBytes(db, [c])).toBe(1234);
    expect(await library.delete(added.id)).toBe(`companies/${c}/uploads/manual.pdf`);
    expect(await heldBytes(db, [c])).toBe(0);
    expect(await library.search(c, 'gloves', { limit: 5, highlight: false })).toEqual([]);
  });
});

describe(highlightsOf.name, () => {
  it('should map the marks to ranges of the unmarked text, and give none when the text changed', () => {
    expect(highlightsOf('Carry \u0002loads\u0003 low 🚜 \u0002now\u0003', 'Carry loads low 🚜 now')).toEqual([
      [6, 11],
      [19, 22],
    ]);
    expect(highlightsOf('Carry \u0002loads\u0003', 'Carry  loads')).toEqual([]);
  });
});
