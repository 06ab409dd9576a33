import { ManualBank } from '../../features/disbursement/components/manual-bank.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Enter your bank account details' };

export function DisbursementManuallyLinkPage() {
  return <ManualBank />;
}

export { DisbursementManuallyLinkPage as Component };
