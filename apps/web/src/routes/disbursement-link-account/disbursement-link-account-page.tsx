import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Link your bank account' };

export function DisbursementLinkAccountPage() {
  return <PageHeading>Link your bank account</PageHeading>;
}

export { DisbursementLinkAccountPage as Component };
