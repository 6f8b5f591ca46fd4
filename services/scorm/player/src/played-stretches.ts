// The stretches of the video played, from the interactive player's events (pure: no DOM, so the
// tests read it as the package player runs it).

/** The most media time one progress interval (5 s) of playback covers, at up to double speed, with slack. */
const MAX_PROGRESS_GAP_SECONDS = 10.5;

/**
 * The stretches of the video played, from the interactive player's events: between two samples
 * taken during playback (progress, an answered quiz, complete) the video played, unless the gap is
 * more than playback could cover since (a seek). A chapter reached other than by playback (a seek,
 * the menu, a skip, a hotspot, a branch) starts afresh where it landed.
 */
export class PlayedStretches {
  private from: number | null = null;
  private at = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Playback (re)starts at `time` (the view event, or a jump). */
  restart(time: number): void {
    this.from = time;
    this.at = this.now();
  }

  /** A sample at `time` during playback: the stretch [from, to] played since the last one. */
  sample(time: number): [number, number] {
    const from = this.from;
    const elapsed = (this.now() - this.at) / 1000;
    this.restart(time);
    if (from === null || time < from) return [time, time];
    const gap = time - from;
    return gap <= Math.min(MAX_PROGRESS_GAP_SECONDS, 2 * elapsed + 0.5) ? [from, time] : [time, time];
  }
}
