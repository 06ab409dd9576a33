import type { ReactNode } from 'react';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { useSession } from '../../session/use-session.js';

/**
 * A refinancing page of the signed-in borrower: its heading, then what `children` shows for the
 * borrower's identity, the loader in its place until the session is known.
 */
export function RefiSignedInPage({
  title,
  className,
  children,
}: {
  title: string;
  className: string;
  children: (identityUuid: string) => ReactNode;
}) {
  const session = useSession();
  return (
    <section className={className}>
      <PageHeading>{title}</PageHeading>
      {session.status === 'signed-in' ? children(session.identity.uuid) : <ScreenLoading />}
    </section>
  );
}
