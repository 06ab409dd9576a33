import { lazy, Suspense } from 'react';
import { AfterPageSettles } from './after-page-settles.js';

// react-aria's toast code is not part of any page's first download.
const ToastRegion = lazy(async () => ({
  default: (await import('../toast/toast-region.js')).ToastRegion,
}));

/**
 * The app's one toast region, mounted once the page has settled: a toast added before shows then,
 * since the queue holds it.
 */
export function DeferredToastRegion() {
  return (
    <AfterPageSettles>
      <Suspense fallback={null}>
        <ToastRegion />
      </Suspense>
    </AfterPageSettles>
  );
}
