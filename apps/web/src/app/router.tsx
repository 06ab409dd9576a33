import { Suspense, type ReactElement } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { isUuidSegment } from '@pledge/domain';
import { paths } from '../config/paths.js';
import { StateQueryRedirect } from '../features/application/components/state-query-redirect.js';
import type { TCreditOutcomeState } from '../features/application/credit-outcomes.js';
import { RequireSession } from '../features/session/components/require-session.js';
import { readTokenAudience } from '../features/session/session-storage.js';
import { audienceForPath } from '../features/session/sign-in-paths.js';
import { useToken } from '../features/session/use-session.js';
import { AppLayoutFallback } from '../ui/layout/app-layout.js';
import { lazyComponent, lazyScreen, screenPreloadOf, type TScreenModule } from './lazy-screen.js';
import { prefetchAbsent, prefetchRoute, routeData, type TRoutePrefetch } from './route-prefetch.js';
import {
  RedirectToStart,
  RedirectUnknownPath,
  RequireResidence,
  RequireUuidParams,
} from './route-guards.js';
import { RouterLayout } from './router-layout.js';

/**
 * A page that needs a signed-in visitor. With a token of the page's audience held, the screen's
 * code and the data its routes name are asked for as the address renders, beside the session
 * check instead of after it. What shows is still the session's to decide (RequireSession): nothing
 * of the page until the token is confirmed, and a token the server refuses (401, the session
 * check's or a prefetch's) is cleared, which ends in sign-in.
 */
function SignedInRoute() {
  const { pathname } = useLocation();
  const client = useQueryClient();
  const token = useToken();
  if (token !== null && readTokenAudience() === audienceForPath(pathname)) {
    // Started while rendering (as a query prefetched in render): an effect would wait for the
    // commit, which a navigation holds back until the screen's code is in.
    prefetchRoute(routes, pathname, client);
  }
  return <RequireSession />;
}

/**
 * Pages that need a signed-in visitor (document 2 §2): a borrower, or an agent under /ops. Anyone
 * else goes to sign in and comes back.
 */
function requireSession(children: RouteObject[]): RouteObject {
  return { element: <SignedInRoute />, children };
}

/** The application every /{appUuid}/… page is shown with (an id that is no UUID is redirected). */
const applicationData: TRoutePrefetch = async ({ appUuid = '' }, client) => {
  if (!isUuidSegment(appUuid)) return;
  const { applicationQueryOptions } =
    await import('../features/application/api/get-application.js');
  await prefetchAbsent(client, applicationQueryOptions(appUuid));
};

/** The borrower's profile, which prefills the details form (the form waits for it). */
const detailsData: TRoutePrefetch = async (_params, client) => {
  const { profileQueryOptions } = await import('../features/details/api/get-profile.js');
  await prefetchAbsent(client, profileQueryOptions());
};

/** A borrower's loan, and the proof of its collateral shown on the same page. */
const loanData: TRoutePrefetch = async ({ loanUuid = '' }, client) => {
  if (!isUuidSegment(loanUuid)) return;
  const [{ servicingLoanQuery }, { collateralProofQuery }] = await Promise.all([
    import('../features/loan/api/get-servicing-loan.js'),
    // A loan's id is its application's.
    import('../features/collateral-proof/api/collateral-proof-queries.js'),
  ]);
  await Promise.all([
    prefetchAbsent(client, servicingLoanQuery(loanUuid)),
    prefetchAbsent(client, collateralProofQuery(loanUuid)),
  ]);
};

/** The dashboard's two lists and the account's sessions. */
const dashboardData: TRoutePrefetch = async (_params, client) => {
  const [{ userAppsQuery, loanStatusQuery }, { sessionsQuery }] = await Promise.all([
    import('../features/dashboard/api/dashboard-queries.js'),
    import('../features/session/api/account-security-calls.js'),
  ]);
  await Promise.all([
    prefetchAbsent(client, userAppsQuery),
    prefetchAbsent(client, loanStatusQuery),
    prefetchAbsent(client, sessionsQuery),
  ]);
};

/** One application in the console. */
const opsApplicationData: TRoutePrefetch = async ({ appUuid = '' }, client) => {
  if (!isUuidSegment(appUuid)) return;
  const { opsApplicationQuery } = await import('../features/ops/api/get-ops-application.js');
  await prefetchAbsent(client, opsApplicationQuery(appUuid));
};

/** One funded loan in the console. */
const opsLoanData: TRoutePrefetch = async ({ loanUuid = '' }, client) => {
  if (!isUuidSegment(loanUuid)) return;
  const { opsLoanQuery } = await import('../features/ops/api/ops-loans.js');
  await prefetchAbsent(client, opsLoanQuery(loanUuid));
};

/** A screen of src/routes, its code loaded when it is first shown. */
function screen(load: () => Promise<TScreenModule>): ReactElement {
  const Screen = lazyScreen(load);
  return <Screen />;
}

