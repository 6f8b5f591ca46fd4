// The configured engine: an OpenAI-compatible model when a base URL is set, else the offline engine.
import type { GeneratorEngine } from '../domain/types.js';
import { OfflineEngine } from './offline/offline-engine.js';
import { OpenAiEngine, type OpenAiEngineConfig } from './openai-engine.js';

export function createEngine(llm: OpenAiEngineConfig): GeneratorEngine {
  return llm.baseURL ? new OpenAiEngine(llm) : new OfflineEngine();
}
