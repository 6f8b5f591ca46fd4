// The translation service over gRPC: a completed translation's content, as a render job renders it.
import { AppError, createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { TranslationServiceClient, TranslationServiceService, type Translation } from '@trainwright/proto/trainwright/translation/v1/translation';
import type { TranslationDirectory } from '../services/ports.js';

export class TranslationDirectoryRepository implements TranslationDirectory {
  private readonly translations: PromiseClient<typeof TranslationServiceService>;

  constructor(translationAddress: string, options: { deadlineMs: number }) {
    this.translations = createGrpcClient(TranslationServiceClient as never, TranslationServiceService, translationAddress, options);
  }

  async renderContent(projectId: string, language: string): Promise<Translation | null> {
    try {
      return await this.translations.getRenderContent({ projectId, language });
    } catch (error) {
      // Deleted (or never completed): nothing to render.
      // Gone (404), or started again and not finished (409): nothing to render for this version.
      if (error instanceof AppError && (error.status === 404 || error.status === 409)) return null;
      throw error;
    }
  }

  close(): void {
    this.translations.close();
  }
}
