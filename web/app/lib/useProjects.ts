// The project list's state (GET /api/projects with search, filters and paging) and the live
// events (GET /api/events, one stream for the signed-in app) that keep it current while the
// dashboard or My Projects is open (projects, their pay-per-use videos, their translations, their
// SCORM packages and interactive videos; and the company's video processing jobs).
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { get, refreshSession, retryDelayMs } from './api';
import { useSeededLoad } from './server-data';
import {
  applyStatusChange,
  projectQueryString,
  type ProjectSummary,
  type ProjectListResponse,
  type ProjectQuery,
  type StatusChange,
} from './projects';
import { parseCommentEvent, type CommentEvent } from './comments';
import { INTERACTIVE_EVENT_NAMES, parseInteractiveEvent, type InteractiveVideoEvent } from './interactive-video';
import { parseScormEvent, SCORM_EVENT_NAMES, type ScormEvent } from './scorm';
import { parseTranslationEvent, TRANSLATION_EVENT_NAMES, type TranslationEvent } from './translations';
import { applyVideoStatusChange, withHeardVideoStates, type VideoStatusChange } from './video-payment';
import { LiveChangeLog, type LiveChange } from './live-changes';
import { parseVideoJobEvent, VIDEO_JOB_EVENT, type VideoJobEvent } from './video-processing';

export const SEARCH_DEBOUNCE_MS = 300;
export const DEFAULT_PAGE_SIZE = 20;
/** Times the list asks again by itself after a 429 or 503 (then the error and its retry button stay). */
export const MAX_BUSY_RETRIES = 3;

/** Re-runs `reload` whenever another part of the app (the create dialog) changed projects. */
type ChangeListener = () => void;
const changeListeners = new Set<ChangeListener>();

export function notifyProjectsChanged(): void {
  for (const listener of changeListeners) listener();
}

export function onProjectsChanged(listener: ChangeListener): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The list a page opens with (no search or filter, first page): what route loaders read. */
export const INITIAL_PROJECT_QUERY: ProjectQuery = { search: '', status: '', project_type: '', page: 1, page_size: DEFAULT_PAGE_SIZE };

/** The largest page GET /api/projects serves: what a dialog's project picker lists. */
export const PICKER_PAGE_SIZE = 100;

/** The newest projects (one page of PICKER_PAGE_SIZE), for a dialog opened without a project. */
export function fetchPickerProjects(signal?: AbortSignal): Promise<ProjectSummary[]> {
  return get<ProjectListResponse>(`/projects?${projectQueryString({ ...INITIAL_PROJECT_QUERY, page_size: PICKER_PAGE_SIZE })}`, signal).then((list) => list?.projects ?? []);
}

/**
 * The list's state. `initial` is the first page as the route loader read it on the server (for
 * `INITIAL_PROJECT_QUERY`): the list starts from it instead of asking again on mount.
 */
