import { ChooseAccount } from '../../features/disbursement/components/choose-account.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Choose your account' };

export function DisbursementChooseAccountPage() {
  return <ChooseAccount />;
}

export { DisbursementChooseAccountPage as Component };
