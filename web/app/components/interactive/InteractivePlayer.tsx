// The interactive player (@trainwright/interactive-player) in a React page: mounted into a ref'd
// element after render, destroyed on unmount. It is mounted again when the video, its elements or
// the interface language change (the player takes its words at mount), starting where the last one
// was, so switching language or editing the elements does not send the viewer back to the start.
import { useEffect, useRef, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { InteractiveVideoMetadata } from '@trainwright/catalogue';
import { injectPlayerStyles, mountInteractivePlayer, playerLabels, type PlayerEvent, type PlayerHandle } from '@trainwright/interactive-player';

export interface InteractivePlayerProps {
  videoUrl: string;
  captionsUrl?: string | null;
  metadata: InteractiveVideoMetadata;
  /** Where the first mount starts (seconds). */
  resumeAt?: number;
  onEvent?: (event: PlayerEvent) => void;
  onBranchToProject?: (projectId: string, player: PlayerHandle) => void;
  /** The mounted player, for callers that read its state or seek. */
  handleRef?: MutableRefObject<PlayerHandle | null>;
  className?: string;
  testId?: string;
}

export function InteractivePlayer({ videoUrl, captionsUrl, metadata, resumeAt = 0, onEvent, onBranchToProject, handleRef, className, testId }: InteractivePlayerProps) {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const rootRef = useRef<HTMLDivElement>(null);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const onBranchRef = useRef(onBranchToProject);
  onBranchRef.current = onBranchToProject;
  const firstStart = useRef(resumeAt);
  /** Where the previous mount was when it went (a remount continues there). */
  const lastTime = useRef<number | null>(null);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    injectPlayerStyles(document);
    const start = lastTime.current ?? firstStart.current;
    let handle: PlayerHandle | null = null;
    handle = mountInteractivePlayer(root, {
      videoUrl,
      captionsUrl: captionsUrl ?? null,
      metadata,
      labels: playerLabels(language),
      resumeAt: start > 0 ? start : undefined,
      onEvent: (event) => onEventRef.current?.(event),
      onBranchToProject: (projectId) => {
        if (handle) onBranchRef.current?.(projectId, handle);
      },
    });
    if (handleRef) handleRef.current = handle;
    return () => {
      const state = handle?.state();
      lastTime.current = state && !state.ended && state.time > 0 ? state.time : lastTime.current;
      handle?.destroy();
      if (handleRef && handleRef.current === handle) handleRef.current = null;
      handle = null;
    };
  }, [videoUrl, captionsUrl, metadata, language, handleRef]);

  return <div ref={rootRef} className={className} data-testid={testId} />;
}
