import type * as OfferFormChecks from '../offer-form-checks.js';
import { loadOnce, useModuleAfterRender } from './use-module-after-render.js';

export type TOfferFormChecks = typeof OfferFormChecks;

const loadOfferFormChecks = loadOnce(() => import('../offer-form-checks.js'));

/**
 * The offer form's checks; undefined until their code has loaded, right after the page's first
 * render. What was typed before they arrived is checked as soon as they do.
 */
export function useOfferFormChecks(): TOfferFormChecks | undefined {
  return useModuleAfterRender(loadOfferFormChecks);
}
