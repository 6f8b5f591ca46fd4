// A local server that speaks ElevenLabs' HTTP protocol on 127.0.0.1: GET /v1/voices,
// POST /v1/text-to-speech/{voice_id}?output_format=pcm_<rate> (raw 16-bit PCM of a tone whose
// length follows the text) and POST /v1/voices/add (multipart, parsed for real). It checks the
// xi-api-key header, answers errors in ElevenLabs' `detail` shape, records every request and
// plays scripted failures.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sineTonePcm, toneMsForText } from './tone.js';

export interface FakeElevenVoice {
  voice_id: string;
  name: string;
  category: string;
  description: string | null;
  labels: Record<string, string>;
  preview_url: string | null;
  settings: null;
  verified_languages: Array<{ language: string; model_id: string; accent: string | null }>;
}

/** ElevenLabs' long-standing premade voices with their public ids and labels. */
export const FAKE_ELEVEN_PREMADE: FakeElevenVoice[] = [
  ['21m00Tcm4TlvDq8ikWAM', 'Rachel', 'female', 'young', 'american', 'calm', 'narration'],
  ['AZnzlk1XvdvUeBnXmlld', 'Domi', 'female', 'young', 'american', 'strong', 'narration'],
  ['EXAVITQu4vr4xnSDxMaL', 'Bella', 'female', 'young', 'american', 'soft', 'narration'],
  ['ErXwobaYiN019PkySvjV', 'Antoni', 'male', 'young', 'american', 'well-rounded', 'narration'],
  ['MF3mGyEYCl7XYWbV9V6O', 'Elli', 'female', 'young', 'american', 'emotional', 'narration'],
  ['TxGEqnHWrfWFTfGW9XjX', 'Josh', 'male', 'young', 'american', 'deep', 'narration'],
  ['VR6AewLTigWG4xSOukaG', 'Arnold', 'male', 'middle aged', 'american', 'crisp', 'narration'],
  ['pNInz6obpgDQGcFmaJgB', 'Adam', 'male', 'middle aged', 'american', 'deep', 'narration'],
  ['yoZ06aMxZJJ28mfd3POQ', 'Sam', 'male', 'young', 'american', 'raspy', 'narration'],
].map(([voice_id, name, gender, age, accent, description, use_case]) => ({
  voice_id: voice_id!,
  name: name!,
  category: 'premade',
  description: null,
  labels: { gender: gender!, age: age!, accent: accent!, description: description!, use_case: use_case! },
  preview_url: `https://storage.googleapis.com/eleven-public-prod/premade/voices/${voice_id}/preview.mp3`,
  settings: null,
  verified_languages: [{ language: 'en', model_id: 'eleven_multilingual_v2', accent: accent! }],
}));

export const FAKE_ELEVEN_MODELS = ['eleven_multilingual_v2', 'eleven_flash_v2_5', 'eleven_turbo_v2_5', 'eleven_v3', 'eleven_monolingual_v1'];
const PCM_RATES = [8000, 16000, 22050, 24000, 44100, 48000];

export interface FakeElevenRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body, when JSON was sent. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  /** The parsed multipart form, when one was sent. */
  form: { fields: Record<string, string>; files: Array<{ field: string; filename: string; type: string; size: number; bytes: Buffer }> } | null;
}

export type FakeElevenStep =
  | { kind: 'error'; status: number; message?: string; status_code?: string; headers?: Record<string, string> }
  | { kind: 'delay'; ms: number; then?: FakeElevenStep }
  /** 200 with a JSON body where audio was expected. */
  | { kind: 'garbage' };

export interface FakeElevenLabs {
  /** http://127.0.0.1:<port> */
  baseURL: string;
  apiKey: string;
  requests: FakeElevenRequest[];
  /** The account's voices: the premade ones plus clones added through the API. */
  voices: FakeElevenVoice[];
  push(...steps: FakeElevenStep[]): void;
  close(): Promise<void>;
}

export interface FakeElevenLabsOptions {
  apiKey?: string;
  msPerChar?: number;
  /** The model's character limit per request (eleven_multilingual_v2: 10,000). */
  maxChars?: number;
}

function detail(res: ServerResponse, status: number, statusCode: string, message: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ detail: { status: statusCode, message } }));
}

/** FastAPI's validation error shape, which ElevenLabs returns for missing form fields. */
function validation(res: ServerResponse, loc: string[], msg: string): void {
  res.writeHead(422, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ detail: [{ loc, msg, type: 'missing' }] }));
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function parseForm(raw: Buffer, contentType: string): Promise<FakeElevenRequest['form']> {
  // The fetch Response parses multipart/form-data per the spec, which is what a server must accept.
  const data = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  const files: NonNullable<FakeElevenRequest['form']>['files'] = [];
  for (const [field, value] of data.entries()) {
    if (typeof value === 'string') fields[field] = value;
    else {
      const bytes = Buffer.from(await value.arrayBuffer());
      files.push({ field, filename: value.name, type: value.type, size: bytes.length, bytes });
    }
  }
  return { fields, files };
}

