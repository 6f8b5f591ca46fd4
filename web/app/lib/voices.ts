// The voice library as the screens see it (docs/api.md, "Downloads and voices"; part 2 sections
// 2-5, 7-9): voices with their plan locks, the category filter, the selection a project stores,
// previews, and voice cloning from samples (the client-side checks mirror the server's, with its
// messages). No React here, so the unit tests run it directly.
import type { TFunction } from 'i18next';
import { isTierId, TIERS } from '@trainwright/catalogue';
import { api, get } from './api';
import { extensionOf, VOICE_SAMPLE_UPLOAD, type UploadRule } from '@trainwright/catalogue';
import { formatBytes, sendMultipart, type MultipartHandle } from './uploads';

export interface VoiceLabels {
  gender: string;
  age: string;
  accent?: string;
  language?: string;
}

export interface Voice {
  voice_id: string;
  name: string;
  /** premade, custom, matched (samples tuned an espeak-ng voice) or cloned (ElevenLabs). */
  category: string;
  description: string;
  settings: Record<string, unknown>;
  is_premium: boolean;
  labels: VoiceLabels;
  /** The plan from which the voice may be used. */
  tier: string;
  /** The caller's company may not use it. */
  locked: boolean;
  /** 'This voice requires {Plan} or higher subscription.' when locked. */
  locked_message: string;
}

/** What a project stores as voice_selection (POST /api/projects, the generator call). */
export interface VoiceSelection {
  voice_id: string;
  name: string;
  category: string;
}

export interface VoiceListResponse {
  voices: Voice[];
  /** Category -> number of voices. */
  categories: Record<string, number>;
}

export function voiceSelectionOf(voice: Pick<Voice, 'voice_id' | 'name' | 'category'>): VoiceSelection {
  return { voice_id: voice.voice_id, name: voice.name, category: voice.category };
}

// ---------------------------------------------------------------------------------------------
// Calls

export function listVoices(signal?: AbortSignal): Promise<VoiceListResponse> {
  return get<VoiceListResponse>('/voices/available', signal);
}

export function listCustomVoices(signal?: AbortSignal): Promise<{ voices: Voice[] }> {
  return get<{ voices: Voice[] }>('/voices/user/custom', signal);
}

/** Speaks the server's fixed sample text with the voice; the answer's audio_url is ours. */
export function previewVoice(voiceId: string, signal?: AbortSignal): Promise<{ audio_url: string }> {
  return api<{ audio_url: string }>(`/voices/preview/${encodeURIComponent(voiceId)}`, { method: 'POST', body: {}, signal });
}

