import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Refinance your Celsius loans' };

export function CelsiusRefiPage() {
  return <PageHeading>Refinance your Celsius loans</PageHeading>;
}

export { CelsiusRefiPage as Component };
