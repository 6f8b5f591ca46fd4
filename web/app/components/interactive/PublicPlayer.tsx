// A published interactive video in the public pages (/watch/{token}, /embed/{token}): the player,
// its learners' statements sent to the learning record store (lib/learner-tracking.ts), the last
// second reached kept in localStorage per token (the next visit resumes there; the end forgets it),
// and a branch to another project's video opening that video's page (in the same kind of page, so
// an embedded player stays embeddable).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from '@remix-run/react';
import type { PlayerEvent, PlayerHandle } from '@trainwright/interactive-player';
import { interactivePaths, readResume, writeResume, type PublishedInteractiveVideo } from '~/lib/interactive-video';
import { startLearnerSession, type LearnerSession } from '~/lib/learner-tracking';
import { InteractivePlayer } from './InteractivePlayer';

/** How often the position is written down while the page is open. */
const SAVE_POSITION_MS = 1000;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage refused (a sandboxed frame)
  }
}

export function PublicPlayer({ token, video, mode }: { token: string; video: PublishedInteractiveVideo; mode: 'watch' | 'embed' }) {
  const navigate = useNavigate();
  const player = useRef<PlayerHandle | null>(null);
  const session = useRef<LearnerSession | null>(null);
  // Read in the browser only (the player mounts after hydration); 0 on the server.
  const [resumeAt] = useState(() => readResume(storage(), token));

  useEffect(() => {
    const save = () => {
      const state = player.current?.state();
      if (!state) return;
      if (state.ended) writeResume(storage(), token, null);
      // Before the video has loaded the position is 0: nothing reached yet, nothing to forget.
      else if (state.time > 0) writeResume(storage(), token, state.time);
    };
    const timer = setInterval(save, SAVE_POSITION_MS);
    window.addEventListener('pagehide', save);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', save);
      save();
    };
  }, [token]);

  // One learner session per visit, ended (its last statement sent) when the page goes.
  useEffect(() => {
    if (!video.tracking) return;
    const current = startLearnerSession({ tracking: video.tracking, title: video.title, metadata: video.video_metadata, channel: mode === 'embed' ? 'embed' : 'interactive' });
    session.current = current;
    const end = () => current.end(player.current?.state().time ?? 0);
    window.addEventListener('pagehide', end);
    return () => {
      window.removeEventListener('pagehide', end);
      end();
      session.current = null;
    };
  }, [video.tracking, video.title, video.video_metadata, mode]);

  // Analytics never stop the video: the sender keeps or drops what it cannot send.
  const onEvent = useCallback((event: PlayerEvent) => session.current?.onEvent(event), []);

  const onBranchToProject = useCallback(
    (projectId: string, handle: PlayerHandle) => {
      const target = video.branch_targets?.[projectId];
      if (!target) {
        // That project's video is not published: the video plays on.
        void handle.play();
        return;
      }
      navigate(mode === 'embed' ? interactivePaths.embed(target) : interactivePaths.watch(target));
    },
    [video.branch_targets, mode, navigate],
  );

  return (
    <InteractivePlayer
      videoUrl={video.video_url}
      captionsUrl={video.captions_url}
      metadata={video.video_metadata}
      resumeAt={resumeAt}
      onEvent={onEvent}
      onBranchToProject={onBranchToProject}
      handleRef={player}
      testId="iv-player"
    />
  );
}
