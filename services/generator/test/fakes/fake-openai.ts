// A local server that speaks the chat-completions protocol (POST /v1/chat/completions), so tests
// run the real `openai` SDK and our engine over real HTTP. Each request takes the next step of a
// scripted scenario; a valid answer is built from the prompt it received (section titles and
// sentences of the source, the number of questions and modules asked for), so a test can see
// that the request carried the source and the request's settings.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeOption {
  text: string;
  is_correct: boolean;
}

export interface FakeQuestion {
  type: string;
  difficulty: string;
  prompt: string;
  options: FakeOption[];
  explanation: string;
  source: string;
}

export interface FakeModule {
  number: number;
  title: string;
  level: string;
  objectives: string[];
  topics: string[];
  prerequisites: string[];
  practice: string;
  estimated_minutes: number;
}

/** The answer object the engine asks for. */
export interface FakeAnswer {
  title: string;
  summary: string;
  objectives: string[];
  slides: Array<{ title: string; points: string[]; notes: string }>;
  questions: FakeQuestion[];
  glossary: Array<{ term: string; definition: string }>;
  modules: FakeModule[];
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  // The parsed JSON body as the client sent it.
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export type FakeStep =
  /** A valid answer built from the prompt; `edit` may change it (e.g. to break it on purpose). */
  | { kind: 'answer'; edit?: (answer: FakeAnswer, request: FakeRequest) => void; finishReason?: string }
  /** This exact message content. */
  | { kind: 'content'; content: string; finishReason?: string }
  /** Content that is not JSON at all. */
  | { kind: 'invalid_json' }
  /** JSON of the wrong shape (no slides, a question without options). */
  | { kind: 'schema_violation' }
  /** Wait before answering: 'headers' sends nothing for `ms`; 'body' sends the headers and part
   *  of the body, then stalls. Then the `then` step (default: a valid answer). */
  | { kind: 'delay'; ms: number; stall?: 'headers' | 'body'; then?: FakeStep }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'error'; status: number; message?: string; type?: string; code?: string | null; headers?: Record<string, string> };

export interface FakeOpenAi {
  /** http://127.0.0.1:<port>/v1 */
  baseURL: string;
  requests: FakeRequest[];
  /** Adds steps to the end of the scenario. */
  push(...steps: FakeStep[]): void;
  close(): Promise<void>;
}

interface ChatMessage {
  role: string;
  content: unknown;
}

function messageText(message: ChatMessage | undefined): string {
  if (!message) return '';
  if (typeof message.content === 'string') return message.content;
  // Content parts: [{type:'text', text}]
  if (Array.isArray(message.content)) return message.content.map((p: { text?: string }) => p.text ?? '').join('\n');
  return '';
}

/** All user text of the request (the first user message holds the task and the source). */
export function userText(request: FakeRequest): string {
  const messages = (request.body?.messages ?? []) as ChatMessage[];
  return messages.filter((m) => m.role === 'user').map(messageText).join('\n');
}

interface FakeSection {
  title: string;
  lines: string[];
}

/** Sections of the <source> block: '## Title' headings and '[SCENE: ...]' markers start one. */
export function sourceSections(prompt: string): FakeSection[] {
  const m = /<source>\n([\s\S]*?)\n<\/source>/.exec(prompt);
  if (!m) return [];
  const sections: FakeSection[] = [];
  for (const raw of m[1]!.split('\n')) {
    const line = raw.trim();
    const heading = /^##\s+(.+)$/.exec(line) ?? /^\[SCENE:\s*(.*?)\s*\]$/i.exec(line);
    if (heading) sections.push({ title: heading[1]!, lines: [] });
    else if (line && !/^\*\*.*\*\*:?$/.test(line)) {
      if (sections.length === 0) sections.push({ title: 'Introduction', lines: [] });
      sections[sections.length - 1]!.lines.push(line.replace(/^[-*]\s+/, ''));
    }
  }
  return sections;
}

function field(prompt: string, label: string): string | null {
  const m = new RegExp(`^${label}:\\s*(.+)$`, 'mi').exec(prompt);
  return m ? m[1]!.trim() : null;
}