export function useProjectList(pageSize = DEFAULT_PAGE_SIZE, initial: ProjectListResponse | null = null) {
  const [searchInput, setSearchInput] = useState('');
  const [query, setQuery] = useState<ProjectQuery>({ ...INITIAL_PROJECT_QUERY, page_size: pageSize });
  const [data, setData] = useState<ProjectListResponse | null>(initial);
  const queryRef = useRef(query);
  queryRef.current = query;

  // What live events changed while a read was in flight: its answer may predate them.
  const liveChanges = useRef(new LiveChangeLog<ProjectListResponse>());
  // The last pay-per-use video state heard live per project (video-payment.ts withHeardVideoStates).
  const heardVideo = useRef(new Map<string, VideoStatusChange>());
  // Busy answers in a row, counted from the last read the screen asked for (not a retry).
  const busyRetries = useRef(0);
  const retrying = useRef(false);

  const fetchPage = useCallback(
    (signal: AbortSignal) => {
      if (!retrying.current) busyRetries.current = 0;
      retrying.current = false;
      return liveChanges.current
        .read(get<ProjectListResponse>(`/projects?${projectQueryString(query)}`, signal))
        .then((answer) => (answer ? { ...answer, projects: withHeardVideoStates(answer.projects, heardVideo.current) } : answer));
    },
    [query],
  );
  // Busy or too many requests at once: ask again when the server says, a few times, unless a newer
  // request came meanwhile (it aborts this one's signal). The retry is quiet: the list stays shown.
  const onError = useCallback((err: unknown, signal: AbortSignal) => {
    const delay = retryDelayMs(err);
    if (delay === null || busyRetries.current >= MAX_BUSY_RETRIES) return;
    busyRetries.current++;
    setTimeout(() => {
      if (signal.aborted) return;
      retrying.current = true;
      void retryLoad.current({ quiet: true });
    }, delay);
  }, []);
  const { error, loading, reload } = useSeededLoad(fetchPage, setData, { seeded: initial !== null, onError });
  const retryLoad = useRef(reload);
  retryLoad.current = reload;

  // Debounced search: the query changes (and the server is asked) once typing pauses.
  useEffect(() => {
    if (searchInput === queryRef.current.search) return;
    const timer = setTimeout(() => setQuery((q) => ({ ...q, search: searchInput, page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);

  useEffect(() => onProjectsChanged(() => void reload({ quiet: true })), [reload]);

  const setStatus = useCallback((status: string) => setQuery((q) => ({ ...q, status, page: 1 })), []);
  const setProjectType = useCallback((project_type: string) => setQuery((q) => ({ ...q, project_type, page: 1 })), []);
  const setPage = useCallback((page: number) => setQuery((q) => ({ ...q, page })), []);
  const clearFilters = useCallback(() => {
    setSearchInput('');
    setQuery((q) => ({ ...q, search: '', status: '', project_type: '', page: 1 }));
  }, []);

  /** Changes one project of the list now, and again on the answer of any read in flight. */
  const changeProject = useCallback((projectId: string, change: (project: ProjectSummary) => ProjectSummary) => {
    const onList: LiveChange<ProjectListResponse> = (d) => ({ ...d, projects: d.projects.map((p) => (p.id === projectId ? change(p) : p)) });
    liveChanges.current.record(onList);
    setData((d) => (d ? onList(d) : d));
  }, []);

  /** Applies a live status change to the card in place. */
  const applyChange = useCallback((change: StatusChange) => changeProject(change.project_id, (p) => applyStatusChange(p, change)), [changeProject]);

  /** Applies a live change of a project's pay-per-use video to its card in place. */
  const applyVideoChange = useCallback(
    (change: VideoStatusChange) => {
      if (!change.language) {
        if (heardVideo.current.size > 500) heardVideo.current.clear();
        heardVideo.current.set(change.project_id, change);
      }
      changeProject(change.project_id, (p) => applyVideoStatusChange(p, change));
    },
    [changeProject],
  );

  /** Replaces one project (after an edit) without a reload. */
  const replaceProject = useCallback((project: ProjectSummary) => changeProject(project.id, (p) => ({ ...p, ...project })), [changeProject]);

  const filtered = query.search !== '' || query.status !== '' || query.project_type !== '';

  return {
    data,
    error,
    loading,
    query,
    searchInput,
    setSearchInput,
    setStatus,
    setProjectType,
    setPage,
    clearFilters,
    filtered,
    reload,
    applyChange,
    applyVideoChange,
    replaceProject,
    /** The list was read on the server: changes before the event stream opened were not seen. */
    fromServer: initial !== null,
  };
}

export type ProjectListState = ReturnType<typeof useProjectList>;

export interface ProjectEventHandlers {
  onStatusChanged: (change: StatusChange) => void;
  /** project.created / updated / deleted, and a reconnect after missed events. */
  onListChanged: () => void;
  /** video.status_changed: the pay-per-use video's state and progress. */
  onVideoStatusChanged?: (change: VideoStatusChange) => void;
  /** translation.progress / completed / failed / deleted: one language of a project's translations. */
  onTranslationChanged?: (event: TranslationEvent) => void;
  /** scorm.progress / ready / failed: a SCORM package's build. */
  onScormChanged?: (event: ScormEvent) => void;
  /** interactive_video.progress / ready / failed: the preparation of a project's interactive video. */
  onInteractiveVideoChanged?: (event: InteractiveVideoEvent) => void;
  /** project.comment_changed: a comment added, a thread resolved or reopened, a comment deleted. */
  onCommentChanged?: (event: CommentEvent) => void;
  /** video_job.changed: an advanced video processing job's status and progress (useVideoJobs). */
  onVideoJobChanged?: (event: VideoJobEvent) => void;
}

export const EVENT_BACKOFF_MS = { initial: 1000, max: 30000 } as const;

/** The signed-in app's one event stream (useProjectEventStream), which lists subscribe to. */
export interface ProjectEventStream {
  /** Whether the stream is open. */
  connected: boolean;
  subscribe: (handlers: { current: ProjectEventHandlers }) => () => void;
}

/** Provided by the workspace around every signed-in page (Workspace.tsx). */
export const ProjectEventsContext = createContext<ProjectEventStream | null>(null);

/**
 * GET /api/events (same origin, so the session cookie goes along) while the signed-in app is
 * mounted: one stream for every page, so nothing is missed while the user moves between pages
 * (e.g. from the create form back to the list). On an error the connection is closed and reopened
 * after a growing delay (1 s, 2 s, ... 30 s); a connection that never opened may be an expired
 * session, so the session is refreshed first. After a reconnect every subscriber reloads, since
 * events may have been missed meanwhile.
 */
export function useProjectEventStream(): ProjectEventStream {
  const subscribers = useRef(new Set<{ current: ProjectEventHandlers }>());
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let delay: number = EVENT_BACKOFF_MS.initial;
    let stopped = false;
    let hadError = false;
    const each = (deliver: (handlers: ProjectEventHandlers) => void) => {
      for (const subscriber of subscribers.current) deliver(subscriber.current);
    };

    const parse = (event: MessageEvent): { project_id?: string } & Record<string, unknown> | null => {
      try {
        const data = JSON.parse(String(event.data)) as unknown;
        return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    };

    const connect = () => {
      if (stopped) return;
      let opened = false;
      const es = new EventSource('/api/events', { withCredentials: true });
      source = es;
      es.onopen = () => {
        opened = true;
        setConnected(true);
        delay = EVENT_BACKOFF_MS.initial;
        if (hadError) {
          hadError = false;
          each((h) => h.onListChanged());
        }
      };
      es.addEventListener('project.status_changed', (event) => {
        const data = parse(event as MessageEvent);
        if (data && typeof data.project_id === 'string') each((h) => h.onStatusChanged(data as unknown as StatusChange));
      });
      es.addEventListener('video.status_changed', (event) => {
        const data = parse(event as MessageEvent);
        if (data && typeof data.project_id === 'string' && typeof data.video_status === 'string') {
          each((h) => h.onVideoStatusChanged?.(data as unknown as VideoStatusChange));
        }
      });
      for (const name of TRANSLATION_EVENT_NAMES) {
        es.addEventListener(name, (event) => {
          const data = parseTranslationEvent(name, parse(event as MessageEvent));
          if (data) each((h) => h.onTranslationChanged?.(data));
        });
      }
      for (const name of SCORM_EVENT_NAMES) {
        es.addEventListener(name, (event) => {
          const data = parseScormEvent(name, parse(event as MessageEvent));
          if (data) each((h) => h.onScormChanged?.(data));
        });
      }
      for (const name of INTERACTIVE_EVENT_NAMES) {
        es.addEventListener(name, (event) => {
          const data = parseInteractiveEvent(name, parse(event as MessageEvent));
          if (data) each((h) => h.onInteractiveVideoChanged?.(data));
        });
      }
      es.addEventListener('project.comment_changed', (event) => {
        const data = parseCommentEvent(parse(event as MessageEvent));
        if (data) each((h) => h.onCommentChanged?.(data));
      });
      es.addEventListener(VIDEO_JOB_EVENT, (event) => {
        const data = parseVideoJobEvent(parse(event as MessageEvent));
        if (data) each((h) => h.onVideoJobChanged?.(data));
      });
      for (const name of ['project.created', 'project.updated', 'project.deleted']) {
        es.addEventListener(name, () => each((h) => h.onListChanged()));
      }
      es.onerror = () => {
        es.close();
        if (stopped) return;
        setConnected(false);
        hadError = true;
        const wait = delay;
        delay = Math.min(delay * 2, EVENT_BACKOFF_MS.max);
        timer = setTimeout(async () => {
          if (!opened) await refreshSession().catch(() => false);
          connect();
        }, wait);
      };
    };

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
    };
  }, []);

  const subscribe = useCallback((handlers: { current: ProjectEventHandlers }) => {
    subscribers.current.add(handlers);
    return () => {
      subscribers.current.delete(handlers);
    };
  }, []);
  return useMemo(() => ({ connected, subscribe }), [connected, subscribe]);
}

/**
 * Follows the app's event stream while mounted. With `resync` (a list read by a loader, before
 * this list listened) the list reloads once the stream is open, since a change may have come in
 * between. Returns whether the stream is open.
 */
export function useProjectEvents(handlers: ProjectEventHandlers, { resync = false } = {}): boolean {
  const stream = useContext(ProjectEventsContext);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const resyncRef = useRef(resync);
  const subscribe = stream?.subscribe;
  useEffect(() => subscribe?.(handlersRef), [subscribe]);
  const connected = stream?.connected ?? false;
  useEffect(() => {
    if (!connected || !resyncRef.current) return;
    resyncRef.current = false;
    handlersRef.current.onListChanged();
  }, [connected]);
  return connected;
}
