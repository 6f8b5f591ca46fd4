// The real length of a video, read by the browser from the file's own metadata (a detached video
// element that loads only the metadata): what the interactive video editor times its elements
// against. Null until known, and when there is no video or it cannot be read.
import { useEffect, useState } from 'react';

export function useVideoSeconds(src: string | null): number | null {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    setSeconds(null);
    if (!src) return;
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    const read = () => {
      if (Number.isFinite(video.duration) && video.duration > 0) setSeconds(video.duration);
    };
    video.addEventListener('loadedmetadata', read);
    video.src = src;
    return () => {
      video.removeEventListener('loadedmetadata', read);
      // Stops the download the element started.
      video.removeAttribute('src');
      video.load();
    };
  }, [src]);
  return seconds;
}
