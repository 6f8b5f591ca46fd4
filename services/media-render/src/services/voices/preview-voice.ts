import { voicePreviewLocation } from '@trainwright/catalogue';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { checkVoice } from './check-voice.js';
import type { VoiceDeps } from './deps.js';

/** The preview text when the caller sends none (the specification's fixed sample). */
export const DEFAULT_PREVIEW_TEXT = 'Hello! This is a preview of the voice that will narrate your training video.';
const MAX_PREVIEW_CHARS = 500;

/**
 * Speaks the sample text with the voice into storage; the gateway serves it by its id (see
 * voicePreviewLocation). A library voice's preview is shared by everyone who asks for the same text;
 * a company's own voice's preview belongs to that company, as the voice does.
 */
export async function previewVoice(
  deps: Pick<VoiceDeps, 'catalogue' | 'memberships' | 'speech' | 'storage' | 'workDirs'>,
  userId: string,
  companyId: string,
  voiceId: string,
  sampleText: string,
): Promise<{ audioId: string; storageKey: string }> {
  const voice = await checkVoice(deps, userId, companyId, voiceId);
  const text = (sampleText.trim() || DEFAULT_PREVIEW_TEXT).slice(0, MAX_PREVIEW_CHARS);
  const own = voiceId.startsWith('custom:');
  const hash = createHash('sha256')
    .update(JSON.stringify(own ? [companyId, voice.settings, text] : [voice.settings, text]))
    .digest('hex')
    .slice(0, 32);
  const audioId = own ? `${companyId.replace(/-/g, '').toLowerCase()}${hash}` : hash;
  const storageKey = voicePreviewLocation(audioId)!.storageKey;
  if (await deps.storage.has(storageKey)) return { audioId, storageKey };
  await deps.workDirs.use(async (dir) => {
    const clip = await deps.speech.synthesize(text, voice.settings, join(dir, 'preview.wav'));
    await deps.storage.save(storageKey, { path: clip.wavPath });
  });
  return { audioId, storageKey };
}
