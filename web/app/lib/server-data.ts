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
 */
export function useLoaderState<T extends Record<string, unknown>>(loaded: T): { data: { [K in keyof T]: T[K] | null }; settled: boolean; reload: () => void } {
  const { serverSession } = useAuth();
  const revalidator = useRevalidator();
  const [stale, setStale] = useState(!serverSession);
  const [reloading, setReloading] = useState(false);
  const incomplete = Object.values(loaded).some((value) => value == null);
  // Whether the data shown has been read for this session, with every value it could have.
  const [tried, setTried] = useState(serverSession && !incomplete);
  const started = useRef(false);
  const reload = useCallback(() => {
    started.current = false;
    setReloading(true);
    void revalidator.revalidate();
  }, [revalidator]);
  const firstSeed = useRef(tried);
  useEffect(() => {
    if (!firstSeed.current) reload();
    // Once, after hydration: later readings follow the route's actions and Retry.
  }, []);
  useEffect(() => {
    if (!reloading) return;
    if (revalidator.state === 'loading') started.current = true;
    else if (started.current) {
      setReloading(false);
      setStale(false);
      setTried(true);
    }
  }, [revalidator.state, reloading]);
  const data = stale ? (Object.fromEntries(Object.keys(loaded).map((key) => [key, null])) as { [K in keyof T]: null }) : loaded;
  return { data, settled: tried && !reloading, reload };
}

/** For a screen's load effect: true on its first run when the screen started from loader data. */
export function useSkipFirstLoad(seeded: boolean): () => boolean {
  const pending = useRef(seeded);
  return useCallback(() => {
    const skip = pending.current;
    pending.current = false;
    return skip;
  }, []);
}

/**
 * Runs `load` when the screen mounts (and whenever `load` changes), unless the screen started from
 * loader data (`seeded`): then the first run is skipped. Unmounting aborts the load in flight.
 */
export function useSeededLoad(load: (signal: AbortSignal) => Promise<void>, seeded: boolean): void {
  const skipFirstLoad = useSkipFirstLoad(seeded);
  useEffect(() => {
    if (skipFirstLoad()) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, skipFirstLoad]);
}

/**
 * What a public link (a share or watch token) shows: the loader's answer when it has one (`gone`
 * for its 404), else loaded in the browser; `retry` loads it again. The link's content does not
 * depend on who is signed in, so the loader's answer always applies.
 */
export function usePublicLink<T>(token: string, fetchByToken: (token: string, signal?: AbortSignal) => Promise<T>, initial: { value: T | null; gone: boolean }) {
  const [value, setValue] = useState(initial.value);
  const [gone, setGone] = useState(initial.gone);
  const [error, setError] = useState<unknown>(null);
  const fetchRef = useRef(fetchByToken);
  fetchRef.current = fetchByToken;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setError(null);
      try {
        setValue(await fetchRef.current(token, signal));
        setGone(false);
      } catch (err) {
        if (signal?.aborted) return;
        if (err instanceof ApiError && err.status === 404) setGone(true);
        else setError(err);
      }
    },
    [token],
  );

  useSeededLoad(load, initial.value !== null || initial.gone);

  return { value, gone, error, retry: () => void load() };
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
