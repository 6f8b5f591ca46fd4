// Real audio for the fake speech servers: a sine tone (16-bit PCM) whose length follows the text,
// so a test can tell a long narration from a short one by the audio alone.
import { wavHeader } from '../../src/adapters/speech/wav.js';

// Local bindings: the per-sample loop then avoids a global lookup each time (slow in VM contexts
// such as test runners).
const { sin, min, round, PI } = Math;

/** Mono 16-bit little-endian PCM of a sine tone with 10 ms fades (no clicks at the joins). */
export function sineTonePcm(durationMs: number, sampleRate: number, frequency: number, amplitude = 0.3): Buffer {
  const frames = Math.max(0, Math.round((durationMs * sampleRate) / 1000));
  const fade = Math.min(Math.round(sampleRate / 100), Math.floor(frames / 2));
  // A DataView, not Buffer.writeInt16LE per sample: minutes of audio must be quick to make.
  const out = Buffer.alloc(frames * 2);
  const view = new DataView(out.buffer, out.byteOffset, out.length);
  for (let i = 0; i < frames; i++) {
    const envelope = min(1, i / (fade || 1), (frames - 1 - i) / (fade || 1));
    view.setInt16(i * 2, round(sin((2 * PI * frequency * i) / sampleRate) * amplitude * envelope * 32767), true);
  }
  return out;
}

/** The tone's length for a text: `msPerChar` per character at speed 1, at least 100 ms. */
export function toneMsForText(text: string, msPerChar: number, speed = 1): number {
  return Math.max(100, Math.round((text.length * msPerChar) / speed));
}

/** A WAV header whose RIFF and data sizes are placeholders, as streaming TTS servers send it. */
export function streamingWavHeader(sampleRate: number, placeholder = 0xffffffff): Buffer {
  const h = wavHeader({ sampleRate, channels: 1, bitsPerSample: 16 }, 0);
  h.writeUInt32LE(placeholder, 4);
  h.writeUInt32LE(placeholder, 40);
  return h;
}
