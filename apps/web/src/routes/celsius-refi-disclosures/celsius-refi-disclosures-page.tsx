import {
  REFI_DISCLOSURES_TITLE,
  RefiDisclosures,
} from '../../features/refi/components/refi-disclosures.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: REFI_DISCLOSURES_TITLE };

export function CelsiusRefiDisclosuresPage() {
  return <RefiDisclosures />;
}

export { CelsiusRefiDisclosuresPage as Component };
