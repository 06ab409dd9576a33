import { createContext, useContext } from 'react';
import type { TBrand } from '@pledge/contract';

export const BrandContext = createContext<TBrand | null>(null);

/** The lender brand of this page (name, support contacts, flags, colours). */
export function useBrand(): TBrand {
  const brand = useContext(BrandContext);
  if (brand === null) throw new Error('useBrand must be used inside a BrandProvider');
  return brand;
}
