import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Get a loan offer' };

export function StartPage() {
  return (
    <PageHeading>Borrow funds against your crypto assets to get cash while you HODL</PageHeading>
  );
}

export { StartPage as Component };
