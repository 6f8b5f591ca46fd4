// The plain video screen's playback as the interactive player reports it (PlayerEvent: play, pause,
// seek, complete), so one VideoTracker turns either video into statements for Trainwright's LRS.
// Pure (no DOM): plain-video-element.ts feeds it from the <video>.
import { TIME_EPSILON, WatchedSeconds, type PlayerEvent } from '@trainwright/interactive-player';

/** Two samples further apart than this (media seconds, at normal speed) are a jump, not playback. */
const MAX_SAMPLE_GAP_SECONDS = 5;

export class PlainVideoEvents {
  private readonly watched = new WatchedSeconds();
  /** Where playback was last seen (a sample, a seek's landing). */
  private at = 0;
  private seekFrom: number | null = null;
  /** The player's own jump to where the learner left off, which is not the learner's seek. */
  private resumeTarget: number | null = null;
  private completed = false;

  constructor(
    private readonly durationSeconds: number,
    /** Percent of the video's seconds watched that completes it (the package's completion threshold). */
    private readonly thresholdPercent: number,
  ) {}

  /** The screen will jump to `time` where the learner left off. */
  expectResume(time: number): void {
    this.resumeTarget = time;
  }

  play(time: number): PlayerEvent[] {
    this.resumeTarget = null;
    this.at = time;
    return [{ type: 'play', media_time: time }];
  }

  pause(time: number): PlayerEvent[] {
    return [...this.sample(time), { type: 'pause', media_time: time }];
  }

  /** A seek begins (several seeking events may come before seeked). */
  seeking(): void {
    if (this.seekFrom === null) this.seekFrom = this.at;
  }

  seeked(time: number): PlayerEvent[] {
    const from = this.seekFrom ?? this.at;
    this.seekFrom = null;
    this.at = time;
    if (this.resumeTarget !== null && Math.abs(time - this.resumeTarget) < 0.5) {
      this.resumeTarget = null;
      return [];
    }
    return Math.abs(time - from) > TIME_EPSILON ? [{ type: 'seek', value: String(Math.round(from * 1000) / 1000), media_time: time }] : [];
  }

  /**
   * The playhead at `time` during playback (rate: the playback rate): the stretch since the last
   * sample is watched; complete once the watched share reaches the threshold.
   */
  sample(time: number, rate = 1): PlayerEvent[] {
    if (this.seekFrom !== null) return [];
    const gap = time - this.at;
    if (gap > 0 && gap <= MAX_SAMPLE_GAP_SECONDS * Math.max(1, rate)) this.watched.add(this.at, time);
    this.at = time;
    if (this.completed || this.watched.percent(this.durationSeconds) < this.thresholdPercent) return [];
    this.completed = true;
    return [{ type: 'complete', value: String(Math.round(this.watched.percent(this.durationSeconds))), media_time: time }];
  }
}
