import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Choose an account' };

export function DisbursementChooseAccountPage() {
  return <PageHeading>Choose an account</PageHeading>;
}

export { DisbursementChooseAccountPage as Component };
