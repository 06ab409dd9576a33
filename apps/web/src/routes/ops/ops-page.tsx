import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Operations console' };

export function OpsPage() {
  return <PageHeading>Operations console</PageHeading>;
}

export { OpsPage as Component };
