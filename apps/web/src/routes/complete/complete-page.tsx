import { Complete } from '../../features/complete/components/complete.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Application status' };

export function CompletePage() {
  return <Complete />;
}

export { CompletePage as Component };
