import { BASE_PATH } from '@pledge/domain';

/** The residence a borrower chose on /residency, carried to /start as a query parameter. */
export type TResidenceQuery = { state: string } | { countryCode: string };

function page(path: string) {
  return { path, getHref: () => path };
}

/** A page of one application: /account/crypto-backed-loan/{appUuid}/{segment}. */
function applicationPage(segment: string) {
  return {
    path: `${BASE_PATH}/:appUuid/${segment}`,
    getHref: (appUuid: string) => `${BASE_PATH}/${encodeURIComponent(appUuid)}/${segment}`,
  };
}

/** A page of one refinancing offer: /account/crypto-backed-loan/celsius-refi/{appUuid}/{offerUuid}/…. */
function refinanceOfferPage(segment: string) {
  return {
    path: `${BASE_PATH}/celsius-refi/:appUuid/:offerUuid/${segment}`,
    getHref: (appUuid: string, offerUuid: string) =>
      `${BASE_PATH}/celsius-refi/${encodeURIComponent(appUuid)}/${encodeURIComponent(offerUuid)}/${segment}`,
  };
}

/** Every route of the app (document 1 §2, document 2 §2): patterns for the router, hrefs for links. */
export const paths = {
  siteRoot: page('/'),
  base: page(BASE_PATH),
  start: {
    path: `${BASE_PATH}/start`,
    getHref: (residence?: TResidenceQuery) =>
      `${BASE_PATH}/start${residence === undefined ? '' : `?${new URLSearchParams(residence).toString()}`}`,
  },
  faq: page(`${BASE_PATH}/faq`),
  residency: page(`${BASE_PATH}/residency`),
  getMobileApp: page(`${BASE_PATH}/get-mobile-app`),
  plaidOauthSuccess: page(`${BASE_PATH}/plaid-oauth-success`),
  application: {
    /** An application's own entry; where it leads depends on the application's state. */
    entry: {
      path: `${BASE_PATH}/:appUuid`,
      getHref: (appUuid: string) => `${BASE_PATH}/${encodeURIComponent(appUuid)}`,
    },
    renew: applicationPage('renew'),
    details: applicationPage('details'),
    nextSteps: applicationPage('next-steps'),
    collateral: applicationPage('collateral'),
    identity: applicationPage('identity'),
    disclosures: applicationPage('disclosures'),
    usdcDisbursement: applicationPage('usdc-disbursement'),
    disbursement: applicationPage('disbursement'),
    disbursementLinkAccount: applicationPage('disbursement/link-account'),
    disbursementManuallyLink: applicationPage('disbursement/manually-link'),
    disbursementChooseAccount: applicationPage('disbursement/choose-account'),
    complete: applicationPage('complete'),
    documents: applicationPage('documents'),
    collateralRelease: applicationPage('collateral-release'),
    creditFrozen: applicationPage('credit-frozen'),
    creditLocked: applicationPage('credit-locked'),
    creditNoMatch: applicationPage('credit-no-match'),
    decline: applicationPage('decline'),
  },
  /** A funded loan's own page: balance, payments, statements, deferral and payoff. */
  loan: {
    path: `${BASE_PATH}/loans/:loanUuid`,
    getHref: (loanUuid: string) => `${BASE_PATH}/loans/${encodeURIComponent(loanUuid)}`,
  },
  /** A loan's collateral proof by its public link: no sign-in, nothing personal. */
  collateralProof: {
    path: `${BASE_PATH}/collateral-proof/:token`,
    getHref: (token: string) => `${BASE_PATH}/collateral-proof/${encodeURIComponent(token)}`,
  },
  refinance: {
    list: page(`${BASE_PATH}/celsius-refi`),
    collateralTopUp: refinanceOfferPage('collateral-top-up'),
    disclosures: refinanceOfferPage('disclosures'),
    complete: page(`${BASE_PATH}/celsius-refi/complete`),
  },
  login: page('/auth/login'),
  dashboard: page('/dashboard'),
  privacy: page('/privacy'),
  ops: page('/ops'),
  /** The agents of the console. */
  opsAgents: page('/ops/agents'),
  /** The lenders' brands: drafts, versions and their publication under four eyes. */
  opsBrands: page('/ops/brands'),
  /** One brand: its draft, the changes from the served version, its versions. */
  opsBrand: {
    path: '/ops/brands/:orgCode',
    getHref: (orgCode: string) => `/ops/brands/${encodeURIComponent(orgCode)}`,
  },
  /** A brand's partner webhook endpoints and API keys, their delivery log and replays. */
  opsPartners: page('/ops/partners'),
  /** Controlled actions one agent proposed, waiting for a second agent to approve or reject. */
  opsApprovals: page('/ops/approvals'),
  /** E-mails the mail server refused after every attempt. */
  opsMail: page('/ops/mail'),
  /** The outside dependencies (mail, bureau, chain nodes, price venues, Plaid) and their probes. */
  opsHealth: page('/ops/health'),
  /** Background jobs that failed (retrying or dead), retried or discarded by an agent. */
  opsJobs: page('/ops/jobs'),
  /** The refinancing desk of the console: the legacy loan tape and the estate's payoffs. */
  opsRefinancing: page('/ops/refinancing'),
  /** The UI kit of the console: every control in every state. */
  opsUiKit: page('/ops/ui-kit'),
  /** The funded loans in the agents' console. */
  opsLoans: page('/ops/loans'),
  /** One funded loan in the agents' console: its ledger, wires and reversals. */
  opsLoan: {
    path: '/ops/loans/:loanUuid',
    getHref: (loanUuid: string) => `/ops/loans/${encodeURIComponent(loanUuid)}`,
  },
  /** The reconciliation of the loans' ledgers with the money received. */
  opsReconciliation: page('/ops/reconciliation'),
  /** The risk queue: loans in warning and margin call, liquidation orders to fill, the prices. */
  opsRisk: page('/ops/risk'),
  /** One application in the agents' console. */
  opsApplication: {
    path: '/ops/applications/:appUuid',
    getHref: (appUuid: string) => `/ops/applications/${encodeURIComponent(appUuid)}`,
  },
} as const;
