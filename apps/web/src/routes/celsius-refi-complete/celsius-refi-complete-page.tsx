import { REFI_COMPLETE_TITLE, RefiComplete } from '../../features/refi/components/refi-complete.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: REFI_COMPLETE_TITLE };

export function CelsiusRefiCompletePage() {
  return <RefiComplete />;
}

export { CelsiusRefiCompletePage as Component };
