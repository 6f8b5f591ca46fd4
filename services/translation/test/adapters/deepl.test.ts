// The real deepl-node client against a local DeepL v2 server on 127.0.0.1.
import { DeepLEngine } from '../../src/adapters/deepl.js';
import { translateContent } from '../../src/text/translate-content.js';
import { startFakeDeepL, type FakeDeepL } from '../fakes/fake-deepl.js';
import type { GlossaryTerm } from '../../src/text/glossary.js';
import { linesOf, project, SLIDES } from '../text/fixtures.js';

let fake: FakeDeepL;
let engine: DeepLEngine;

const glossary: GlossaryTerm[] = [
  { term: 'Trainwright', sourceLanguage: 'en', targetLanguage: '', translation: '', caseSensitive: true },
  { term: 'forklift', sourceLanguage: 'en', targetLanguage: '', translation: 'Gabelstapler', caseSensitive: false },
  { term: 'brakes', sourceLanguage: 'en', targetLanguage: 'de', translation: 'Bremsen', caseSensitive: false },
];

beforeEach(async () => {
  fake = await startFakeDeepL();
  engine = new DeepLEngine({ authKey: fake.authKey, serverUrl: fake.serverUrl, maxRetries: 0 });
});

afterEach(async () => {
  await fake.close();
});

describe('DeepL engine', () => {
  it('translates a project with XML tag handling and a DeepL glossary', async () => {
    const result = await translateContent(engine, project(), { from: 'en', to: 'de', glossary });
    expect(result.engine).toBe('deepl');
    const lines = linesOf(result.content.slidesContent);
    expect(lines).toHaveLength(linesOf(SLIDES).length);
    expect(lines[4]).toBe('- [DE] Check the Bremsen before every shift.\n');
    expect(lines[5]).toBe('- [DE] The Gabelstapler can lift **2.5 tonnes** safely.\n');
    expect(lines[8]).toBe('- 42\n');
    expect(result.warnings).toEqual([]);
    const translate = fake.requests.filter((r) => r.path === '/v2/translate');
    expect(translate[0]!.params.get('tag_handling')).toEqual(['xml']);
    expect(translate[0]!.params.get('target_lang')).toEqual(['de']);
    expect(translate[0]!.params.get('source_lang')).toEqual(['en']);
    expect(translate.every((r) => (r.params.get('text') ?? []).length <= 50)).toBe(true);
    expect(fake.glossaries.size).toBe(1);
    const [g] = [...fake.glossaries.values()];
    expect(g!.entries).toEqual([
      ['forklift', 'Gabelstapler'],
      ['brakes', 'Bremsen'],
    ]);
    expect(translate[0]!.params.get('glossary_id')).toEqual([g!.glossary_id]);
  });

  it('reuses the glossary of the same terms, also from a new process', async () => {
    await engine.translate(['The forklift.'], 'en', 'de', { glossary });
    await engine.translate(['The brakes.'], 'en', 'de', { glossary });
    const other = new DeepLEngine({ authKey: fake.authKey, serverUrl: fake.serverUrl, maxRetries: 0 });
    await other.translate(['The forklift.'], 'en', 'de', { glossary });
    expect(fake.glossaries.size).toBe(1);
    await engine.translate(['The forklift.'], 'en', 'de', { glossary: glossary.slice(2) });
    expect(fake.glossaries.size).toBe(2);
  });

  it('uses the target variants DeepL requires', async () => {
    const result = await engine.translate(['Hola <ph id="1"/>'], 'es', 'pt', { glossary: [] });
    expect(result.texts).toEqual(['[PT-PT] Hola <ph id="1"/>']);
    expect((await engine.translate(['Hallo'], 'de', 'en', { glossary: [] })).texts).toEqual(['[EN-GB] Hallo']);
  });

  it('tries a segment with a lost placeholder again, then fails clearly', async () => {
    fake.misbehave('drop-tags');
    expect((await engine.translate(['Lift <ph id="1"/> kg.'], 'en', 'de', { glossary: [] })).texts).toEqual(['[DE] Lift <ph id="1"/> kg.']);
    fake.misbehave('drop-tags', 'drop-tags');
    await expect(engine.translate(['Lift <ph id="1"/> kg.'], 'en', 'de', { glossary: [] })).rejects.toThrow('DeepL returned an unusable translation: placeholder <ph id="1"/> is missing. The segment: "Lift <ph id="1"/> kg."');
  });

  it('explains a refused key and a used-up quota', async () => {
    const wrong = new DeepLEngine({ authKey: 'other', serverUrl: fake.serverUrl, maxRetries: 0 });
    await expect(wrong.translate(['Hello'], 'en', 'de', { glossary: [] })).rejects.toThrow('DeepL refused the authentication key: check DEEPL_AUTH_KEY.');
    fake.misbehave({ status: 456 });
    await expect(engine.translate(['Hello'], 'en', 'de', { glossary: [] })).rejects.toThrow('The DeepL quota for this billing period is used up.');
  });
});

describe('createEngine', () => {
  it('builds the configured engine, each naming itself', async () => {
    const { createEngine } = await import('../../src/adapters/index.js');
    expect((await createEngine({ engine: 'apertium' })).name).toBe('apertium');
    expect((await createEngine({ engine: 'openai', openai: { apiKey: 'k', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' } })).name).toBe('openai:m');
    expect((await createEngine({ engine: 'deepl', deepl: { authKey: 'k', serverUrl: fake.serverUrl } })).name).toBe('deepl');
    await expect(createEngine({ engine: 'deepl' })).rejects.toThrow('DEEPL_AUTH_KEY');
  });
});
