// Feeds the plain video screen's <video> to PlainVideoEvents (the DOM side of it).
import type { PlayerEvent } from '@trainwright/interactive-player';
import type { PlainVideoEvents } from './plain-video-events.js';

/** Feeds `events` from the element's playback and hands on what it reports; returns the unsubscribe. */
export function watchVideoElement(video: HTMLVideoElement, events: PlainVideoEvents, report: (event: PlayerEvent) => void): () => void {
  // To the millisecond, as the interactive player reports.
  const now = () => Math.round(video.currentTime * 1000) / 1000;
  const listeners: Record<string, () => PlayerEvent[]> = {
    play: () => events.play(now()),
    pause: () => events.pause(now()),
    seeking: () => (events.seeking(), []),
    seeked: () => (video.seeking ? [] : events.seeked(now())),
    timeupdate: () => (video.paused || video.seeking ? [] : events.sample(now(), video.playbackRate)),
  };
  const handlers = Object.entries(listeners).map(([type, listener]) => {
    const handler = () => listener().forEach(report);
    video.addEventListener(type, handler);
    return () => video.removeEventListener(type, handler);
  });
  return () => handlers.forEach((remove) => remove());
}
