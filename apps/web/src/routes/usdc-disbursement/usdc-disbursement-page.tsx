import { UsdcDisbursement } from '../../features/disbursement/components/usdc-disbursement.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'USDC disbursement' };

export function UsdcDisbursementPage() {
  return <UsdcDisbursement />;
}

export { UsdcDisbursementPage as Component };
