import { OpsRisk } from '../../features/ops/components/ops-risk.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Risk queue — Operations console' };

export function OpsRiskPage() {
  return <OpsRisk />;
}

export { OpsRiskPage as Component };
