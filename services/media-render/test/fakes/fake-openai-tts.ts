// A local server that speaks OpenAI's text-to-speech protocol (POST /v1/audio/speech) on
// 127.0.0.1, so the real provider is tested over real HTTP. It checks the bearer key and the
// request body as the API does, answers with a streamed WAV (placeholder sizes, 24 kHz mono
// 16-bit, like the real service) holding a tone whose length follows the input, records every
// request, and plays scripted failures.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sineTonePcm, streamingWavHeader, toneMsForText } from './tone.js';

export const FAKE_OPENAI_TTS_VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'fable', 'onyx', 'nova', 'sage', 'shimmer', 'verse'];
export const FAKE_OPENAI_TTS_MODELS = ['tts-1', 'tts-1-hd', 'gpt-4o-mini-tts'];

export interface FakeTtsRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (null when it was not JSON). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export type FakeTtsStep =
  /** An HTTP error with OpenAI's error body; `headers` e.g. { 'retry-after': '0' }. */
  | { kind: 'error'; status: number; message?: string; type?: string; code?: string | null; headers?: Record<string, string> }
  /** Sends nothing for `ms`, then plays `then` (default: the normal answer). */
  | { kind: 'delay'; ms: number; then?: FakeTtsStep }
  /** 200 with bytes that are not a WAV. */
  | { kind: 'garbage' }
  /** A valid answer in another format (to test joining pieces of different formats). */
  | { kind: 'format'; sampleRate: number };

export interface FakeOpenAiTts {
  /** http://127.0.0.1:<port>/v1 */
  baseURL: string;
  apiKey: string;
  requests: FakeTtsRequest[];
  push(...steps: FakeTtsStep[]): void;
  close(): Promise<void>;
}

export interface FakeOpenAiTtsOptions {
  apiKey?: string;
  /** Tone length per input character at speed 1 (default 60 ms, about natural speech). */
  msPerChar?: number;
  sampleRate?: number;
}

function sendError(res: ServerResponse, status: number, message: string, type: string, code: string | null, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { message, type, param: null, code } }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakeOpenAiTts(options: FakeOpenAiTtsOptions = {}): Promise<FakeOpenAiTts> {
  const apiKey = options.apiKey ?? 'sk-test-fake-openai-tts';
  const msPerChar = options.msPerChar ?? 60;
  const defaultRate = options.sampleRate ?? 24000;
  const requests: FakeTtsRequest[] = [];
  const steps: FakeTtsStep[] = [];

  async function answer(req: IncomingMessage, res: ServerResponse, request: FakeTtsRequest, step: FakeTtsStep | undefined): Promise<void> {
    if (step?.kind === 'delay') {
      await new Promise((r) => setTimeout(r, step.ms));
      if (res.destroyed) return;
      return answer(req, res, request, step.then);
    }
    if (step?.kind === 'error') {
      return sendError(res, step.status, step.message ?? `Scripted error ${step.status}`, step.type ?? 'server_error', step.code ?? null, step.headers);
    }
    const auth = req.headers.authorization;
    if (!auth) {
      return sendError(res, 401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", 'invalid_request_error', null);
    }
    if (auth !== `Bearer ${apiKey}`) {
      const shown = auth.replace(/^Bearer\s+/, '').slice(0, 6);
      return sendError(res, 401, `Incorrect API key provided: ${shown}****. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_request_error', 'invalid_api_key');
    }
    const body = request.body as Record<string, unknown> | null;
    if (!body || typeof body !== 'object') return sendError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    const { model, input, voice } = body;
    const format = body.response_format ?? 'mp3';
    const speed = body.speed ?? 1;
    if (typeof model !== 'string' || !FAKE_OPENAI_TTS_MODELS.includes(model)) {
      return sendError(res, 404, `The model \`${String(model)}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
    }
    if (typeof input !== 'string' || input.length === 0) return sendError(res, 400, "Missing required parameter: 'input'.", 'invalid_request_error', 'missing_required_parameter');
    if (input.length > 4096) {
      return sendError(res, 400, `'input' is too long: ${input.length} characters, the maximum is 4096.`, 'invalid_request_error', 'string_above_max_length');
    }
    if (typeof voice !== 'string' || !FAKE_OPENAI_TTS_VOICES.includes(voice)) {
      return sendError(res, 400, `Invalid value for 'voice': '${String(voice)}'. Supported values are: ${FAKE_OPENAI_TTS_VOICES.map((v) => `'${v}'`).join(', ')}.`, 'invalid_request_error', 'invalid_value');
    }
    if (typeof speed !== 'number' || speed < 0.25 || speed > 4) {
      return sendError(res, 400, `Invalid 'speed': ${String(speed)}. Expected a value between 0.25 and 4.0.`, 'invalid_request_error', 'invalid_value');
    }
    if (format !== 'wav' && format !== 'pcm') {
      // The real API also offers mp3, opus, aac and flac; this fake encodes only PCM.
      return sendError(res, 400, `This fake server only produces 'wav' and 'pcm', not '${String(format)}'.`, 'invalid_request_error', 'invalid_value');
    }
    if (step?.kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return void res.end('<html>this is not audio</html>');
    }
    const sampleRate = step?.kind === 'format' ? step.sampleRate : defaultRate;
    // A different tone per voice, so a test can hear which voice spoke.
    const frequency = 180 + FAKE_OPENAI_TTS_VOICES.indexOf(voice) * 20;
    const pcm = sineTonePcm(toneMsForText(input, msPerChar, speed), sampleRate, frequency);
    res.writeHead(200, { 'content-type': format === 'wav' ? 'audio/wav' : 'audio/pcm', 'transfer-encoding': 'chunked' });
    if (format === 'wav') res.write(streamingWavHeader(sampleRate));
    // Streamed in pieces, as the real service sends it.
    for (let i = 0; i < pcm.length; i += 16384) res.write(pcm.subarray(i, i + 16384));
    res.end();
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      let body: unknown = null;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        body = null;
      }
      const path = (req.url ?? '/').split('?')[0]!;
      const request: FakeTtsRequest = { method: req.method ?? 'GET', path, headers: req.headers, body };
      requests.push(request);
      if (req.method !== 'POST' || path !== '/v1/audio/speech') {
        return sendError(res, 404, `Invalid URL (${req.method} ${path})`, 'invalid_request_error', null);
      }
      await answer(req, res, request, steps.shift());
    })().catch((err: Error) => {
      if (!res.headersSent) sendError(res, 500, `Fake server failure: ${err.message}`, 'server_error', null);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    push: (...more) => void steps.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
