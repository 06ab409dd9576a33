import { DisbursementChoice } from '../../features/disbursement/components/disbursement-choice.js';
import { DisbursementRailGuard } from '../../features/disbursement/components/disbursement-rail-guard.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Disbursement account' };

export function DisbursementPage() {
  return (
    <DisbursementRailGuard rail="US_BANK">
      <DisbursementChoice />
    </DisbursementRailGuard>
  );
}

export { DisbursementPage as Component };
