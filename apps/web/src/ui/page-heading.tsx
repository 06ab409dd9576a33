import type { ReactNode } from 'react';

/**
 * The one <h1> of a screen. It can take focus so that, after a route change, the layout moves a
 * screen reader to the new screen's heading.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  return <h1 tabIndex={-1}>{children}</h1>;
}
