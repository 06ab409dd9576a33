import { Faq } from '../../features/faq/components/faq.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'FAQ' };

export function FaqPage() {
  return (
    <>
      <PageHeading>Frequently asked questions</PageHeading>
      <Faq />
    </>
  );
}

export { FaqPage as Component };
