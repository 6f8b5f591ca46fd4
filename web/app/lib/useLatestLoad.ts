// A list a dialog loads and reloads where the latest request wins: an answer to an older request,
// or one arriving after the dialog let go (closed, another project chosen), is dropped. A `quiet`
// reload (what a live event asks for) keeps what is shown: no spinner, no error box.
import { useCallback, useEffect, useRef, useState } from 'react';

/** `fetcher` must be stable (useCallback) and change only when what it loads changes. */
export function useLatestLoad<T>(fetcher: () => Promise<T>, apply: (value: T) => void, initiallyLoading = true) {
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(initiallyLoading);
  const requestId = useRef(0);
  const applyLatest = useRef(apply);
  applyLatest.current = apply;

  const load = useCallback(
    async ({ quiet = false } = {}) => {
      const id = ++requestId.current;
      if (!quiet) setLoading(true);
      try {
        const value = await fetcher();
        if (id !== requestId.current) return;
        applyLatest.current(value);
        setError(null);
      } catch (err) {
        if (id === requestId.current && !quiet) setError(err);
      } finally {
        if (id === requestId.current) setLoading(false);
      }
    },
    [fetcher],
  );

  useEffect(() => {
    void load();
    return () => {
      requestId.current++; // an answer after closing is dropped
    };
  }, [load]);

  return { error, loading, load };
}
