import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useBrand } from '../../brand/brand-context.js';
import { isRouteHandle } from './route-handle.js';

/** Sets document.title from the deepest matched route that names itself, then the brand. */
export function useRouteTitle(): void {
  const matches = useMatches();
  const { companyName } = useBrand();
  const handle = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
  const title = handle === undefined ? companyName : `${handle.title} | ${companyName}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
