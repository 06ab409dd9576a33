import type { ComponentType } from 'react';
import { CreditOutcomePage } from '../../features/application/components/credit-outcome-page.js';
import {
  CREDIT_OUTCOMES,
  type TCreditOutcomeState,
} from '../../features/application/credit-outcomes.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

/**
 * The screen of one credit outcome (frozen, locked, not matched, declined): each has its own
 * address, and all are the one outcome page with that outcome's words.
 */
export function creditOutcomeScreen(state: TCreditOutcomeState): {
  Component: ComponentType;
  handle: TRouteHandle;
} {
  return {
    Component: function CreditOutcomeScreen() {
      return <CreditOutcomePage state={state} />;
    },
    handle: { title: CREDIT_OUTCOMES[state].pageTitle },
  };
}
