// The translation service over gRPC: a completed translation's content, as media-render renders it
// (GetRenderContent), for a translated package.
import { AppError, contentFromMessage, createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { TranslationServiceClient, TranslationServiceService } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { TranslationDirectory } from '../services/ports.js';
import type { TranslatedContent } from '../services/types.js';

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

  close(): void {
    this.translations.close();
  }
}
