// The translation service over gRPC, for a translated package: a completed translation's content,
// as media-render renders it (GetRenderContent), and its interactive video's texts translated
// (TranslateTexts).
import { AppError, contentFromMessage, createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { TranslationServiceClient, TranslationServiceService } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { TranslationDirectory } from '../services/packages/deps.js';
import type { TranslatedContent } from '../services/types.js';

/** The engine may take a while over an interactive video's texts (a model, a pivot); a build waits in its job. */
const TRANSLATE_TEXTS_DEADLINE_MS = 120_000;

export class TranslationDirectoryRepository implements TranslationDirectory {
  private readonly translations: PromiseClient<typeof TranslationServiceService>;

  constructor(translationAddress: string, options: { deadlineMs: number }) {
    this.translations = createGrpcClient(TranslationServiceClient as never, TranslationServiceService, translationAddress, options);
  }

  async renderContent(projectId: string, language: string): Promise<TranslatedContent | null> {
    try {
      const t = await this.translations.getRenderContent({ projectId, language });
      return {
        language,
        title: t.title,
        description: t.description,
        slidesContent: t.slidesContent,
        scriptContent: t.scriptContent,
        generatedContent: t.generatedContent ? contentFromMessage(t.generatedContent) : null,
      };
    } catch (error) {
      // None (404), or not completed (409: queued, running, failed or started again).
      if (error instanceof AppError && (error.status === 404 || error.status === 409)) return null;
      throw error;
    }
  }

  async translateTexts(request: { companyId: string; projectId: string; from: string; to: string; texts: readonly string[] }): Promise<{ texts: string[] } | { untranslatable: string }> {
    try {
      const answer = await this.translations.translateTexts(
        { companyId: request.companyId, projectId: request.projectId, sourceLanguage: request.from, targetLanguage: request.to, texts: [...request.texts] },
        { deadlineMs: TRANSLATE_TEXTS_DEADLINE_MS },
      );
      if (answer.texts.length !== request.texts.length) throw new Error(`TranslateTexts answered ${answer.texts.length} texts for ${request.texts.length}`);
      return { texts: answer.texts };
    } catch (error) {
      // No route between the languages, or the engine's final failure (409, with its reason).
      if (error instanceof AppError && error.status === 409) return { untranslatable: error.message };
      throw error;
    }
  }

  close(): void {
    this.translations.close();
  }
}
