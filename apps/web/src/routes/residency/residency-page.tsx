import { ResidencyForm } from '../../features/residency/components/residency-form.js';
import { useSession } from '../../features/session/use-session.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Where do you reside?' };

export function ResidencyPage() {
  const session = useSession();
  return (
    <section className="panel">
      <PageHeading>Where do you reside?</PageHeading>
      <ResidencyForm
        signedInEmail={session.status === 'signed-in' ? session.identity.email : null}
      />
    </section>
  );
}

export { ResidencyPage as Component };
