// How the package player turns the interactive player's events into video coverage: the stretch
// between two samples taken during playback counts as played, unless playback could not have
// covered it since (a seek).
import { PlayedStretches } from '../../player/src/played-stretches.js';

describe('PlayedStretches', () => {
  let now = 0;
  const stretches = () => new PlayedStretches(() => now);

  beforeEach(() => {
    now = 1_000_000;
  });

  it('counts the stretch between samples that playback covered', () => {
    const s = stretches();
    s.restart(0); // view
    now += 5000;
    expect(s.sample(5)).toEqual([0, 5]);
    now += 5000;
    expect(s.sample(10.2)).toEqual([5, 10.2]);
    // A quiz paused the video for a minute: the next sample is still the stretch played.
    now += 60_000;
    expect(s.sample(14)).toEqual([10.2, 14]);
  });

  it('counts only where the learner is after a jump, a seek back, or a gap playback could not cover', () => {
    const s = stretches();
    expect(s.sample(3)).toEqual([3, 3]); // no start seen
    now += 5000;
    expect(s.sample(40)).toEqual([40, 40]); // 37 s in 5 s: a seek
    now += 5000;
    expect(s.sample(20)).toEqual([20, 20]); // back
    now += 1000;
    expect(s.sample(24)).toEqual([24, 24]); // 4 s in 1 s: more than double speed with slack
    s.restart(50); // a chapter reached by the menu
    now += 5000;
    expect(s.sample(55)).toEqual([50, 55]);
  });
});
