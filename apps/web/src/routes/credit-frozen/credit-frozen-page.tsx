import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Credit frozen' };

export function CreditFrozenPage() {
  return <PageHeading>Your credit is frozen</PageHeading>;
}

export { CreditFrozenPage as Component };
