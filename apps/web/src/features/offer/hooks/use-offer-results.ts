import { useEffect, useState } from 'react';
import type * as OfferResults from '../components/offer-results.js';

export type TOfferResults = typeof OfferResults;

let results: TOfferResults | undefined;
let loading: Promise<TOfferResults> | undefined;

/** Starts loading the offer results' code (once; again after a failure). */
export function loadOfferResults(): Promise<TOfferResults> {
  loading ??= import('../components/offer-results.js').then(
    (module) => (results = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The offer maths and the components that show its results; undefined until their code has
 * loaded, which starts as soon as the page has rendered (long before a first rates answer,
 * usually). Code that fails to load is the screen's error, as if the screen's own code had failed.
 */
export function useOfferResults(): TOfferResults | undefined {
  const [loaded, setLoaded] = useState(results);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  useEffect(() => {
    if (loaded !== undefined) return;
    let isMounted = true;
    loadOfferResults().then(
      (module) => {
        if (isMounted) setLoaded(module);
      },
      (error: unknown) => {
        if (isMounted) setFailure({ error });
      },
    );
    return () => {
      isMounted = false;
    };
  }, [loaded]);
  if (failure !== null) throw failure.error;
  return loaded;
}
