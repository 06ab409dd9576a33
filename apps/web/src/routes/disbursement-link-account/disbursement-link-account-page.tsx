import { LinkAccount } from '../../features/disbursement/components/link-account.js';
import { DisbursementRailGuard } from '../../features/disbursement/components/disbursement-rail-guard.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Link your bank account' };

export function DisbursementLinkAccountPage() {
  return (
    <DisbursementRailGuard rail="US_BANK">
      <LinkAccount />
    </DisbursementRailGuard>
  );
}

export { DisbursementLinkAccountPage as Component };
