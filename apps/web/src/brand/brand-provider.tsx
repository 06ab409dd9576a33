import { useLayoutEffect, type ReactNode } from 'react';
import type { TBrand } from '@pledge/contract';
import { applyBrandColors } from './apply-brand-colors.js';
import { applyBrandFavicon } from './apply-brand-favicon.js';
import { BrandContext } from './brand-context.js';

interface TBrandProviderProps {
  brand: TBrand;
  children: ReactNode;
}

export function BrandProvider({ brand, children }: TBrandProviderProps) {
  // Before the first paint, so the page never flashes in another lender's colours.
  useLayoutEffect(() => {
    applyBrandColors(brand);
    applyBrandFavicon(brand);
  }, [brand]);
  return <BrandContext value={brand}>{children}</BrandContext>;
}
