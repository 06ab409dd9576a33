import { useEffect } from 'react';
import { useBrand } from '../../brand/brand-context.js';

/** Names the page: the screen's title before the brand's name, or the brand's name alone. */
export function useRouteTitle(title: string | undefined): void {
  const { companyName } = useBrand();
  const text = title === undefined ? companyName : `${title} | ${companyName}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
}
