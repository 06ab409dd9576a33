import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.js';
import { AppLayout, AppLayoutFallback } from '../ui/layout/app-layout.js';
import { RouteError } from '../ui/layout/route-error.js';
import {
  redirectToStart,
  requireUuidParams,
  startLoader,
  unknownPathLoader,
} from './route-loaders.js';

/** The pages of one application (document 1 §2); each screen's code loads when it is visited. */
const applicationRoutes: RouteObject[] = [
  {
    path: paths.application.entry.path,
    lazy: () => import('../routes/application-entry/application-entry-page.js'),
  },
  {
    path: paths.application.renew.path,
    lazy: () => import('../routes/renew/renew-page.js'),
  },
  {
    path: paths.application.details.path,
    lazy: () => import('../routes/details/details-page.js'),
  },
  {
    path: paths.application.nextSteps.path,
    lazy: () => import('../routes/next-steps/next-steps-page.js'),
  },
  {
    path: paths.application.collateral.path,
    lazy: () => import('../routes/collateral/collateral-page.js'),
  },
  {
    path: paths.application.identity.path,
    lazy: () => import('../routes/identity/identity-page.js'),
  },
  {
    path: paths.application.disclosures.path,
    lazy: () => import('../routes/disclosures/disclosures-page.js'),
  },
  {
    path: paths.application.usdcDisbursement.path,
    lazy: () => import('../routes/usdc-disbursement/usdc-disbursement-page.js'),
  },
  {
    path: paths.application.disbursement.path,
    lazy: () => import('../routes/disbursement/disbursement-page.js'),
  },
  {
    path: paths.application.disbursementLinkAccount.path,
    lazy: () => import('../routes/disbursement-link-account/disbursement-link-account-page.js'),
  },
  {
    path: paths.application.disbursementManuallyLink.path,
    lazy: () => import('../routes/disbursement-manually-link/disbursement-manually-link-page.js'),
  },
  {
    path: paths.application.disbursementChooseAccount.path,
    lazy: () => import('../routes/disbursement-choose-account/disbursement-choose-account-page.js'),
  },
  {
    path: paths.application.complete.path,
    lazy: () => import('../routes/complete/complete-page.js'),
  },
  {
    path: paths.application.documents.path,
    lazy: () => import('../routes/documents/documents-page.js'),
  },
  {
    path: paths.application.collateralRelease.path,
    lazy: () => import('../routes/collateral-release/collateral-release-page.js'),
  },
  {
    path: paths.application.creditFrozen.path,
    lazy: () => import('../routes/credit-frozen/credit-frozen-page.js'),
  },
  {
    path: paths.application.creditLocked.path,
    lazy: () => import('../routes/credit-locked/credit-locked-page.js'),
  },
  {
    path: paths.application.creditNoMatch.path,
    lazy: () => import('../routes/credit-no-match/credit-no-match-page.js'),
  },
  {
    path: paths.application.decline.path,
    lazy: () => import('../routes/decline/decline-page.js'),
  },
];

/** The refinancing flow (document 2 §2). */
const refinanceRoutes: RouteObject[] = [
  {
    path: paths.refinance.list.path,
    lazy: () => import('../routes/celsius-refi/celsius-refi-page.js'),
  },
  {
    path: paths.refinance.complete.path,
    lazy: () => import('../routes/celsius-refi-complete/celsius-refi-complete-page.js'),
  },
  {
    loader: requireUuidParams,
    children: [
      {
        path: paths.refinance.collateralTopUp.path,
        lazy: () =>
          import('../routes/celsius-refi-collateral-top-up/celsius-refi-collateral-top-up-page.js'),
      },
      {
        path: paths.refinance.disclosures.path,
        lazy: () => import('../routes/celsius-refi-disclosures/celsius-refi-disclosures-page.js'),
      },
    ],
  },
];

/** Public pages of the borrower flow (document 1 §2). */
const publicRoutes: RouteObject[] = [
  { path: paths.siteRoot.path, loader: redirectToStart },
  { path: paths.base.path, loader: redirectToStart },
  {
    path: paths.start.path,
    loader: startLoader,
    lazy: () => import('../routes/start/start-page.js'),
  },
  { path: paths.faq.path, lazy: () => import('../routes/faq/faq-page.js') },
  { path: paths.residency.path, lazy: () => import('../routes/residency/residency-page.js') },
  {
    path: paths.getMobileApp.path,
    lazy: () => import('../routes/get-mobile-app/get-mobile-app-page.js'),
  },
  {
    path: paths.plaidOauthSuccess.path,
    lazy: () => import('../routes/plaid-oauth-success/plaid-oauth-success-page.js'),
  },
];

/** Pages outside the borrower flow's base path (document 2 §2, DESIGN §3). */
const siteRoutes: RouteObject[] = [
  { path: paths.login.path, lazy: () => import('../routes/login/login-page.js') },
  { path: paths.dashboard.path, lazy: () => import('../routes/dashboard/dashboard-page.js') },
  { path: paths.privacy.path, lazy: () => import('../routes/privacy/privacy-page.js') },
  { path: paths.ops.path, lazy: () => import('../routes/ops/ops-page.js') },
];

/**
 * Every route of the app. Paths match with or without a trailing slash. Screens render inside the
 * layout; an error in one renders inside the layout too.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    HydrateFallback: AppLayoutFallback,
    children: [
      {
        ErrorBoundary: RouteError,
        children: [
          ...publicRoutes,
          ...refinanceRoutes,
          { loader: requireUuidParams, children: applicationRoutes },
          ...siteRoutes,
          { path: '*', loader: unknownPathLoader },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
