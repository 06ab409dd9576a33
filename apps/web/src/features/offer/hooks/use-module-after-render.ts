import { useEffect, useState } from 'react';

/**
 * A loader of a module that loads it once (and again after a failure), for useModuleAfterRender.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * Code a screen uses right after its first render but not for it (checks, maths, what only shows
 * once an answer has come): it starts loading once the screen has rendered, and is undefined until
 * it has arrived. It is kept in state, never read from a module variable, so that a first render
 * never depends on it (a server's render and the browser's first one agree). Code that fails to
 * load is the screen's error, as if the screen's own code had failed. `load` is a `loadOnce`, or
 * null while the screen does not need the module.
 */
export function useModuleAfterRender<T>(load: (() => Promise<T>) | null): T | undefined {
  const [loaded, setLoaded] = useState<{ module: T } | null>(null);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (load === null) return;
    let isMounted = true;
    load().then(
      (module) => {
        if (isMounted) setLoaded({ module });
      },
      (error: unknown) => {
        if (isMounted) setFailure({ error });
      },
    );
    return () => {
      isMounted = false;
    };
  }, [load]);
  if (failure !== null) throw failure.error;
  return load === null ? undefined : loaded?.module;
}
