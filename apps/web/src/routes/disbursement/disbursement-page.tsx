import { DisbursementChoice } from '../../features/disbursement/components/disbursement-choice.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Disbursement account' };

export function DisbursementPage() {
  return <DisbursementChoice />;
}

export { DisbursementPage as Component };
