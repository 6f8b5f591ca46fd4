// Medium tests of the rendered files against the real PostgreSQL: which set is current when
// renders of several versions finish in any order.
import { randomUUID } from 'node:crypto';
import { createDatabase } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import type { Kysely } from 'kysely';
import { MEDIA_SCHEMA, migrateMedia } from '../../src/main.js';
import type { MediaDatabase } from '../../src/repositories/database.js';
import { RenderedFileRepository } from '../../src/repositories/rendered-file.repository.js';

let infra: TestInfra;
let db: Kysely<MediaDatabase>;
let repo: RenderedFileRepository;

beforeAll(async () => {
  infra = await createTestInfra('rendered_files');
  await migrateMedia({ DATABASE_URL: infra.databaseUrl });
  db = createDatabase<MediaDatabase>({ url: infra.databaseUrl, schema: MEDIA_SCHEMA });
  repo = new RenderedFileRepository(db);
});

afterAll(async () => {
  await db?.destroy();
  await infra?.cleanup();
});

async function record(projectId: string, renderKey: string, contentVersion: number, formats: string[]): Promise<void> {
  for (const format of formats) {
    await repo.recordFile({ projectId, renderKey, contentVersion, format, companyId: randomUUID(), storageKey: `${renderKey}/${format}`, size: 1 });
  }
}

describe(RenderedFileRepository.name, () => {
  it('should serve the last complete set while the next one is rendered', async () => {
    const project = randomUUID();
    await record(project, 'k1', 1, ['pptx', 'txt']);
    expect(await repo.currentFile(project, 'txt')).toBeUndefined();
    expect(await repo.makeCurrent(project, 'k1', 1)).toEqual({ current: true, forgotten: [] });
    await record(project, 'k2', 2, ['pptx']);
    expect(await repo.currentFile(project, 'pptx')).toMatchObject({ storage_key: 'k1/pptx' });
    await record(project, 'k2', 2, ['txt']);
    expect((await repo.makeCurrent(project, 'k2', 2)).forgotten.sort()).toEqual(['k1/pptx', 'k1/txt']);
    expect(await repo.currentFile(project, 'txt')).toMatchObject({ storage_key: 'k2/txt' });
  });

  it('should keep the last paid video downloadable until the next paid one is ready', async () => {
    const project = randomUUID();
    await record(project, 'k1', 1, ['pdf', 'mp4', 'mov', 'vtt']);
    await repo.makeCurrent(project, 'k1', 1);
    // Version 2 (its video not paid for yet) replaces the documents and keeps the paid video.
    await record(project, 'k2', 2, ['pdf']);
    expect((await repo.makeCurrent(project, 'k2', 2)).forgotten).toEqual(['k1/pdf']);
    expect(await repo.currentFile(project, 'pdf')).toMatchObject({ storage_key: 'k2/pdf' });
    expect(await repo.currentFile(project, 'mp4')).toMatchObject({ storage_key: 'k1/mp4' });
    expect(await repo.currentFile(project, 'vtt')).toMatchObject({ storage_key: 'k1/vtt' });
    // And version 3 still keeps it; another language has none of it.
    await record(project, 'k3', 3, ['pdf']);
    expect((await repo.makeCurrent(project, 'k3', 3)).forgotten).toEqual(['k2/pdf']);
    expect(await repo.currentFile(project, 'mov')).toMatchObject({ storage_key: 'k1/mov' });
    expect(await repo.currentFile(project, 'mp4', 'es')).toBeUndefined();
    // The next paid video is ready in the current set: it is served, and the kept one goes.
    await record(project, 'k3', 3, ['mp4', 'mov', 'vtt']);
    expect(await repo.currentFile(project, 'mp4')).toMatchObject({ storage_key: 'k3/mp4' });
    expect((await repo.forgetSupersededVideos(project, 'k3')).sort()).toEqual(['k1/mov', 'k1/mp4', 'k1/vtt']);
    expect(await repo.currentFile(project, 'mov')).toMatchObject({ storage_key: 'k3/mov' });
  });

  it('should keep a newer set current when an older render finishes after it', async () => {
    const project = randomUUID();
    await record(project, 'k2', 2, ['pdf']);
    await record(project, 'k3', 3, ['pdf']);
    expect(await repo.makeCurrent(project, 'k3', 3)).toEqual({ current: true, forgotten: ['k2/pdf'] });
    await record(project, 'k2', 2, ['pdf']);
    expect(await repo.makeCurrent(project, 'k2', 2)).toEqual({ current: false, forgotten: ['k2/pdf'] });
    expect(await repo.currentFile(project, 'pdf')).toMatchObject({ storage_key: 'k3/pdf' });
  });

  it('should write render.completed with the set it makes current, and none for a set that is not', async () => {
    const project = randomUUID();
    const fact = (version: number) => ({ subject: 'render.completed', payload: new TextEncoder().encode(`${project}:${version}`) });
    const written = async () => (await db.selectFrom('outbox').select('payload').where('subject', '=', 'render.completed').execute()).map((r) => Buffer.from(r.payload).toString()).filter((p) => p.startsWith(project));
    await record(project, 'k3', 3, ['pdf']);
    expect((await repo.makeCurrent(project, 'k3', 3, '', [fact(3)])).current).toBe(true);
    await record(project, 'k2', 2, ['pdf']);
    expect((await repo.makeCurrent(project, 'k2', 2, '', [fact(2)])).current).toBe(false);
    expect(await written()).toEqual([`${project}:3`]);
  });

  it('should not forget a newer set still being rendered when an older one completes', async () => {
    const project = randomUUID();
    await record(project, 'k1', 1, ['pdf']);
    await record(project, 'k2', 2, ['pdf']);
    expect(await repo.makeCurrent(project, 'k1', 1)).toEqual({ current: true, forgotten: [] });
    expect(await repo.filesOf(project, 'k2')).toHaveLength(1);
  });
});
