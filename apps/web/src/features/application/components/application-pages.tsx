import { lazy, Suspense } from 'react';
import { ScreenLoading } from '../../../ui/layout/app-layout.js';

// Loaded with the first application page, so the application's schemas stay out of /start.
const ApplicationAccess = lazy(() => import('./application-access.js'));

/**
 * Around every /{appUuid}/… page: loads the application once and applies the rules that hold for
 * all of them (the refinancing-borrower redirect) before a page is shown.
 */
export function ApplicationPages() {
  return (
    <Suspense fallback={<ScreenLoading />}>
      <ApplicationAccess />
    </Suspense>
  );
}
