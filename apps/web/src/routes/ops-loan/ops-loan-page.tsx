import { OpsLoanDetail } from '../../features/ops/components/ops-loan-detail.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Loan — Operations console' };

export function OpsLoanPage() {
  return <OpsLoanDetail />;
}

export { OpsLoanPage as Component };
