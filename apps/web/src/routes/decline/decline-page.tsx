import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Application declined' };

export function DeclinePage() {
  return <PageHeading>Application declined</PageHeading>;
}

export { DeclinePage as Component };
