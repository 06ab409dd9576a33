import { NextSteps } from '../../features/final-steps/components/next-steps.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';

export const handle: TRouteHandle = { title: 'Final steps' };

export function NextStepsPage() {
  return <NextSteps />;
}

export { NextStepsPage as Component };
