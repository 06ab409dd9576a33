import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Post collateral' };

export function CollateralPage() {
  return <PageHeading>Post collateral</PageHeading>;
}

export { CollateralPage as Component };
