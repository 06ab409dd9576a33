import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Disbursement account' };

export function DisbursementPage() {
  return <PageHeading>Disbursement account</PageHeading>;
}

export { DisbursementPage as Component };