export async function startFakeElevenLabs(options: FakeElevenLabsOptions = {}): Promise<FakeElevenLabs> {
  const apiKey = options.apiKey ?? 'xi-test-fake-elevenlabs';
  const msPerChar = options.msPerChar ?? 60;
  const maxChars = options.maxChars ?? 10000;
  const requests: FakeElevenRequest[] = [];
  const steps: FakeElevenStep[] = [];
  const voices: FakeElevenVoice[] = FAKE_ELEVEN_PREMADE.map((v) => ({ ...v, labels: { ...v.labels } }));

  async function answer(req: IncomingMessage, res: ServerResponse, request: FakeElevenRequest, step: FakeElevenStep | undefined): Promise<void> {
    if (step?.kind === 'delay') {
      await new Promise((r) => setTimeout(r, step.ms));
      if (res.destroyed) return;
      return answer(req, res, request, step.then);
    }
    if (step?.kind === 'error') {
      return detail(res, step.status, step.status_code ?? 'scripted_error', step.message ?? `Scripted error ${step.status}`, step.headers);
    }
    const key = req.headers['xi-api-key'];
    if (!key) return detail(res, 401, 'needs_authorization', 'Neither authorization header nor xi-api-key received, please provide one.');
    if (key !== apiKey) return detail(res, 401, 'invalid_api_key', 'Invalid API key');

    const { method, path } = request;
    if (method === 'GET' && path === '/v1/voices') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ voices }));
    }
    const tts = /^\/v1\/text-to-speech\/([^/]+)$/.exec(path);
    if (method === 'POST' && tts) {
      const voiceId = decodeURIComponent(tts[1]!);
      const voice = voices.find((v) => v.voice_id === voiceId);
      if (!voice) return detail(res, 404, 'voice_not_found', `A voice with voice_id ${voiceId} does not exist.`);
      const body = request.json as Record<string, unknown> | null;
      if (!body || typeof body.text !== 'string') return validation(res, ['body', 'text'], 'Field required');
      const text = body.text;
      const model = (body.model_id as string | undefined) ?? 'eleven_multilingual_v2';
      if (!FAKE_ELEVEN_MODELS.includes(model)) return detail(res, 400, 'model_not_found', `A model with model ID ${model} does not exist`);
      if (text.length > maxChars) {
        return detail(res, 400, 'max_character_limit_exceeded', `Text is too long: ${text.length} characters, the limit of ${model} is ${maxChars}.`);
      }
      const settings = (body.voice_settings ?? {}) as { speed?: unknown };
      const speed = settings.speed ?? 1;
      if (typeof speed !== 'number' || speed < 0.7 || speed > 1.2) {
        return detail(res, 400, 'invalid_voice_settings', `speed must be between 0.7 and 1.2, got ${String(speed)}`);
      }
      const format = request.query.output_format ?? 'mp3_44100_128';
      const rate = /^pcm_(\d+)$/.exec(format);
      if (!rate || !PCM_RATES.includes(Number(rate[1]))) {
        // The real API also encodes mp3, opus, ulaw and alaw; this fake produces only PCM.
        return detail(res, 400, 'invalid_output_format', `This fake server only produces pcm_<rate>, not '${format}'.`);
      }
      if (step?.kind === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ audio: null }));
      }
      const frequency = 150 + voices.indexOf(voice) * 15;
      const pcm = sineTonePcm(toneMsForText(text, msPerChar, speed), Number(rate[1]), frequency);
      res.writeHead(200, { 'content-type': 'audio/pcm' });
      for (let i = 0; i < pcm.length; i += 16384) res.write(pcm.subarray(i, i + 16384));
      return void res.end();
    }
    if (method === 'POST' && path === '/v1/voices/add') {
      const form = request.form;
      if (!form) return validation(res, ['body', 'name'], 'Field required');
      if (!form.fields.name?.trim()) return validation(res, ['body', 'name'], 'Field required');
      // Clients send the repeated field as 'files' or 'files[]'.
      const files = form.files.filter((f) => f.field === 'files' || f.field === 'files[]');
      if (files.length === 0) return validation(res, ['body', 'files'], 'Field required');
      const empty = files.find((f) => f.size === 0);
      if (empty) return detail(res, 400, 'invalid_audio', `The file ${empty.filename} is empty.`);
      let labels: Record<string, string> = {};
      if (form.fields.labels) {
        try {
          labels = JSON.parse(form.fields.labels) as Record<string, string>;
        } catch {
          return detail(res, 400, 'invalid_labels', 'labels must be a JSON object of strings');
        }
      }
      const voiceId = randomBytes(15).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, 20);
      voices.push({
        voice_id: voiceId,
        name: form.fields.name.trim(),
        category: 'cloned',
        description: form.fields.description ?? null,
        labels,
        preview_url: null,
        settings: null,
        verified_languages: [],
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ voice_id: voiceId, requires_verification: false }));
    }
    return detail(res, 404, 'not_found', `Not found: ${method} ${path}`);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const contentType = String(req.headers['content-type'] ?? '');
      let json: unknown = null;
      let form: FakeElevenRequest['form'] = null;
      if (contentType.startsWith('application/json')) {
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          json = null;
        }
      } else if (contentType.startsWith('multipart/form-data')) {
        form = await parseForm(raw, contentType);
      }
      const request: FakeElevenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        json,
        form,
      };
      requests.push(request);
      await answer(req, res, request, steps.shift());
    })().catch((err: Error) => {
      if (!res.headersSent) detail(res, 500, 'fake_failure', `Fake server failure: ${err.message}`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    voices,
    push: (...more) => void steps.push(...more),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
