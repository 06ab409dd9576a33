import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Review and sign your disclosures' };

export function CelsiusRefiDisclosuresPage() {
  return <PageHeading>Review and sign your disclosures</PageHeading>;
}

export { CelsiusRefiDisclosuresPage as Component };
