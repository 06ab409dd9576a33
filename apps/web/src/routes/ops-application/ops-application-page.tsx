import { OpsApplicationDetail } from '../../features/ops/components/ops-application-detail.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Application — Operations console' };

export function OpsApplicationPage() {
  return <OpsApplicationDetail />;
}

export { OpsApplicationPage as Component };