/** The preview's address when it is on our own origin (where the gateway serves previews); null otherwise. */
export function previewAudioUrl(audioUrl: unknown, origin: string): string | null {
  if (typeof audioUrl !== 'string' || audioUrl.trim() === '') return null;
  try {
    const url = new URL(audioUrl, origin);
    return url.origin === new URL(origin).origin ? url.href : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// The category filter

export interface CategoryFilter {
  /** '' is All. */
  category: string;
  count: number;
}

/** 'All' with the number of voices, then the server's categories with their counts (from the
 * voices when the answer has no map). */
export function categoryFilters(list: Pick<VoiceListResponse, 'voices' | 'categories'>): CategoryFilter[] {
  const counts: Record<string, number> = { ...(list.categories ?? {}) };
  if (Object.keys(counts).length === 0) for (const v of list.voices) counts[v.category] = (counts[v.category] ?? 0) + 1;
  return [{ category: '', count: list.voices.length }, ...Object.entries(counts).map(([category, count]) => ({ category, count }))];
}

export function filterVoices<V extends Pick<Voice, 'category'>>(voices: readonly V[], category: string): V[] {
  return category ? voices.filter((v) => v.category === category) : [...voices];
}

// ---------------------------------------------------------------------------------------------
// Locks

/** What a locked voice's card says, from the voice's plan (in the interface language); null when
 * the voice may be used. */
export function voiceLockText(voice: Pick<Voice, 'locked' | 'locked_message' | 'tier'>, t: TFunction): string | null {
  if (!voice.locked) return null;
  if (isTierId(voice.tier)) return t('voices.lockedMessage', { plan: TIERS[voice.tier].name });
  return voice.locked_message?.trim() || t('voices.lockedGeneric');
}

// ---------------------------------------------------------------------------------------------
// Cloning

/** Part 2 sections 5 and 9: MP3, WAV, M4A or AAC, at most 10485760 bytes each. */
export const CLONE_RULE: UploadRule = VOICE_SAMPLE_UPLOAD;
/** The gateway takes at most this many samples in one request. */
export const CLONE_MAX_FILES = 10;
export const CLONE_REQUIRED_MESSAGE = 'Please provide a name and at least one audio file';

export type CloneFileProblem = { code: 'type' | 'empty' | 'tooLarge'; name: string; size: number };

/** The server's checks of one sample, in its order: the extension, then empty, then the size.
 * (Whether the bytes really are that audio is checked by the server.) */
export function cloneFileProblem(file: { name: string; size: number }): CloneFileProblem | null {
  if (!CLONE_RULE.extensions.includes(extensionOf(file.name))) return { code: 'type', name: file.name, size: file.size };
  if (file.size === 0) return { code: 'empty', name: file.name, size: file.size };
  if (file.size > CLONE_RULE.maxBytes) return { code: 'tooLarge', name: file.name, size: file.size };
  return null;
}

export type CloneCheck =
  | { ok: true; name: string; description: string }
  | { ok: false; code: 'required' }
  | { ok: false; code: 'tooMany'; max: number }
  | { ok: false; code: 'file'; problem: CloneFileProblem };

/** The clone request's checks: a name and at least one file, then each file. */
export function checkCloneRequest(input: { name: string; description?: string; files: readonly { name: string; size: number }[] }): CloneCheck {
  const name = input.name.trim();
  if (!name || input.files.length === 0) return { ok: false, code: 'required' };
  if (input.files.length > CLONE_MAX_FILES) return { ok: false, code: 'tooMany', max: CLONE_MAX_FILES };
  for (const file of input.files) {
    const problem = cloneFileProblem(file);
    if (problem) return { ok: false, code: 'file', problem };
  }
  return { ok: true, name, description: (input.description ?? '').trim() };
}

export function cloneFileProblemText(problem: CloneFileProblem, t: TFunction, language: string): string {
  if (problem.code === 'type') return t('voices.clone.errors.type', { name: problem.name });
  if (problem.code === 'empty') return t('voices.clone.errors.empty', { name: problem.name });
  return t('voices.clone.errors.tooLarge', { name: problem.name, size: formatBytes(problem.size, language) });
}

/** The message of a failed check, in the interface language. */
export function cloneCheckText(check: Exclude<CloneCheck, { ok: true }>, t: TFunction, language: string): string {
  if (check.code === 'required') return t('voices.clone.errors.required');
  if (check.code === 'tooMany') return t('voices.clone.errors.tooMany', { max: check.max });
  return cloneFileProblemText(check.problem, t, language);
}

/** The multipart body: name, description, then each sample as `files`. */
export function cloneFormData(input: { name: string; description: string; files: readonly File[] }): FormData {
  const form = new FormData();
  form.append('name', input.name);
  form.append('description', input.description);
  for (const file of input.files) form.append('files', file, file.name);
  return form;
}

/** POST /api/voices/clone with XMLHttpRequest: `onProgress` gets the bytes sent. Resolves with the new voice (201). */
export function cloneVoice(
  input: { name: string; description: string; files: readonly File[] },
  onProgress: (sent: number, total: number) => void,
): MultipartHandle<Voice> {
  const totalBytes = input.files.reduce((sum, f) => sum + f.size, 0);
  return sendMultipart<Voice>('/voices/clone', () => cloneFormData(input), onProgress, { totalBytes });
}
