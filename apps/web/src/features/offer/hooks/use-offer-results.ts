import type * as OfferResults from '../components/offer-results.js';
import { loadOnce, useModuleAfterRender } from './use-module-after-render.js';

export type TOfferResults = typeof OfferResults;

/** Starts loading the offer results' code (once; again after a failure). */
export const loadOfferResults = loadOnce(() => import('../components/offer-results.js'));

/**
 * The offer maths and the components that show its results; undefined until their code has
 * loaded, which starts as soon as the page has rendered (long before a first rates answer,
 * usually).
 */
export function useOfferResults(): TOfferResults | undefined {
  return useModuleAfterRender(loadOfferResults);
}
