// An AI model with the offline engine behind it. When the model fails (a network error, a
// timeout, an answer that stays invalid JSON, a refused key) the offline engine's result is used,
// and when the model's answer fails the quality checks badly (the scorer grades it F: fragment
// objectives, markup, instructions to the writer, unsound questions...) the offline result is
// used too. Either way the result's `engine` names both ('offline (fallback from openai:gpt-x)')
// and a notice says why. Should the offline engine fail as well, the model's error (or its
// answer) stands.
import type { GenerationInput, GenerationResult, GeneratorEngine, ProgressReporter } from '../domain/types.js';
import { contentBar, scorableFromResult } from '../quality/bar.js';

/** An AI answer scoring below this (grade F) is replaced by the offline engine's result. */
export const FALLBACK_BELOW_SCORE = 60;

export function fallbackEngineName(offline: string, primary: string): string {
  return `${offline} (fallback from ${primary})`;
}

export class FallbackEngine implements GeneratorEngine {
  readonly name: string;

  constructor(
    private readonly primary: GeneratorEngine,
    private readonly offline: GeneratorEngine,
    private readonly minScore = FALLBACK_BELOW_SCORE,
  ) {
    this.name = primary.name;
  }

  async generate(input: GenerationInput, progress: ProgressReporter): Promise<GenerationResult> {
    let answer: GenerationResult;
    try {
      answer = await this.primary.generate(input, progress);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      const offline = await this.offlineResult(input, progress);
      if (!offline) throw err;
      return this.fallback(offline, `The AI model could not be used (${why})`);
    }
    // The model's answer goes through the scorer's fault checks; its source text is not the
    // model's words, so the checks that need the source (objective phrases, quoted sentences)
    // are the deck's own.
    const { failures, score } = contentBar(scorableFromResult(answer), '', 'en');
    if (score >= this.minScore) return answer;
    const offline = await this.offlineResult(input, progress);
    if (!offline) return { ...answer, notices: [...answer.notices, `The AI model's answer scored ${score} on the quality checks (${failures.slice(0, 3).join('; ') || 'see the quality report'}); the offline engine could not make this content either.`] };
    return this.fallback(offline, `The AI model's answer scored ${score} on the quality checks (${failures.slice(0, 3).join('; ') || 'see the quality report'})`);
  }

  private async offlineResult(input: GenerationInput, progress: ProgressReporter): Promise<GenerationResult | null> {
    try {
      return await this.offline.generate(input, progress);
    } catch {
      return null;
    }
  }

  private fallback(result: GenerationResult, why: string): GenerationResult {
    return {
      ...result,
      engine: fallbackEngineName(result.engine, this.primary.name),
      notices: [`${why}: the offline engine made this content from your material instead.`, ...result.notices],
    };
  }
}
