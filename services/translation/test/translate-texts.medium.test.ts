// Medium test of TranslateTexts (the texts that go with a project's content, as scorm asks for an
// interactive video's) through the service as main.ts composes it, over gRPC, against the real
// PostgreSQL and Apertium: the company's glossary applies (a kept term and a fixed translation),
// the same texts again come from the translation memory (engine `memory`), another company's
// memory is its own, and a language the engine cannot reach is refused with the engine's reason.
import { randomUUID } from 'node:crypto';
import { AppError, createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { createTestInfra, type TestInfra } from '@trainwright/platform/testing';
import { TranslationServiceClient, TranslationServiceService } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { Kysely } from 'kysely';
import type { TranslationServer } from '../src/main.js';
import type { TranslationDatabase } from '../src/repositories/database.js';
import { GlossaryRepository } from '../src/repositories/glossary.repository.js';
import { startPeerlessTranslationServer } from './support/peerless-server.js';

let infra: TestInfra;
let server: TranslationServer;
let db: Kysely<TranslationDatabase>;
let client: PromiseClient<typeof TranslationServiceService>;

const COMPANY = randomUUID();
const PROJECT = randomUUID();
/** An interactive video's texts: a title with a kept brand, a description of two lines, a quiz option, an address, a blank. */
const TEXTS = ['Forklift Pro daily checks', 'Check the brakes.\nLook at the load plate.', 'The maximum weight', 'https://acme.example/forklifts', ''];

beforeAll(async () => {
  infra = await createTestInfra('translation_texts');
  ({ server, db } = await startPeerlessTranslationServer(infra));
  const glossary = new GlossaryRepository(db);
  await glossary.create(COMPANY, { term: 'Forklift Pro', sourceLanguage: 'en', targetLanguage: '', translation: '', caseSensitive: true });
  await glossary.create(COMPANY, { term: 'load plate', sourceLanguage: 'en', targetLanguage: 'es', translation: 'placa de carga', caseSensitive: false });
  client = createGrpcClient(TranslationServiceClient as never, TranslationServiceService, `127.0.0.1:${server.port}`, { deadlineMs: 60_000 });
}, 30_000);

afterAll(async () => {
  client?.close();
  await server?.close();
  await db?.destroy();
  await infra?.cleanup();
});

const request = (companyId: string, targetLanguage = 'es') => ({ companyId, projectId: PROJECT, sourceLanguage: 'en', targetLanguage, texts: TEXTS });

describe('TranslateTexts', () => {
  it("should translate each text with the company's glossary, keeping lines, addresses and blanks, then answer the same from memory", async () => {
    const first = await client.translateTexts(request(COMPANY));
    expect(first.engine).toBe('apertium');
    expect(first.texts).toHaveLength(TEXTS.length);
    const [title, description, option, address, blank] = first.texts;
    // The kept term is written as it is; the fixed one as the glossary says.
    expect(title).toMatch(/Forklift Pro/);
    expect(title).not.toBe(TEXTS[0]);
    expect(description!.split('\n')).toHaveLength(2);
    expect(description!.split('\n')[0]).toMatch(/frenos/i);
    expect(description!.split('\n')[1]).toContain('placa de carga');
    expect(option).toMatch(/peso/i);
    expect([address, blank]).toEqual(['https://acme.example/forklifts', '']);

    // Asked again (a package built again): every text from the company's translation memory.
    expect(await client.translateTexts(request(COMPANY))).toEqual({ texts: first.texts, engine: 'memory' });
    // Another company has a memory of its own (and no glossary): the engine again.
    const other = await client.translateTexts(request(randomUUID()));
    expect(other.engine).toBe('apertium');
    expect(other.texts[1]).not.toContain('placa de carga');
  }, 60_000);

  it("should refuse a language the engine cannot reach (CONFLICT with the engine's reason) and an unknown one", async () => {
    const refused = await client.translateTexts(request(COMPANY, 'de')).then(() => null, (e: unknown) => e as AppError);
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      message: 'The offline translation engine (Apertium) cannot translate from English into German. Configure an OpenAI-compatible model or DeepL for this language.',
    });
    await expect(client.translateTexts(request(COMPANY, 'xx'))).rejects.toMatchObject({ status: 400, message: 'Unknown language: xx.' });
  }, 30_000);
});
