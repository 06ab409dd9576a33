import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { TBrand } from '@pledge/contract';
import { BrandProvider } from '../brand/brand-provider.js';
import { createQueryClient } from './query-client.js';

interface TAppProviderProps {
  brand: TBrand;
  /** Tests pass their own client; the app makes one per page load. */
  queryClient?: QueryClient;
  children: ReactNode;
}

export function AppProvider({ brand, queryClient, children }: TAppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <BrandProvider brand={brand}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </BrandProvider>
  );
}
