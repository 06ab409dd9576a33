import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'USDC disbursement' };

export function UsdcDisbursementPage() {
  return <PageHeading>USDC disbursement</PageHeading>;
}

export { UsdcDisbursementPage as Component };
