import { BrowserRouter } from 'react-router';
import type { TBrand } from '@pledge/contract';
import { AppProvider } from './provider.js';
import { AppRoutes } from './router.js';

export function App({ brand }: { brand: TBrand }) {
  return (
    <AppProvider brand={brand}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
