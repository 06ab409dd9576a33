import { Disclosures } from '../../features/disclosures/components/disclosures.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Review and sign documents' };

export function DisclosuresPage() {
  return <Disclosures />;
}

export { DisclosuresPage as Component };
