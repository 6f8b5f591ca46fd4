// A project's generator request (the proto oneof) as the catalogue types it.
import { isGeneratorType, normalizeGeneratorRequest, type GeneratorRequest } from '@trainwright/catalogue';
import { GeneratorRequest as GeneratorRequestMessage } from '@trainwright/proto/trainwright/project/v1/project';

/**
 * `{generator_type, request_data}` from the message's JSON form (`{<generator_type>: <request_data>}`),
 * or null when it holds no AI generator method. The catalogue's normaliser puts back the empty lists
 * toJSON leaves out; the request was checked against its upload when the project was created.
 */
export function generatorRequestOf(message: GeneratorRequestMessage | undefined): GeneratorRequest | null {
  const json = message ? (GeneratorRequestMessage.toJSON(message) as Record<string, unknown>) : {};
  const type = Object.keys(json).find(isGeneratorType);
  return type ? normalizeGeneratorRequest(type, json[type], true) : null;
}