/** A valid answer for whatever the prompt asks, made only of text found in the prompt. */
export function answerFor(request: FakeRequest): FakeAnswer {
  const prompt = userText(request);
  const title = field(prompt, 'Project') ?? 'Training';
  let sections = sourceSections(prompt);
  if (sections.length === 0) {
    const topic = field(prompt, 'Topic') ?? field(prompt, 'Main topic') ?? field(prompt, 'Software') ?? title;
    sections = [{ title: topic, lines: [`${topic} is the subject of this training.`] }];
  }
  const questionCount = Number(/write exactly (\d+) questions/i.exec(prompt)?.[1] ?? 0);
  const moduleCount = Number(/write exactly (\d+) modules/i.exec(prompt)?.[1] ?? 0);
  const types = (/Question types: ([a-z_, ]+)/.exec(prompt)?.[1] ?? 'multiple_choice').split(/,\s*/).filter(Boolean);
  const difficulty = /Difficulty: (basic|intermediate|advanced)/.exec(prompt)?.[1] ?? 'intermediate';

  const quote = (s: FakeSection): string => s.lines[0] ?? s.title;
  const questions: FakeQuestion[] = [];
  for (let i = 0; i < questionCount; i++) {
    const s = sections[i % sections.length]!;
    const type = types[i % types.length]!;
    const correct = quote(s);
    let options: FakeOption[];
    if (type === 'true_false') {
      options = [
        { text: 'True', is_correct: true },
        { text: 'False', is_correct: false },
      ];
    } else {
      const wrong = [`Nothing is said about ${s.title}.`, `${s.title} is optional.`, `${s.title} applies only on weekends.`];
      options = wrong.slice(0, type === 'scenario' ? 2 : 3).map((text) => ({ text, is_correct: false }));
      options.splice(i % (options.length + 1), 0, { text: correct, is_correct: true });
    }
    questions.push({
      type,
      difficulty,
      prompt: type === 'true_false' ? `True or false (${i + 1}): ${correct}` : `Question ${i + 1}: what does the material say about ${s.title}?`,
      options,
      explanation: `The material says: ${correct}`,
      source: correct,
    });
  }
  const modules: FakeModule[] = [];
  for (let i = 0; i < moduleCount; i++) {
    const s = sections[i % sections.length]!;
    modules.push({
      number: i + 1,
      title: `Module ${i + 1}: ${s.title}`,
      level: i === 0 ? 'basic' : i === moduleCount - 1 ? 'advanced' : 'intermediate',
      objectives: [`Explain ${s.title}`],
      topics: [s.title],
      prerequisites: i === 0 ? [] : [`Module ${i}`],
      practice: `Apply ${s.title} to a real case.`,
      estimated_minutes: 30,
    });
  }
  return {
    title,
    summary: `This material covers ${sections.map((s) => s.title).join(', ')}.`,
    objectives: sections.slice(0, 3).map((s) => `Explain ${s.title}`),
    slides: sections.map((s) => ({
      title: s.title,
      points: s.lines.length > 0 ? s.lines.slice(0, 4) : [s.title],
      notes: `In this part we look at ${s.title}.`,
    })),
    questions,
    glossary: sections.slice(0, 3).map((s) => ({ term: s.title, definition: quote(s) })),
    modules,
  };
}

let counter = 0;

function gone(res: ServerResponse): boolean {
  return res.writableEnded || res.destroyed || !res.socket || res.socket.destroyed;
}

function completion(request: FakeRequest, content: string, finishReason: string): object {
  const promptChars = JSON.stringify(request.body?.messages ?? []).length;
  const promptTokens = Math.ceil(promptChars / 4);
  const completionTokens = Math.ceil(content.length / 4);
  return {
    id: `chatcmpl-fake-${++counter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: String(request.body?.model ?? 'fake-model'),
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: finishReason }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
  };
}

function errorBody(status: number, message: string, type: string, code: string | null): object {
  return { error: { message, type, param: null, code } };
}

export async function startFakeOpenAi(scenario: FakeStep[] = []): Promise<FakeOpenAi> {
  const queue = [...scenario];
  const requests: FakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const sendJson = (res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void => {
    if (gone(res)) return; // the client gave up (timeout)
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_fake_${counter}`, ...headers });
    res.end(text);
  };

  const respond = async (step: FakeStep, request: FakeRequest, res: ServerResponse): Promise<void> => {
    switch (step.kind) {
      case 'answer': {
        const answer = answerFor(request);
        step.edit?.(answer, request);
        sendJson(res, 200, completion(request, JSON.stringify(answer), step.finishReason ?? 'stop'));
        return;
      }
      case 'content':
        sendJson(res, 200, completion(request, step.content, step.finishReason ?? 'stop'));
        return;
      case 'invalid_json':
        sendJson(res, 200, completion(request, '{"title": "Half an answer", "slides": [', 'stop'));
        return;
      case 'schema_violation':
        sendJson(res, 200, completion(request, JSON.stringify({ title: 'Wrong shape', slides: 'none', questions: [{ prompt: 'Q?' }] }), 'stop'));
        return;
      case 'delay': {
        const then = step.then ?? { kind: 'answer' };
        if (step.stall === 'body') {
          // Headers and the first bytes now, the rest after the delay: a stalled stream.
          const answer = answerFor(request);
          const text = JSON.stringify(completion(request, JSON.stringify(answer), 'stop'));
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write(text.slice(0, 20));
          await wait(step.ms);
          if (!gone(res)) res.end(text.slice(20));
          return;
        }
        await wait(step.ms);
        await respond(then, request, res);
        return;
      }
      case 'error':
        sendJson(
          res,
          step.status,
          errorBody(step.status, step.message ?? `Fake error ${step.status}`, step.type ?? (step.status >= 500 ? 'server_error' : 'invalid_request_error'), step.code ?? null),
          step.headers,
        );
        return;
    }
  };

  const readBody = (req: IncomingMessage): Promise<string> =>
    new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        sendJson(res, 404, errorBody(404, `Unknown request URL: ${req.method} ${path}`, 'invalid_request_error', 'unknown_url'));
        return;
      }
      const raw = await readBody(req);
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        sendJson(res, 400, errorBody(400, 'The request body is not valid JSON.', 'invalid_request_error', null));
        return;
      }
      const request: FakeRequest = { method: req.method, path, headers: { ...req.headers }, body };
      requests.push(request);
      const step = queue.shift();
      if (!step) {
        sendJson(res, 400, errorBody(400, 'fake-openai: the scenario has no response left for this request', 'invalid_request_error', 'scenario_exhausted'));
        return;
      }
      await respond(step, request, res);
    })().catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody(500, `fake-openai failed: ${String(err)}`, 'server_error', null));
      else res.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    push: (...steps) => queue.push(...steps),
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