/** The screen of a credit outcome; the four share their code, loaded when one is visited. */
function creditOutcome(state: TCreditOutcomeState): Promise<TScreenModule> {
  return import('../routes/credit-outcome/credit-outcome-page.js').then((page) =>
    page.creditOutcomeScreen(state),
  );
}

/**
 * Around every /{appUuid}/… page: loads the application once and applies the rules that hold for
 * all of them (the refinancing-borrower redirect) before a page is shown. Its code (with the
 * application's schemas, kept out of /start) loads with the first application page, as a
 * screen's does.
 */
const ApplicationPages = lazyComponent(() =>
  import('../features/application/components/application-access.js').then(
    (module) => module.default,
  ),
);

/** The pages of one application (document 1 §2); each screen's code loads when it is visited. */
const applicationRoutes: RouteObject[] = [
  {
    path: paths.application.entry.path,
    element: screen(() => import('../routes/application-entry/application-entry-page.js')),
  },
  {
    path: paths.application.renew.path,
    element: screen(() => import('../routes/renew/renew-page.js')),
  },
  {
    path: paths.application.details.path,
    element: screen(() => import('../routes/details/details-page.js')),
    handle: routeData('details', detailsData),
  },
  {
    path: paths.application.nextSteps.path,
    element: screen(() => import('../routes/next-steps/next-steps-page.js')),
  },
  {
    path: paths.application.collateral.path,
    element: screen(() => import('../routes/collateral/collateral-page.js')),
  },
  {
    path: paths.application.identity.path,
    element: screen(() => import('../routes/identity/identity-page.js')),
  },
  {
    path: paths.application.disclosures.path,
    element: screen(() => import('../routes/disclosures/disclosures-page.js')),
  },
  {
    path: paths.application.usdcDisbursement.path,
    element: screen(() => import('../routes/usdc-disbursement/usdc-disbursement-page.js')),
  },
  {
    path: paths.application.disbursement.path,
    element: screen(() => import('../routes/disbursement/disbursement-page.js')),
  },
  {
    path: paths.application.disbursementLinkAccount.path,
    element: screen(
      () => import('../routes/disbursement-link-account/disbursement-link-account-page.js'),
    ),
  },
  {
    path: paths.application.disbursementManuallyLink.path,
    element: screen(
      () => import('../routes/disbursement-manually-link/disbursement-manually-link-page.js'),
    ),
  },
  {
    path: paths.application.disbursementChooseAccount.path,
    element: screen(
      () => import('../routes/disbursement-choose-account/disbursement-choose-account-page.js'),
    ),
  },
  {
    path: paths.application.complete.path,
    element: screen(() => import('../routes/complete/complete-page.js')),
  },
  {
    path: paths.application.documents.path,
    element: screen(() => import('../routes/documents/documents-page.js')),
  },
  {
    path: paths.application.collateralRelease.path,
    element: screen(() => import('../routes/collateral-release/collateral-release-page.js')),
  },
  {
    path: paths.application.creditFrozen.path,
    element: screen(() => creditOutcome('SOFT_CREDIT_FROZEN')),
  },
  {
    path: paths.application.creditLocked.path,
    element: screen(() => creditOutcome('SOFT_CREDIT_LOCKED')),
  },
  {
    path: paths.application.creditNoMatch.path,
    element: screen(() => creditOutcome('SOFT_CREDIT_NO_MATCH')),
  },
  {
    path: paths.application.decline.path,
    element: screen(() => creditOutcome('DECLINED')),
  },
];

/** The refinancing flow (document 2 §2). */
const refinanceRoutes: RouteObject[] = [
  requireSession([
    {
      path: paths.refinance.list.path,
      element: screen(() => import('../routes/celsius-refi/celsius-refi-page.js')),
    },
    {
      path: paths.refinance.complete.path,
      element: screen(
        () => import('../routes/celsius-refi-complete/celsius-refi-complete-page.js'),
      ),
    },
  ]),
  {
    element: <RequireUuidParams />,
    children: [
      requireSession([
        {
          path: paths.refinance.collateralTopUp.path,
          element: screen(
            () =>
              import('../routes/celsius-refi-collateral-top-up/celsius-refi-collateral-top-up-page.js'),
          ),
        },
        {
          path: paths.refinance.disclosures.path,
          element: screen(
            () => import('../routes/celsius-refi-disclosures/celsius-refi-disclosures-page.js'),
          ),
        },
      ]),
    ],
  },
];

