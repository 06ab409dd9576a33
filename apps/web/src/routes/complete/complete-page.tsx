import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Application status' };

export function CompletePage() {
  return <PageHeading>Application status</PageHeading>;
}

export { CompletePage as Component };
