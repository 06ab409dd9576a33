import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Loan details' };

export function DetailsPage() {
  return <PageHeading>Loan details</PageHeading>;
}

export { DetailsPage as Component };
