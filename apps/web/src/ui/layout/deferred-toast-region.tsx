import { lazy, Suspense, useEffect, useState } from 'react';

// react-aria's toast code is not part of any page's first download.
const ToastRegion = lazy(async () => ({
  default: (await import('../toast/toast-region.js')).ToastRegion,
}));

/** The app's one toast region, mounted once the page has loaded and the browser is idle. */
export function DeferredToastRegion() {
  const [isMounted, setIsMounted] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(() => setIsMounted(true));
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIsMounted(true));
    return () => clearTimeout(id);
  }, []);
  if (!isMounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
