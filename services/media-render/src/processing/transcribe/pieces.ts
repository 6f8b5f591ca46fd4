// Long audio for a recogniser that takes only so much at a time (Google Speech-to-Text inline:
// 60 s; longer audio would have to sit in a Cloud Storage bucket): cut into pieces of at most
// `maxSeconds`, each cut in the quietest 200 ms of the last `searchSeconds` before the limit (a
// pause between words or sentences), so a word is not cut in two. Pure: samples in, cuts out.

/** Analysis frame (10 ms) and the quiet stretch a cut is centred in (20 frames). */
const FRAMES_PER_SECOND = 100;
const QUIET_FRAMES = 20;

/** Sample offsets where 16-bit mono PCM is cut (neither 0 nor the end), in order. */
export function pieceCuts(samples: Int16Array, sampleRate: number, maxSeconds: number, searchSeconds = 15): number[] {
  const frameLength = Math.max(1, Math.round(sampleRate / FRAMES_PER_SECOND));
  const frames = Math.ceil(samples.length / frameLength);
  // Prefix sums of each frame's energy: any stretch's energy in O(1).
  const energy = new Float64Array(frames + 1);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const end = Math.min(samples.length, (f + 1) * frameLength);
    for (let i = f * frameLength; i < end; i++) sum += samples[i]! * samples[i]!;
    energy[f + 1] = energy[f]! + sum;
  }
  const maxFrames = Math.floor(maxSeconds * FRAMES_PER_SECOND);
  const searchFrames = Math.min(maxFrames - QUIET_FRAMES, Math.floor(searchSeconds * FRAMES_PER_SECOND));
  const cuts: number[] = [];
  let start = 0;
  while (frames - start > maxFrames) {
    // Windows [w, w + QUIET_FRAMES) ending by the limit: the quietest's energy, then the latest
    // window about as quiet (within 3 dB: pauses over the same room noise are alike), so pieces
    // stay long; the cut is in its middle.
    const first = start + maxFrames - QUIET_FRAMES - searchFrames;
    const last = start + maxFrames - QUIET_FRAMES;
    const windowEnergy = (w: number) => energy[w + QUIET_FRAMES]! - energy[w]!;
    let quietest = Infinity;
    for (let w = first; w <= last; w++) quietest = Math.min(quietest, windowEnergy(w));
    let best = last;
    while (best > first && windowEnergy(best) > quietest * 2) best--;
    const cut = best + QUIET_FRAMES / 2;
    cuts.push(cut * frameLength);
    start = cut;
  }
  return cuts;
}
