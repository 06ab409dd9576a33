import { LoanView } from '../../features/loan/components/loan-view.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Your loan' };

export function LoanPage() {
  return <LoanView />;
}

export { LoanPage as Component };
