import { Link } from 'react-router';
import { useBrand } from '../../brand/brand-context.js';
import { paths } from '../../config/paths.js';
import { useSession } from '../../features/session/use-session.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Operations console' };

/** What agents can do through the console's operations (the `/ops` API). */
const OPERATIONS = [
  {
    title: 'Applications',
    description:
      'Find any application, see its state and history, cancel or decline it, and release the funds of an approved loan.',
  },
  {
    title: 'Identity review',
    description: 'Look at uploaded identity documents and approve or reject them.',
  },
  {
    title: 'Banners',
    description:
      'Publish, edit and switch off the announcements shown at the top of the borrower pages.',
  },
  {
    title: 'Feature flags',
    description: 'Turn features on or off, roll them out gradually, or set them per organisation.',
  },
] as const;

/** The agents' landing page (agents only: the router asks for an agent sign-in). */
export function OpsPage() {
  const brand = useBrand();
  const session = useSession('agent');
  return (
    <section className="ops-page">
      <PageHeading>Operations console</PageHeading>
      <p>
        {session.status === 'signed-in' ? `Signed in as ${session.identity.email}. ` : ''}
        The console of {brand.companyName} for agents.
      </p>
      <h2>What the console offers</h2>
      <ul className="ops-list">
        {OPERATIONS.map((operation) => (
          <li key={operation.title} className="ops-list__item">
            <h3>{operation.title}</h3>
            <p>{operation.description}</p>
          </li>
        ))}
      </ul>
      <h2>Design system</h2>
      <p>
        The <Link to={`${paths.ops.getHref()}/ui-kit`}>UI kit</Link> shows every component of the
        borrower pages in each of its states.
      </p>
    </section>
  );
}

export { OpsPage as Component };
