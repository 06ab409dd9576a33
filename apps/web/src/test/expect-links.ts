import { within } from '@testing-library/react';
import { expect } from 'vitest';

/** Each link named in `links` is in `container` and leads to the address given for it. */
export function expectLinks(container: HTMLElement, links: Record<string, string>): void {
  for (const [name, href] of Object.entries(links)) {
    expect(within(container).getByRole('link', { name }), name).toHaveAttribute('href', href);
  }
}
