// Spoken clips kept by what they say: a re-render (the other video format, a new template, a typo
// fixed on one slide, a voice preview asked again) speaks only the words that changed, and a cloud
// provider is not paid twice for the same words. The key is the provider's identity (engine, model,
// endpoint), the voice settings and the text; the value the WAV itself, in memory, bounded in bytes
// (render/kept-bytes.ts). The clip says which engine first spoke it.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { KeptBytes, type KeptStats } from '../../render/kept-bytes.js';
import type { SpeechClip, SpeechProvider, Voice, VoiceSettings } from '../../domain/types.js';

interface KeptClip {
  wav: Buffer;
  durationMs: number;
  engine?: string;
}

/** The key of a clip: the same provider, settings and text speak the same clip. */
export function clipKey(identity: string, settings: VoiceSettings, text: string): string {
  // Settings sorted by name, so the order a caller built them in does not matter.
  const sorted = Object.entries(settings)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify([identity, sorted, text])).digest('base64url');
}

export class KeptClipsProvider implements SpeechProvider {
  private readonly kept: KeptBytes<KeptClip>;

  /** `identity` names what speaks (provider, model, endpoint); `maxBytes` bounds the kept WAVs. */
  constructor(
    readonly inner: SpeechProvider,
    private readonly identity: string,
    maxBytes: number,
  ) {
    this.kept = new KeptBytes<KeptClip>('spoken_clips', maxBytes, (c) => c.wav.length);
  }

  get name(): string {
    return this.inner.name;
  }

  voices(): Promise<Voice[]> {
    return this.inner.voices();
  }

  /** How many clips are kept and how often a request found its clip (also on /metrics: render/kept-bytes.ts). */
  stats(): KeptStats {
    return this.kept.stats();
  }

  async synthesize(text: string, settings: VoiceSettings, outPath: string): Promise<SpeechClip> {
    const key = clipKey(this.identity, settings, text);
    const kept = this.kept.get(key);
    if (kept) {
      await mkdir(dirname(outPath), { recursive: true });
      await writeFile(outPath, kept.wav);
      return { wavPath: outPath, durationMs: kept.durationMs, ...(kept.engine ? { engine: kept.engine } : {}) };
    }
    const clip = await this.inner.synthesize(text, settings, outPath);
    // Read back before anyone else touches the file (narration joins and removes part files later).
    const wav = await readFile(clip.wavPath);
    this.kept.set(key, { wav, durationMs: clip.durationMs, ...(clip.engine ? { engine: clip.engine } : {}) });
    return clip;
  }
}
