import { REFI_LIST_TITLE, RefiList } from '../../features/refi/components/refi-list.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: REFI_LIST_TITLE };

export function CelsiusRefiPage() {
  return <RefiList />;
}

export { CelsiusRefiPage as Component };
