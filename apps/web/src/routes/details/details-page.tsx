import { LoanDetails } from '../../features/details/components/loan-details.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Loan details' };

export function DetailsPage() {
  return <LoanDetails />;
}

export { DetailsPage as Component };
