import { OpsReconciliation } from '../../features/ops/components/ops-reconciliation.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Reconciliation — Operations console' };

export function OpsReconciliationPage() {
  return <OpsReconciliation />;
}

export { OpsReconciliationPage as Component };
