// The generator as the library sees it (gRPC ReadLibrarySource): a file, page or text read into
// passages in the generator's sandbox. Its refusals (a file it cannot read, a page it may not
// fetch) travel back as AppErrors with their code and message.
import { createGrpcClient, type PromiseClient } from '@trainwright/platform';
import { GeneratorServiceClient, GeneratorServiceService } from '@trainwright/proto/trainwright/generator/v1/generator';
import type { LibraryReader, LibrarySourceRead, LibrarySourceRequest } from '../services/library/deps.js';

export class LibraryReaderRepository implements LibraryReader {
  private readonly client: PromiseClient<typeof GeneratorServiceService>;

  /** `deadlineMs`: reading a long document takes longer than an ordinary call. */
  constructor(generatorAddress: string, options: { deadlineMs: number }) {
    this.client = createGrpcClient(GeneratorServiceClient as never, GeneratorServiceService, generatorAddress, options);
  }

  async read(source: LibrarySourceRequest, title: string, maxPassages: number): Promise<LibrarySourceRead> {
    const answer = await this.client.readLibrarySource({ ...source, title, maxPassages }, {});
    return { title: answer.title, language: answer.language, passages: answer.passages, characters: answer.characters };
  }

  close(): void {
    this.client.close();
  }
}
