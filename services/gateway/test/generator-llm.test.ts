// The generator configured with an OpenAI-compatible model: the real `openai` SDK in the real
// generator worker talks to a local server that speaks the chat-completions protocol.
import { startFakeOpenAi, type FakeOpenAi } from '@trainwright/generator/testing';
import { call, eventually, register } from './accounts.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
let llm: FakeOpenAi;

beforeAll(async () => {
  llm = await startFakeOpenAi();
  // A stack of its own: the generator talks to this file's local OpenAI-compatible server.
  h = await startHarness('generator-llm', {
    RATE_LIMIT_REGISTER_MAX: '1000',
    LLM_BASE_URL: llm.baseURL,
    LLM_API_KEY: 'test-key',
    LLM_MODEL: 'trainer-model',
    LLM_TIMEOUT_MS: '1000',
    LLM_ATTEMPTS: '2',
  });
}, 60_000);

afterAll(async () => {
  await h?.close();
  await llm?.close();
});

async function generateTopic(name: string) {
  const me = await register(h, name);
  const res = await call(h, 'POST', '/api/ai-content-generator/projects', me, {
    generator_type: 'topic_to_content',
    request_data: { topic: 'Manual handling', subtopics: 'Lifting\nCarrying' },
    project_name: 'Manual handling',
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().project_id as string;
  return eventually(async () => {
    const p = (await call(h, 'GET', `/api/projects/${id}`, me)).json();
    return ['completed', 'failed'].includes(p.status) ? p : undefined;
  }, 30_000);
}

it('should generate with the configured model and say which engine produced the content', async () => {
  llm.push({ kind: 'answer' });
  const project = await generateTopic('Lou Llm');
  expect(project.status).toBe('completed');
  expect(project.generated_content.engine).toBe('openai:trainer-model');
  expect(project.generated_content.slides.slide_content).toMatch(/^## /m);
  const request = llm.requests.at(-1)!;
  expect(request.body.model).toBe('trainer-model');
  expect(JSON.stringify(request.body.messages)).toContain('Manual handling');
});

it('should retry a model that times out, then make the content with the offline engine and say why', async () => {
  const before = llm.requests.length;
  // Both tries of the job stall past the 1 s timeout (long enough that an answer on a busy machine
  // is not taken for a stall): the offline engine is the fallback.
  for (let i = 0; i < 2; i++) llm.push({ kind: 'delay', ms: 3000 });
  const project = await generateTopic('Tom Timeout');
  expect(project.status).toBe('completed');
  expect(project.generated_content.engine).toBe('offline (fallback from openai:trainer-model)');
  expect(project.generated_content.notices[0]).toMatch(/^The AI model could not be used \(.*did not answer within.*\): the offline engine made this content from your material instead\.$/);
  expect(project.generated_content.slides.slide_content).toMatch(/^## /m);
  expect(llm.requests.length - before).toBe(2);
}, 40_000);

it('should make the content with the offline engine when the model answers 500 after its retries', async () => {
  const before = llm.requests.length;
  for (let i = 0; i < 2; i++) llm.push({ kind: 'error', status: 500, message: 'The server had an error while processing your request.' });
  const project = await generateTopic('Eve Error');
  expect(project.status).toBe('completed');
  expect(project.generated_content.engine).toBe('offline (fallback from openai:trainer-model)');
  expect(project.generated_content.notices[0]).toMatch(/The AI model returned an error: HTTP 500/);
  expect(llm.requests.length - before).toBe(2);
}, 40_000);

it('should ask again when the model returns invalid JSON, and succeed', async () => {
  llm.push({ kind: 'invalid_json' }, { kind: 'answer' });
  const before = llm.requests.length;
  const project = await generateTopic('Ivy Invalid');
  expect(project.status).toBe('completed');
  expect(llm.requests.length - before).toBe(2);
  expect(JSON.stringify(llm.requests.at(-1)!.body.messages)).toMatch(/invalid|error/i);
});
