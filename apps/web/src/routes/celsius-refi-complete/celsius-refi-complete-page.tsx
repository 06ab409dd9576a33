import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Submitted loans' };

export function CelsiusRefiCompletePage() {
  return <PageHeading>Submitted loans</PageHeading>;
}

export { CelsiusRefiCompletePage as Component };
