import { ResidencyForm } from '../../features/residency/components/residency-form.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Where do you reside?' };

export function ResidencyPage() {
  return (
    <section className="panel">
      <PageHeading>Where do you reside?</PageHeading>
      <ResidencyForm />
    </section>
  );
}

export { ResidencyPage as Component };
