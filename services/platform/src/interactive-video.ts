// The interactive video model (@trainwright/catalogue's interactive-video.ts) on the wire: the proto
// messages' JSON form is the model field for field (the specification's snake_case names), so the
// generated fromJSON/toJSON convert; only what toJSON leaves out (empty lists, an absent style or
// action_data) is put back, so the model always has every field the catalogue's validation reads.
import type { InteractiveElements, InteractiveVideoMetadata } from '@trainwright/catalogue';
import {
  InteractiveElements as InteractiveElementsMessage,
  InteractiveVideoMetadata as InteractiveVideoMetadataMessage,
} from '@trainwright/proto/trainwright/scorm/v1/scorm';

type Json = Record<string, unknown>;

const camelCase = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * toJSON writes a number that is not finite as a string ('Infinity', 'NaN'); the model keeps it a
 * number, so that the catalogue's validation (and the service's) refuses it as the number it is.
 */
function restoreNumbers(message: unknown, json: unknown): unknown {
  if (Array.isArray(json) && Array.isArray(message)) return json.map((item, i) => restoreNumbers(message[i], item));
  if (!json || typeof json !== 'object' || !message || typeof message !== 'object') return json;
  const out: Json = {};
  for (const [key, value] of Object.entries(json as Json)) {
    const original = (message as Json)[camelCase(key)];
    out[key] = typeof original === 'number' && typeof value === 'string' ? original : restoreNumbers(original, value);
  }
  return out;
}
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const object = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

/** The five element lists with their nested lists and objects present. */
function elementsOf(json: Json): InteractiveElements {
  return {
    hotspots: list(json.hotspots).map((h) => ({
      ...h,
      action_data: object(h.action_data),
      style: { background_color: '', text_color: '', border_color: '', opacity: 0, ...object(h.style) },
    })),
    quizzes: list(json.quizzes).map((q) => ({ ...q, options: list(q.options) })),
    call_to_actions: list(json.call_to_actions).map((c) => ({ ...c, style: { background_color: '', text_color: '', border_radius: 0, padding: 0, ...object(c.style) } })),
    chapters: list(json.chapters),
    branching_scenarios: list(json.branching_scenarios).map((s) => ({ ...s, branches: list(s.branches) })),
  } as unknown as InteractiveElements;
}

export function interactiveMetadataToMessage(metadata: InteractiveVideoMetadata): InteractiveVideoMetadataMessage {
  return InteractiveVideoMetadataMessage.fromJSON(metadata);
}

/** The model from a message (or a stored document read back through fromJSON). */
export function interactiveMetadataFromMessage(message: InteractiveVideoMetadataMessage): InteractiveVideoMetadata {
  const json = restoreNumbers(message, InteractiveVideoMetadataMessage.toJSON(message)) as Json;
  return {
    project_id: (json.project_id as string | undefined) ?? '',
    video_duration: (json.video_duration as number | undefined) ?? 0,
    ...elementsOf(json),
    analytics_enabled: (json.analytics_enabled as boolean | undefined) ?? false,
    completion_threshold: (json.completion_threshold as number | undefined) ?? 0,
  };
}

export function interactiveElementsToMessage(elements: InteractiveElements): InteractiveElementsMessage {
  return InteractiveElementsMessage.fromJSON(elements);
}

export function interactiveElementsFromMessage(message: InteractiveElementsMessage | undefined): InteractiveElements {
  return elementsOf(message ? (restoreNumbers(message, InteractiveElementsMessage.toJSON(message)) as Json) : {});
}
