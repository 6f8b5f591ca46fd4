// The hooks of interactive video: the project's video in the editor (its state kept current by the
// interactive_video.* live events the project list passes on), and the published video behind a
// share token (the public pages). lib/interactive-video.ts has the rules and calls.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  applyInteractiveEvent,
  fetchInteractiveVideo,
  fetchPublished,
  mergeLoadedVideo,
  onInteractiveEvent,
  type InteractiveVideo,
  type PublishedInteractiveVideo,
} from './interactive-video';
import { usePublicLink, useSeededLoad } from './server-data';

/**
 * GET /api/projects/{id}/interactive-video while the dialog is open (null: the project has none
 * yet; `loaded` tells whether the answer came). Events move its status and progress in place; a
 * ready version, or a version newer than the one shown (created elsewhere), reloads it quietly for
 * the published version and the elements.
 */
export function useInteractiveVideo(projectId: string | null) {
  const [video, setVideo] = useState<InteractiveVideo | null>(null);
  const [loaded, setLoaded] = useState(false);
  const current = useRef(video);
  current.current = video;
  const fetcher = useCallback(async () => (projectId ? fetchInteractiveVideo(projectId) : null), [projectId]);
  const { error, loading, reload } = useSeededLoad(fetcher, (answer) => {
    setVideo((shown) => mergeLoadedVideo(shown, answer));
    setLoaded(true);
  });

  useEffect(
    () =>
      onInteractiveEvent((event) => {
        if (!projectId || event.project_id !== projectId) return;
        const shown = current.current;
        if (!shown || event.status === 'ready' || (event.version && event.version > shown.version)) void reload({ quiet: true });
        setVideo((v) => applyInteractiveEvent(v, event));
      }),
    [projectId, reload],
  );

  /** The create answer: shown at once (the events then move it). */
  const created = useCallback((v: InteractiveVideo) => setVideo(v), []);

  return { video, loaded, error, loading, reload, created };
}

export type InteractiveVideoState = ReturnType<typeof useInteractiveVideo>;

/**
 * The published video behind a token for /watch and /embed: the loader's answer when it has one
 * (`gone` for its 404), else loaded in the browser.
 */
export function usePublishedVideo(token: string, initial: { video: PublishedInteractiveVideo | null; gone: boolean }) {
  const { value, ...rest } = usePublicLink(token, fetchPublished, { value: initial.video, gone: initial.gone });
  return { video: value, ...rest };
}