/** Public pages of the borrower flow (document 1 §2). */
const publicRoutes: RouteObject[] = [
  { path: paths.siteRoot.path, element: <RedirectToStart /> },
  { path: paths.base.path, element: <RedirectToStart /> },
  {
    path: paths.start.path,
    element: (
      <RequireResidence>{screen(() => import('../routes/start/start-page.js'))}</RequireResidence>
    ),
  },
  { path: paths.faq.path, element: screen(() => import('../routes/faq/faq-page.js')) },
  {
    path: paths.residency.path,
    element: screen(() => import('../routes/residency/residency-page.js')),
  },
  {
    path: paths.getMobileApp.path,
    element: screen(() => import('../routes/get-mobile-app/get-mobile-app-page.js')),
  },
  {
    path: paths.collateralProof.path,
    element: screen(() => import('../routes/collateral-proof/collateral-proof-page.js')),
  },
  // The bank's redirect resumes a signed-in borrower's bank linking.
  requireSession([
    {
      path: paths.plaidOauthSuccess.path,
      element: screen(() => import('../routes/plaid-oauth-success/plaid-oauth-success-page.js')),
    },
  ]),
];

/** Pages outside the borrower flow's base path (document 2 §2, DESIGN §3). */
const siteRoutes: RouteObject[] = [
  {
    path: paths.login.path,
    element: screen(() => import('../routes/auth-login/auth-login-page.js')),
  },
  { path: paths.privacy.path, element: screen(() => import('../routes/privacy/privacy-page.js')) },
  requireSession([
    {
      path: paths.dashboard.path,
      element: screen(() => import('../routes/dashboard/dashboard-page.js')),
      handle: routeData('dashboard', dashboardData),
    },
    {
      path: paths.loan.path,
      element: screen(() => import('../routes/loan/loan-page.js')),
      handle: routeData('loan', loanData),
    },
    { path: paths.ops.path, element: screen(() => import('../routes/ops/ops-page.js')) },
    {
      path: paths.opsApplication.path,
      element: screen(() => import('../routes/ops-application/ops-application-page.js')),
      handle: routeData('opsApplication', opsApplicationData),
    },
    {
      path: paths.opsAgents.path,
      element: screen(() => import('../routes/ops-agents/ops-agents-page.js')),
    },
    {
      path: paths.opsBrands.path,
      element: screen(() => import('../routes/ops-brands/ops-brands-page.js')),
    },
    {
      path: paths.opsBrand.path,
      element: screen(() => import('../routes/ops-brand/ops-brand-page.js')),
    },
    {
      path: paths.opsPartners.path,
      element: screen(() => import('../routes/ops-partners/ops-partners-page.js')),
    },
    {
      path: paths.opsApprovals.path,
      element: screen(() => import('../routes/ops-approvals/ops-approvals-page.js')),
    },
    {
      path: paths.opsMail.path,
      element: screen(() => import('../routes/ops-mail/ops-mail-page.js')),
    },
    {
      path: paths.opsHealth.path,
      element: screen(() => import('../routes/ops-health/ops-health-page.js')),
    },
    {
      path: paths.opsJobs.path,
      element: screen(() => import('../routes/ops-jobs/ops-jobs-page.js')),
    },
    {
      path: paths.opsLoans.path,
      element: screen(() => import('../routes/ops-loans/ops-loans-page.js')),
    },
    {
      path: paths.opsLoan.path,
      element: screen(() => import('../routes/ops-loan/ops-loan-page.js')),
      handle: routeData('opsLoan', opsLoanData),
    },
    {
      path: paths.opsReconciliation.path,
      element: screen(() => import('../routes/ops-reconciliation/ops-reconciliation-page.js')),
    },
    {
      path: paths.opsRisk.path,
      element: screen(() => import('../routes/ops-risk/ops-risk-page.js')),
    },
    {
      path: paths.opsRefinancing.path,
      element: screen(() => import('../routes/ops-refinancing/ops-refinancing-page.js')),
    },
    {
      path: paths.opsUiKit.path,
      element: screen(() => import('../routes/ops-ui-kit/ops-ui-kit-page.js')),
    },
  ]),
];

/**
 * Every route of the app. Paths match with or without a trailing slash. Screens render inside the
 * layout; an error in one renders inside the layout too.
 */
export const routes: RouteObject[] = [
  {
    element: <RouterLayout />,
    children: [
      {
        // A saved path named by a `state` query parameter comes first (document 1 §2).
        element: <StateQueryRedirect />,
        children: [
          ...publicRoutes,
          ...refinanceRoutes,
          {
            element: <RequireUuidParams />,
            children: [
              requireSession([
                {
                  element: <ApplicationPages />,
                  handle: routeData('application', applicationData),
                  children: applicationRoutes,
                },
              ]),
            ],
          },
          ...siteRoutes,
          { path: '*', element: <RedirectUnknownPath /> },
        ],
      },
    ],
  },
];

/**
 * The app at the current address (inside a BrowserRouter, or a MemoryRouter in tests); the loading
 * layout shows until the first screen's code has loaded.
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  return <Suspense fallback={<AppLayoutFallback />}>{element}</Suspense>;
}

/**
 * Loads the code of the screen shown at a path, so a first render there shows the screen itself,
 * as the server-rendered page does, rather than "Loading…". Nothing to load for a redirect.
 */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      await screenPreloadOf(route.element)?.();
    }),
  );
}
