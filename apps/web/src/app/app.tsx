import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { TBrand } from '@pledge/contract';
import { AppProvider } from './provider.js';
import { createAppRouter } from './router.js';

export function App({ brand }: { brand: TBrand }) {
  const [router] = useState(() => createAppRouter());
  return (
    <AppProvider brand={brand}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
