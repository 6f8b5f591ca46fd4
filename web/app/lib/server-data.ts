// Route loader data as a screen's starting state. A screen seeded by its loader does not ask the
// server again on mount; it still loads on its own for every later change (filters, reloads,
// live events).
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useRevalidator } from '@remix-run/react';
import { ApiError } from './api';
import { useAuth } from './auth';

/** Loader data for a screen's first render, or null when the session has changed since the page
 * was rendered (the screen then loads its data itself, as after any client-side sign-in). */
export function useServerData<T>(value: T | null | undefined): T | null {
  const { serverSession } = useAuth();
  return serverSession ? (value ?? null) : null;
}

/**
 * A route's loader data for a screen whose writes are the route's actions (Remix reads the loader
 * again after each one). The loader runs again once after hydration when the page was rendered for
 * another session (a client-side sign-in since) or a value could not be read; meanwhile the data
 * is null. `settled`: no such reading is under way, so a null value is one that could not be had.
 * The readings go through useSeededLoad, the loader being what it fetches.
 */
export function useLoaderState<T extends Record<string, unknown>>(loaded: T): { data: { [K in keyof T]: T[K] | null }; settled: boolean; reload: () => void } {
  const { serverSession } = useAuth();
  const [stale, setStale] = useState(!serverSession);
  const incomplete = Object.values(loaded).some((value) => value == null);
  // Whether the data shown has been read for this session, with every value it could have.
  const [tried, setTried] = useState(serverSession && !incomplete);
  const readLoader = useLoaderReading();
  const read = useCallback(() => {
    setStale(false);
    setTried(true);
  }, []);
  const { loading, reload } = useSeededLoad(readLoader, read, { seeded: tried });
  const retry = useCallback(() => void reload(), [reload]);
  const data = stale ? (Object.fromEntries(Object.keys(loaded).map((key) => [key, null])) as { [K in keyof T]: null }) : loaded;
  return { data, settled: tried && !loading, reload: retry };
}

/** Runs the route's loaders again; the promise settles once Remix has read them. */
function useLoaderReading(): () => Promise<void> {
  const revalidator = useRevalidator();
  const current = useRef(revalidator);
  current.current = revalidator;
  // The reading waited for, and whether Remix has started it (its state went to 'loading').
  const pending = useRef<{ done: () => void; started: boolean } | null>(null);
  useEffect(() => {
    const reading = pending.current;
    if (!reading) return;
    if (revalidator.state === 'loading') reading.started = true;
    else if (reading.started) {
      pending.current = null;
      reading.done();
    }
  }, [revalidator.state]);
  return useCallback(
    () =>
      new Promise<void>((done) => {
        // Remix already reading (after an action): its state only goes back to 'idle', not to 'loading'.
        pending.current = { done, started: current.current.state === 'loading' };
        current.current.revalidate();
      }),
    [],
  );
}

/**
 * The one way a screen loads on the client: `fetch` runs when the screen mounts and again whenever
 * `fetch` changes (make it with useCallback over what it reads: a query, a project), and `reload`
 * runs it on demand. A screen that starts from loader data passes `seeded`: the run on mount is
 * skipped, so the server is not asked twice. The latest run wins: starting one aborts the one in
 * flight, unmounting aborts it too, and an aborted run's answer or failure is dropped. A `quiet`
 * reload (what a live event asks for) keeps what is shown: no spinner, no error. `onError` hears
 * every failure of a run that was not superseded, with that run's signal (aborted once a newer run
 * starts).
 */
export function useSeededLoad<T>(
  fetch: (signal: AbortSignal) => Promise<T>,
  apply: (value: T) => void,
  { seeded = false, onError }: { seeded?: boolean; onError?: (error: unknown, signal: AbortSignal) => void } = {},
): { error: unknown; loading: boolean; reload: (options?: { quiet?: boolean }) => Promise<void> } {
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(!seeded);
  const latest = useRef({ fetch, apply, onError });
  latest.current = { fetch, apply, onError };
  const inFlight = useRef<AbortController | null>(null);

  const reload = useCallback(async ({ quiet = false }: { quiet?: boolean } = {}) => {
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    const { signal } = controller;
    if (!quiet) setLoading(true);
    try {
      const value = await latest.current.fetch(signal);
      if (signal.aborted) return;
      latest.current.apply(value);
      setError(null);
    } catch (err) {
      if (signal.aborted) return;
      if (!quiet) setError(err);
      latest.current.onError?.(err, signal);
    } finally {
      if (!signal.aborted) setLoading(false);
    }
  }, []);

  const skipFirst = useRef(seeded);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    void reload();
  }, [fetch, reload]);
  useEffect(() => () => inFlight.current?.abort(), []);

  return { error, loading, reload };
}

/**
 * What a public link (a share or watch token) shows: the loader's answer when it has one (`gone`
 * for its 404), else loaded in the browser; `retry` loads it again. The link's content does not
 * depend on who is signed in, so the loader's answer always applies.
 */
export function usePublicLink<T>(token: string, fetchByToken: (token: string, signal?: AbortSignal) => Promise<T>, initial: { value: T | null; gone: boolean }) {
  const [value, setValue] = useState(initial.value);
  const [gone, setGone] = useState(initial.gone);
  const fetchRef = useRef(fetchByToken);
  fetchRef.current = fetchByToken;

  const fetchLink = useCallback(
    async (signal: AbortSignal): Promise<{ value: T } | { gone: true }> => {
      try {
        return { value: await fetchRef.current(token, signal) };
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return { gone: true };
        throw err;
      }
    },
    [token],
  );
  const apply = useCallback((answer: { value: T } | { gone: true }) => {
    if ('gone' in answer) return setGone(true);
    setValue(answer.value);
    setGone(false);
  }, []);
  const { error, loading, reload } = useSeededLoad(fetchLink, apply, { seeded: initial.value !== null || initial.gone });

  // A retry hides the last error while it runs.
  return { value, gone, error: loading ? null : error, retry: () => void reload() };
}

const noSubscription = () => () => undefined;

/**
 * False in the server's HTML and while hydrating, true once React runs in the browser (at once
 * for anything mounted later). Controls that need JavaScript stay disabled until then: a click
 * would be lost, and the sign-in form's native submit would put the password in the address bar.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The time zone to show dates in: UTC in the server HTML and while hydrating (the server's zone is
 * not the reader's, and both renders must match), the browser's own once React runs.
 */
export function useDisplayTimeZone(): string | undefined {
  return useHydrated() ? undefined : 'UTC';
}

/**
 * Calls `onAnswer` once with each answer of a fetcher's action, when the fetcher is idle again (so
 * Remix has read the route's loaders again by then). The screens' one way to take an action's answer.
 */
export function useActionAnswer<A>(fetcher: { state: string; data: A | undefined }, onAnswer: (answer: A) => void): void {
  const handled = useRef<A | undefined>(undefined);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || answer === undefined || handled.current === answer) return;
    handled.current = answer;
    onAnswer(answer);
  });
}
