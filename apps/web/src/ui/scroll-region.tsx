import type { ReactNode } from 'react';

type TRegionName = { 'aria-label': string } | { 'aria-labelledby': string };

/**
 * Content that scrolls on its own (a table wider than the screen, a long document): a named
 * region a keyboard can focus, so that it can scroll it too.
 */
export function ScrollRegion({
  className,
  children,
  ...name
}: { className: string; children: ReactNode } & TRegionName) {
  return (
    <div
      className={className}
      role="region"
      {...name}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      {children}
    </div>
  );
}
