import { ManualBank } from '../../features/disbursement/components/manual-bank.js';
import { DisbursementRailGuard } from '../../features/disbursement/components/disbursement-rail-guard.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Enter your bank account details' };

export function DisbursementManuallyLinkPage() {
  return (
    <DisbursementRailGuard rail="US_BANK">
      <ManualBank />
    </DisbursementRailGuard>
  );
}

export { DisbursementManuallyLinkPage as Component };
