import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Enter your bank details' };

export function DisbursementManuallyLinkPage() {
  return <PageHeading>Enter your bank details</PageHeading>;
}

export { DisbursementManuallyLinkPage as Component };
