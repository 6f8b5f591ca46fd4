// The plain video screen's playback as the interactive player reports it, for Trainwright's LRS:
// play, pause, the learner's seeks (not the jump to where they left off), and complete once the
// share of the video's seconds watched reaches the package's threshold.
import { describe, expect, it } from '@jest/globals';
import { PlainVideoEvents } from '../../player/src/plain-video-events.js';

describe('PlainVideoEvents', () => {
  it('reports play and pause, and complete once when the watched share reaches the threshold', () => {
    const events = new PlainVideoEvents(10, 50);
    expect(events.play(0)).toEqual([{ type: 'play', media_time: 0 }]);
    expect(events.sample(2)).toEqual([]);
    expect(events.sample(4)).toEqual([]);
    expect(events.pause(4)).toEqual([{ type: 'pause', media_time: 4 }]);
    expect(events.play(4)).toEqual([{ type: 'play', media_time: 4 }]);
    // Seconds 0-4 watched, then 4-5: half of the video.
    expect(events.sample(5)).toEqual([{ type: 'complete', value: '50', media_time: 5 }]);
    expect(events.sample(9)).toEqual([]);
    expect(events.pause(10)).toEqual([{ type: 'pause', media_time: 10 }]);
  });

  it("reports the learner's seek from where playback was, but not the jump to where the learner left off", () => {
    const events = new PlainVideoEvents(60, 100);
    events.expectResume(30);
    events.seeking();
    expect(events.seeked(30)).toEqual([]);
    events.play(30);
    events.sample(33);
    events.seeking();
    events.seeking();
    // No sample is taken while seeking.
    expect(events.sample(50)).toEqual([]);
    expect(events.seeked(50)).toEqual([{ type: 'seek', value: '33', media_time: 50 }]);
    // Landing where it was is no seek.
    events.seeking();
    expect(events.seeked(50)).toEqual([]);
  });

  it('counts as watched only what playback could have covered between samples', () => {
    const events = new PlainVideoEvents(20, 40);
    events.play(0);
    // 12 s between two samples at normal speed: a jump, not playback.
    expect(events.sample(12)).toEqual([]);
    // 12-14 watched: 10 %.
    expect(events.sample(14)).toEqual([]);
    // 6 s at four times the speed is playback: 14-20 watched too, 40 %.
    expect(events.sample(20, 4)).toEqual([{ type: 'complete', value: '40', media_time: 20 }]);
  });
});
