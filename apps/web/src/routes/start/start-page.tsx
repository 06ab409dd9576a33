import { OfferPage } from '../../features/offer/components/offer-page.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Get a loan offer' };

export function StartPage() {
  return (
    <div className="offer-page">
      <PageHeading>Borrow funds against your crypto assets to get cash while you HODL</PageHeading>
      <OfferPage />
    </div>
  );
}

export { StartPage as Component };
