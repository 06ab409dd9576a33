import { OpsLoans } from '../../features/ops/components/ops-loans.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Loans — Operations console' };

export function OpsLoansPage() {
  return <OpsLoans />;
}

export { OpsLoansPage as Component };
