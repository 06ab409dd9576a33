import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Privacy' };

export function PrivacyPage() {
  return <PageHeading>Privacy</PageHeading>;
}

export { PrivacyPage as Component };
