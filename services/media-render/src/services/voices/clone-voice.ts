import { Access, AppError } from '@trainwright/platform';
import { CloneRejected } from '../../domain/voice-cloner.js';
import { CLONE_REQUIRED_MESSAGE } from '../../voices/clone-rules.js';
import type { VoiceDeps, VoiceView } from './deps.js';

/** A voice from samples: matched (espeak-ng pitch and rate), labelled as such. */
export async function cloneVoice(
  deps: Pick<VoiceDeps, 'memberships' | 'storage' | 'cloner' | 'voices'>,
  userId: string,
  companyId: string,
  input: { name: string; description: string; samples: Array<{ filename: string; storageKey: string; size: number }> },
): Promise<VoiceView> {
  // Any member may hear the company's voices; making one is an editor's (a viewer's is FORBIDDEN).
  await new Access(deps.memberships).require({ userId, companyId, action: 'voice.create' });
  if (!input.name.trim() || input.samples.length === 0) throw AppError.validation('name', CLONE_REQUIRED_MESSAGE);
  const files = await Promise.all(input.samples.map(async (s) => ({ filename: s.filename, bytes: await deps.storage.read(s.storageKey), size: s.size })));
  try {
    const { voice } = await deps.cloner.clone({ name: input.name, description: input.description, files });
    const id = await deps.voices.insertCustomVoice(companyId, userId, voice);
    return { ...voice, voice_id: id, locked: false, locked_message: '' };
  } catch (error) {
    if (error instanceof CloneRejected) throw AppError.validation(error.problems[0]?.filename ? 'files' : 'name', error.message);
    throw error;
  }
}
