// The configured engine: Apertium offline by default, an OpenAI-compatible model or DeepL by
// configuration (TRANSLATION_ENGINE). Plain options; config.ts maps the environment onto them.
import { ApertiumEngine, type ApertiumOptions } from './apertium.js';
import { DeepLEngine } from './deepl.js';
import type { TranslationEngine } from './engine.js';
import { OpenAiEngine } from './openai.js';

export * from './engine.js';
export * from './apertium.js';
export * from './openai.js';
export * from './deepl.js';
export * from '../text/translate-content.js';

export type EngineKind = 'apertium' | 'openai' | 'deepl';

export interface EngineFactoryOptions {
  engine: EngineKind;
  apertium?: ApertiumOptions;
  openai?: { apiKey: string; baseUrl: string; model: string; timeoutMs?: number };
  deepl?: { authKey: string; serverUrl?: string };
}

/** Builds the engine; Apertium discovers its installed modes here, once. */
export async function createEngine(options: EngineFactoryOptions): Promise<TranslationEngine> {
  switch (options.engine) {
    case 'apertium':
      return ApertiumEngine.create(options.apertium);
    case 'openai': {
      const o = options.openai;
      if (!o?.apiKey || !o.model) throw new Error('TRANSLATION_ENGINE=openai needs OPENAI_API_KEY and TRANSLATION_MODEL.');
      return new OpenAiEngine({ apiKey: o.apiKey, baseUrl: o.baseUrl || 'https://api.openai.com/v1', model: o.model, timeoutMs: o.timeoutMs });
    }
    case 'deepl': {
      const d = options.deepl;
      if (!d?.authKey) throw new Error('TRANSLATION_ENGINE=deepl needs DEEPL_AUTH_KEY.');
      return new DeepLEngine({ authKey: d.authKey, serverUrl: d.serverUrl || undefined });
    }
    default:
      throw new Error(`Unknown translation engine: ${String(options.engine)}.`);
  }
}
