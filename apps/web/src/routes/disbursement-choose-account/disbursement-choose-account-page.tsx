import { ChooseAccount } from '../../features/disbursement/components/choose-account.js';
import { DisbursementRailGuard } from '../../features/disbursement/components/disbursement-rail-guard.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Choose your account' };

export function DisbursementChooseAccountPage() {
  return (
    <DisbursementRailGuard rail="US_BANK">
      <ChooseAccount />
    </DisbursementRailGuard>
  );
}

export { DisbursementChooseAccountPage as Component };
