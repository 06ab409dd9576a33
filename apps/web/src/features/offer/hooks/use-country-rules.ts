import type * as CountryRules from '../country-rules.js';
import { loadOnce, useModuleAfterRender } from './use-module-after-render.js';

export type TCountryRules = typeof CountryRules;

const loadCountryRules = loadOnce(() => import('../country-rules.js'));

/**
 * The rules that look countries up, when `isNeeded` (the address names a country); undefined until
 * their code, loaded right after the first render, has arrived.
 */
export function useCountryRules(isNeeded: boolean): TCountryRules | undefined {
  return useModuleAfterRender(isNeeded ? loadCountryRules : null);
}
