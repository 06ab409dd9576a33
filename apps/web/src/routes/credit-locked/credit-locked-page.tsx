import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Credit locked' };

export function CreditLockedPage() {
  return <PageHeading>Your credit is locked</PageHeading>;
}

export { CreditLockedPage as Component };
