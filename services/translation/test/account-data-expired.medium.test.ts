// Medium test of data retention against the real PostgreSQL and NATS, through the service as
// main.ts composes it (its durable consumers): when auth's account.data_expired names a company,
// its glossary and translation memory go, and its projects' translations go with the
// project.deleted the project service sends for each; another company's stay.
import { randomUUID } from 'node:crypto';
import { createLogger, EventBus } from '@trainwright/platform';
import { createTestInfra, eventually, type TestInfra } from '@trainwright/platform/testing';
import { AccountDataExpired, ProjectChanged } from '@trainwright/proto/trainwright/events/v1/events';
import type { Kysely } from 'kysely';
import type { TranslationServer } from '../src/main.js';
import { CompanyDataRepository } from '../src/repositories/company-data.repository.js';
import type { TranslationDatabase } from '../src/repositories/database.js';
import { GlossaryRepository } from '../src/repositories/glossary.repository.js';
import { TranslationMemoryRepository } from '../src/repositories/memory.repository.js';
import { TranslationRepository } from '../src/repositories/translation.repository.js';
import type { ProjectContent } from '../src/services/types.js';
import { startPeerlessTranslationServer } from './support/peerless-server.js';

let infra: TestInfra;
let server: TranslationServer;
let db: Kysely<TranslationDatabase>;
let bus: EventBus;
let translations: TranslationRepository;
let glossary: GlossaryRepository;
let memory: TranslationMemoryRepository;

beforeAll(async () => {
  infra = await createTestInfra('translation_retention');
  ({ server, db } = await startPeerlessTranslationServer(infra));
  bus = await EventBus.connect({ url: infra.natsUrl, namespace: infra.namespace, logger: createLogger('test', 'silent') });
  translations = new TranslationRepository(db, () => undefined);
  glossary = new GlossaryRepository(db);
  memory = new TranslationMemoryRepository(db);
}, 30_000);

afterAll(async () => {
  await bus?.destroy();
  await server?.close();
  await db?.destroy();
  await infra?.cleanup();
});

const CONTENT: ProjectContent = { title: 'Forklift', description: '', slidesContent: '## Speed\n- Drive slowly.', scriptContent: '', generatedContent: null };

/** A company with a completed Spanish translation of one project, a glossary term and a remembered segment. */
async function companyWithData(): Promise<{ companyId: string; projectId: string }> {
  const companyId = randomUUID();
  const projectId = randomUUID();
  const runId = randomUUID();
  const [t] = await translations.start([{ projectId, companyId, language: 'es', sourceLanguage: 'en', sourceVersion: 1, sourceHash: 'h', runId }]);
  await translations.complete(t!.id, runId, { content: { ...CONTENT, title: 'Carretilla' }, sourceContent: CONTENT, segments: [], engine: 'apertium', warnings: [], unknownWords: [] }, { version: 1, hash: 'h' });
  await glossary.create(companyId, { term: 'Forklift Pro', sourceLanguage: 'en', targetLanguage: '', translation: '', caseSensitive: false });
  await memory.save({ companyId, from: 'en', to: 'es', engine: 'apertium#' }, [{ source: 'Drive slowly.', target: 'Conduce despacio.' }]);
  return { companyId, projectId };
}

async function held(companyId: string) {
  const count = async (table: 'translations' | 'glossary_terms' | 'memory_segments') =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', companyId).executeTakeFirstOrThrow()).n);
  return { translations: await count('translations'), terms: await count('glossary_terms'), memory: await count('memory_segments') };
}

describe('account.data_expired', () => {
  it("should delete the expired companies' glossaries, memory and (with their projects) translations, keeping another company's", async () => {
    const expired = await companyWithData();
    const other = await companyWithData();
    expect(await held(expired.companyId)).toEqual({ translations: 1, terms: 1, memory: 1 });

    const userId = randomUUID();
    await bus.publish('account.data_expired', AccountDataExpired.encode({ userId, companyIds: [expired.companyId], occurredAt: new Date().toISOString() }).finish());
    // The project service deletes the account's projects and says so for each.
    await bus.publish('project.deleted', ProjectChanged.encode(ProjectChanged.fromPartial({ projectId: expired.projectId, companyId: expired.companyId, ownerUserId: userId, occurredAt: new Date().toISOString() })).finish());

    await eventually(async () => JSON.stringify(await held(expired.companyId)) === JSON.stringify({ translations: 0, terms: 0, memory: 0 }), 10_000);
    expect(await held(other.companyId)).toEqual({ translations: 1, terms: 1, memory: 1 });
    expect(await glossary.list(other.companyId)).toHaveLength(1);
    expect((await memory.lookup({ companyId: other.companyId, from: 'en', to: 'es', engine: 'apertium#' }, ['Drive slowly.'])).get('Drive slowly.')?.target).toBe('Conduce despacio.');
  }, 20_000);

  it('should apply an event once: a redelivery after new data changes nothing', async () => {
    const { companyId } = await companyWithData();
    const companies = new CompanyDataRepository(db);
    const eventId = randomUUID();
    await companies.removeCompanies([companyId], eventId);
    expect(await held(companyId)).toMatchObject({ terms: 0, memory: 0 });
    await glossary.create(companyId, { term: 'Again', sourceLanguage: 'en', targetLanguage: '', translation: '', caseSensitive: false });
    await companies.removeCompanies([companyId], eventId);
    expect(await held(companyId)).toMatchObject({ terms: 1 });
  });
});
