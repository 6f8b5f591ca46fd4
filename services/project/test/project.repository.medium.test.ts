// Medium tests of the project repository against the real PostgreSQL.
import { randomUUID } from 'node:crypto';
import { LIBRARY_MESSAGES } from '@trainwright/catalogue';
import { plainContent } from '@trainwright/formats';
import { createDatabase } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { migrations } from '../migrations/index.js';
import { PROJECT_SCHEMA, migrateProject } from '../src/main.js';
import type { ProjectDatabase } from '../src/repositories/database.js';
import { ProjectRepository, listStatement, newProjectValues } from '../src/repositories/project.repository.js';
import { StorageQuotaReached } from '../src/services/projects/deps.js';
import { newProject as project } from './fixtures/new-project.fixture.js';
import { sql, type Kysely } from 'kysely';

let infra: TestInfra;
let db: Kysely<ProjectDatabase>;
let repo: ProjectRepository;

beforeAll(async () => {
  infra = await createTestInfra('project_repo');
  await migrateProject({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<ProjectDatabase>({ url: infra.databaseUrl, schema: PROJECT_SCHEMA });
  repo = new ProjectRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

describe(ProjectRepository.name, () => {
  it('should never let concurrent creations pass the limit', async () => {
    const owner = randomUUID();
    const company = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => repo.insertWithinLimit(project(company, owner, { title: `P${i}` }), 3, [], () => [])));
    expect(results.filter((r) => r.kind === 'created')).toHaveLength(3);
    expect(results.filter((r) => r.kind === 'limit')).toHaveLength(5);
  });

  it("should never let concurrent uploads pass the owner's storage, counted over all their companies", async () => {
    const owner = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    const quota = { ownerUserId: owner, companyIds: [first, second], bytes: 1000 };
    const file = (companyId: string) => ({ companyId, kind: 'script', filename: 'a.txt', size: 300, contentType: 'text/plain', storageKey: `k/${randomUUID()}`, createdBy: owner });
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => repo.insertFile(file(i % 2 ? first : second), quota)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason as StorageQuotaReached);
    expect(refused).toHaveLength(3);
    for (const reason of refused) expect(reason).toEqual(expect.objectContaining({ leftBytes: 100 }));
    expect(await repo.uploadedBytes([first, second])).toBe(900);
    // No quota, no bound (tests and plans without storage).
    await expect(repo.insertFile(file(first), { ...quota, bytes: -1 })).resolves.toEqual(expect.any(String));
  });

  it('should not count the sample against the limit', async () => {
    const owner = randomUUID();
    const company = randomUUID();
    await repo.insertWithinLimit(project(company, owner, { isSample: true }), -1, [], () => []);
    expect((await repo.insertWithinLimit(project(company, owner), 1, [], () => [])).kind).toBe('created');
    expect((await repo.insertWithinLimit(project(company, owner), 1, [], () => [])).kind).toBe('limit');
  });

  it('should filter by search (LIKE characters taken literally), status and type, within the given companies', async () => {
    const owner = randomUUID();
    const company = randomUUID();
    const elsewhere = randomUUID();
    for (const title of ['100% safety', 'Safety_basics', 'Fire drill', 'Ladder safety']) {
      await repo.insertWithinLimit(project(company, owner, { title }), -1, [], () => []);
    }
    await repo.insertWithinLimit(project(elsewhere, owner, { title: 'Safety elsewhere' }), -1, [], () => []);
    const search = async (s: string) => (await repo.list({ companyIds: [company], search: s, limit: 50, offset: 0 })).rows.map((r) => r.title).sort();
    expect(await search('safety')).toEqual(['100% safety', 'Ladder safety', 'Safety_basics']);
    expect(await search('%')).toEqual(['100% safety']);
    expect(await search('_')).toEqual(['Safety_basics']);
    expect((await repo.list({ companyIds: [company], projectType: 'software_analysis', limit: 50, offset: 0 })).total).toBe(0);
    expect((await repo.list({ companyIds: [], limit: 50, offset: 0 })).total).toBe(0);
    const secondPage = await repo.list({ companyIds: [company], limit: 3, offset: 3 });
    expect([secondPage.rows.length, secondPage.total]).toEqual([1, 4]);
    expect(await repo.list({ companyIds: [company], limit: 3, offset: 30 })).toEqual({ rows: [], total: 4 });
    const row = (await repo.list({ companyIds: [company], search: 'fire', limit: 1, offset: 0 })).rows[0]!;
    expect((await repo.findById(row.id))?.title).toBe('Fire drill');
  });

  it("should list a page with its projects' files and the statistics in one go", async () => {
    const owner = randomUUID();
    const company = randomUUID();
    const upload = (filename: string) =>
      repo.insertFile({ companyId: company, kind: 'script', filename, size: 3, contentType: 'text/plain', storageKey: `k/${randomUUID()}`, createdBy: owner });
    const [first, second] = [await upload('a.txt'), await upload('b.txt')];
    const withFiles = await repo.insertWithinLimit(project(company, owner, { title: 'With files' }), -1, [first, second], () => []);
    await repo.insertWithinLimit(project(company, owner, { title: 'Without' }), -1, [], () => []);
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const page = await repo.listPage({ companyIds: [company], limit: 10, offset: 0 }, { companyIds: [company], monthStart });
    expect(page.rows.map((r) => r.title)).toEqual(['Without', 'With files']);
    expect(page.total).toBe(2);
    expect(page.stats).toEqual({ total: 2, this_month: 2, completed: 0, in_progress: 0, failed: 0 });
    const id = withFiles.kind === 'created' ? withFiles.id : '';
    expect(page.files).toEqual([
      { id: first, kind: 'script', filename: 'a.txt', size: 3, content_type: 'text/plain', project_id: id },
      { id: second, kind: 'script', filename: 'b.txt', size: 3, content_type: 'text/plain', project_id: id },
    ]);
    expect(await repo.filesOf([id])).toEqual(page.files.map((f) => expect.objectContaining(f)));
  });

  it('should find through the search index what testing every title and description finds', async () => {
    const owner = randomUUID();
    const company = randomUUID();
    const projects = [
      ['Forklift basics', ''],
      ['Warehouse walk', 'Before you drive the FORKLIFT, check the forks.'],
      ['Liftoff', 'Rockets'],
      ['Ünïcode Sicherheit', 'Größe und Maße'],
      ['C++ for engineers', 'A 10% discount_code inside'],
      ['Fire drill', 'Line up at the exit'],
    ];
    for (const [title, description] of projects) await repo.insertWithinLimit(project(company, owner, { title, description }), -1, [], () => []);
    const search = async (s: string) => (await repo.list({ companyIds: [company], search: s, limit: 50, offset: 0 })).rows.map((r) => r.title).sort();
    // The ground truth: ILIKE's own answer, any case, the words anywhere (inside a word too).
    const scanned = (s: string) =>
      projects
        .filter(([title, description]) => `${title}\n${description}`.toLowerCase().includes(s.toLowerCase()))
        .map(([title]) => title)
        .sort();
    for (const word of ['forklift', 'lift', 'LIFT', 'ork', 'the forks', 'größe', 'MASSE', 'sicher', 'c++', 'c+', '10%', '_code', 'fi', 'e', '%', 'nothing at all']) {
      expect([word, await search(word)]).toEqual([word, scanned(word)]);
    }
    expect(await search('lift')).toEqual(['Forklift basics', 'Liftoff', 'Warehouse walk']);
  });

  it('should keep a plan that reads the search index for the list of a company with many projects', async () => {
    // A database of its own, holding one company's 1,000 projects with scripts of about a
    // kilobyte (as the benchmark's): the plan PostgreSQL keeps for the prepared statement depends
    // on the table's statistics and size.
    const own = await createTestInfra('project_search_plan');
    // One connection, so that the statement the repository prepares is this session's to read.
    const single = createDatabase<ProjectDatabase>({ url: own.databaseUrl, schema: PROJECT_SCHEMA, maxConnections: 1 });
    try {
      await migrateProject({ DATABASE_URL: own.databaseUrl });
      const owner = randomUUID();
      const company = randomUUID();
      const topics = ['forklift', 'onboarding', 'compliance', 'cybersecurity', 'leadership', 'hygiene', 'negotiation', 'ergonomics', 'accessibility', 'sustainability'];
      const script = (i: number) => Array.from({ length: 12 }, (_, k) => `## Slide ${k} of module ${i}\n- A point about step ${k * i} that the team checks.\n`).join('\n');
      const rows = Array.from({ length: 1000 }, (_, i) => newProjectValues(project(company, owner, { title: `Module ${i} on ${topics[i % topics.length]}`, description: `Training ${i} for the team`, scriptContent: script(i) })));
      for (let i = 0; i < rows.length; i += 500) await single.insertInto('projects').values(rows.slice(i, i + 500)).execute();
      // As autovacuum leaves it: statistics, and the search index's pending entries in place.
      await sql`vacuum analyze projects`.execute(single);
      const one = new ProjectRepository(single);
      for (let i = 0; i < 8; i++) {
        const page = await one.list({ companyIds: [company], search: topics[i % 4]!, status: 'pending', projectType: 'script_to_slides', limit: 20, offset: 0 });
        expect([page.rows.length, page.total]).toEqual([20, 100]);
      }
      // After five calls planned for their values, PostgreSQL keeps one plan for any values.
      const kept = await sql<{ generic_plans: number }>`select generic_plans from pg_prepared_statements where name = 'project_list_stq'`.execute(single);
      expect(kept.rows[0]?.generic_plans).toBeGreaterThan(0);
      const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) execute project_list_stq('{${sql.raw(company)}}', 'pending', 'script_to_slides', '%forklift%', 20, 0, '{}', '2026-01-01')`.execute(single);
      expect(JSON.stringify(plan.rows[0]!['QUERY PLAN'])).toContain('projects_search_idx');
    } finally {
      await single.destroy();
      await own.cleanup();
    }
  });

  it('should delete what an expired account owns: its projects with their files, and its loose uploads', async () => {
    const owner = randomUUID();
    const company = randomUUID();
    const other = randomUUID();
    const upload = (projectCompany: string, key: string) =>
      repo.insertFile({ companyId: projectCompany, kind: 'script', filename: 'a.txt', size: 3, contentType: 'text/plain', storageKey: key, createdBy: owner });
    const attached = await upload(company, 'k/attached');
    await upload(company, 'k/loose');
    const otherUpload = await upload(other, 'k/other');
    const mine = await repo.insertWithinLimit(project(company, owner), -1, [attached], () => []);
    await repo.insertWithinLimit(project(company, owner, { isSample: true }), -1, [], () => []);
    const theirs = await repo.insertWithinLimit(project(other, randomUUID()), -1, [otherUpload], () => []);
    const deleted: string[] = [];
    const keys = await repo.deleteOwnedBy(owner, [company], (row) => {
      deleted.push(row.id);
      return [];
    });
    expect(keys.sort()).toEqual(['k/attached', 'k/loose']);
    expect(deleted).toHaveLength(2);
    expect(deleted).toContain(mine.kind === 'created' ? mine.id : '');
    expect((await repo.list({ companyIds: [company], limit: 10, offset: 0 })).total).toBe(0);
    expect((await repo.list({ companyIds: [other], limit: 10, offset: 0 })).total).toBe(1);
    expect(theirs.kind).toBe('created');
    expect(await repo.deleteOwnedBy(owner, [company], () => [])).toEqual([]);
  });

  it('should apply an event id once', async () => {
    const id = randomUUID();
    let applied = 0;
    const apply = async () => {
      applied += 1;
      return [];
    };
    expect(await repo.onceForEvent(id, apply)).toBe(true);
    expect(await repo.onceForEvent(id, apply)).toBe(false);
    expect(applied).toBe(1);
  });

  it('should move a status only from the state it was read in', async () => {
    const owner = randomUUID();
    const created = await repo.insertWithinLimit(project(randomUUID(), owner), -1, [], () => []);
    if (created.kind !== 'created') throw new Error('not created');
    expect(await repo.transition(db, created.id, { status: 'pending', contentVersion: 1 }, { status: 'analyzing' })).toBe(true);
    expect(await repo.transition(db, created.id, { status: 'pending', contentVersion: 1 }, { status: 'failed' })).toBe(false);
    expect((await repo.findById(created.id))?.status).toBe('analyzing');
  });

  it('should start at version 1, write an edit only on the version it was decided on, and only raise files_version', async () => {
    const created = await repo.insertWithinLimit(project(randomUUID(), randomUUID()), -1, [], () => []);
    if (created.kind !== 'created') throw new Error('not created');
    expect(await repo.findById(created.id)).toMatchObject({ content_version: 1, files_version: null, generation_version: 1 });
    const seen = { status: 'pending', contentVersion: 1 };
    expect(await repo.updateIfUnchanged(created.id, seen, { content_version: 2, font_style: 'classic' }, [])).toBe(true);
    expect(await repo.updateIfUnchanged(created.id, seen, { content_version: 2, font_style: 'creative' }, [])).toBe(false);
    await repo.recordFilesVersion(db, created.id, 2);
    await repo.recordFilesVersion(db, created.id, 1);
    expect(await repo.findById(created.id)).toMatchObject({ content_version: 2, font_style: 'classic', files_version: 2 });
  });

  it('should store burn_subtitles, false unless set, and write an edit of it', async () => {
    const plain = await repo.insertWithinLimit(project(randomUUID(), randomUUID()), -1, [], () => []);
    const burned = await repo.insertWithinLimit(project(randomUUID(), randomUUID(), { burnSubtitles: true }), -1, [], () => []);
    if (plain.kind !== 'created' || burned.kind !== 'created') throw new Error('not created');
    expect(await repo.findById(plain.id)).toMatchObject({ burn_subtitles: false });
    expect(await repo.findById(burned.id)).toMatchObject({ burn_subtitles: true });
    expect(await repo.updateIfUnchanged(plain.id, { status: 'pending', contentVersion: 1 }, { content_version: 2, burn_subtitles: true }, [])).toBe(true);
    expect(await repo.findById(plain.id)).toMatchObject({ burn_subtitles: true, content_version: 2 });
  });

  it('should insert content written at creation as needing no generation', async () => {
    const created = await repo.insertWithinLimit(project(randomUUID(), randomUUID(), { status: 'completed', generatedContent: plainContent('S.', '## S') }), -1, [], () => []);
    if (created.kind !== 'created') throw new Error('not created');
    expect(await repo.findById(created.id)).toMatchObject({ content_version: 1, generation_version: null });
  });

  it('should keep the statistics in counters that match a count of the projects through inserts, status changes, moves and deletes', async () => {
    const company = randomUUID();
    const owner = randomUUID();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await repo.insertWithinLimit(project(company, owner, { title: `Counted ${i}` }), -1, [], () => []);
      if (created.kind !== 'created') throw new Error('not created');
      ids.push(created.id);
    }
    await repo.transition(db, ids[0]!, { status: 'pending', contentVersion: 1 }, { status: 'completed' });
    await repo.transition(db, ids[1]!, { status: 'pending', contentVersion: 1 }, { status: 'failed' });
    await repo.transition(db, ids[2]!, { status: 'pending', contentVersion: 1 }, { status: 'generating_content' });
    // Created in an earlier month, and one moved there after the fact.
    await db.updateTable('projects').set({ created_at: new Date('2024-03-15T12:00:00Z') }).where('id', '=', ids[3]!).execute();
    await repo.delete(ids[4]!, []);
    const monthStart = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1));
    const stats = async (companyIds: string[], pageOf = companyIds) => (await repo.listPage({ companyIds: pageOf, limit: 1, offset: 0 }, { companyIds, monthStart })).stats;
    const counted = await stats([company]);
    // The ground truth: a scan of the projects themselves.
    const scanned = await db
      .selectFrom('projects')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.countAll<string>().filterWhere('created_at', '>=', monthStart).as('this_month'),
        eb.fn.countAll<string>().filterWhere('status', '=', 'completed').as('completed'),
        eb.fn.countAll<string>().filterWhere('status', 'not in', ['pending', 'completed', 'failed']).as('in_progress'),
        eb.fn.countAll<string>().filterWhere('status', '=', 'failed').as('failed'),
      ])
      .where('company_id', '=', company)
      .executeTakeFirstOrThrow();
    expect(counted).toEqual({ total: 4, this_month: 3, completed: 1, in_progress: 1, failed: 1 });
    expect(Object.fromEntries(Object.entries(scanned).map(([k, v]) => [k, Number(v)]))).toEqual(counted);
    expect(await stats([randomUUID()])).toEqual({ total: 0, this_month: 0, completed: 0, in_progress: 0, failed: 0 });
    // The filters do not apply to them: a page of no company, or past the last one, has them too.
    expect(await stats([company], [])).toEqual(counted);
    const past = await repo.listPage({ companyIds: [company], limit: 2, offset: 10 }, { companyIds: [company], monthStart });
    expect(past).toEqual({ rows: [], files: [], total: 4, stats: counted });
  });

  it('should list summaries without the long texts, telling whether there is content', async () => {
    const company = randomUUID();
    const owner = randomUUID();
    await repo.insertWithinLimit(project(company, owner, { title: 'With script', scriptContent: 'NARRATOR: A long script.' }), -1, [], () => []);
    await repo.insertWithinLimit(project(company, owner, { title: 'Blank', scriptContent: '   ' }), -1, [], () => []);
    const { rows, total } = await repo.list({ companyIds: [company], limit: 10, offset: 0 });
    expect(total).toBe(2);
    for (const row of rows) {
      for (const long of ['script_content', 'slides_content', 'generated_content', 'software_details', 'ai_instructions', 'request_data']) {
        expect(row).not.toHaveProperty(long);
      }
    }
    expect(Object.fromEntries(rows.map((r) => [r.title, r.has_content]))).toEqual({ 'With script': true, Blank: false });
  });

  it("should list what each project's content drew from the library, and read it from the content of projects stored before", async () => {
    const company = randomUUID();
    const owner = randomUUID();
    const citation = { slide_index: 0, document_id: randomUUID(), document_title: 'Manual', passage: 'Check the forks.' };
    const contents = {
      Cited: { ...plainContent('S.', '## S'), citations: [citation] },
      None: { ...plainContent('S.', '## S'), notices: [LIBRARY_MESSAGES.noMaterial] },
      Plain: plainContent('S.', '## S'),
      Older: { script: 'S.', slides: { slide_content: '## S', quality_assessment: null } },
    };
    for (const [title, generatedContent] of Object.entries(contents)) {
      await repo.insertWithinLimit(project(company, owner, { title, generatedContent: generatedContent as never }), -1, [], () => []);
    }
    await repo.insertWithinLimit(project(company, owner, { title: 'No content' }), -1, [], () => []);
    const listed = async () => Object.fromEntries((await repo.list({ companyIds: [company], limit: 10, offset: 0 })).rows.map((r) => [r.title, r.library_material]));
    const expected = { Cited: 'cited', None: 'none', Plain: null, Older: null, 'No content': null };
    expect(await listed()).toEqual(expected);
    // The migration reads it from the content stored before the column existed.
    const migration = migrations['1798100000000-LibraryMaterial']!;
    await migration.down!(db as never);
    await migration.up(db as never);
    expect(await listed()).toEqual(expected);
  });
});
