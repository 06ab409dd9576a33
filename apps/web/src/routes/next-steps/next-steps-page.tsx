import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Final steps' };

export function NextStepsPage() {
  return <PageHeading>Final steps</PageHeading>;
}

export { NextStepsPage as Component };
