// The generated-content model (@trainwright/formats) on the wire: the proto message's JSON form is
// the model field for field, so the generated fromJSON/toJSON convert and nothing is mapped by hand.
import type { GeneratedContent } from '@trainwright/formats';
import { GeneratedContent as GeneratedContentMessage } from '@trainwright/proto/trainwright/content/v1/content';

export function contentToMessage(content: GeneratedContent): GeneratedContentMessage {
  return GeneratedContentMessage.fromJSON(content);
}

/** The model from a message, or from a stored document (missing fields take their defaults). */
export function contentFromMessage(message: GeneratedContentMessage): GeneratedContent {
  // toJSON leaves out empty lists and an absent message; the model always has them.
  const json = GeneratedContentMessage.toJSON(message) as Partial<GeneratedContent> & { slides?: Partial<GeneratedContent['slides']> };
  return {
    script: json.script ?? '',
    slides: { slide_content: json.slides?.slide_content ?? '', quality_assessment: json.slides?.quality_assessment ?? null },
    engine: json.engine ?? '',
    summary: json.summary ?? '',
    objectives: json.objectives ?? [],
    questions: (json.questions ?? []).map((q) => ({ ...q, options: q.options ?? [] })),
    glossary: json.glossary ?? [],
    modules: (json.modules ?? []).map((m) => ({ ...m, objectives: m.objectives ?? [], topics: m.topics ?? [], prerequisites: m.prerequisites ?? [] })),
    notices: json.notices ?? [],
    citations: json.citations ?? [],
  };
}

/** A stored document read back as the model (older rows may lack fields). */
export function contentFromStored(stored: unknown): GeneratedContent {
  return contentFromMessage(GeneratedContentMessage.fromJSON(stored ?? {}));
}
