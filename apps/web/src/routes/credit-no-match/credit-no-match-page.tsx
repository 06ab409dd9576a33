import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Credit file not found' };

export function CreditNoMatchPage() {
  return <PageHeading>We could not find your credit file</PageHeading>;
}

export { CreditNoMatchPage as Component };
