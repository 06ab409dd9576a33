import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TApplication, TLoanStatus } from '@pledge/contract';
import {
  appPath,
  applicationEndWords,
  COLLATERAL_DISPLAY_NAMES,
  formatCoin,
  COIN_DISPLAY_DECIMALS,
  formatPct,
} from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { RetryAlert } from '../../../ui/alert/alert.js';
import { buttonClassName } from '../../../ui/button/button.js';
import { FactList } from '../../../ui/fact-list.js';
import { loanStatusQuery, userAppsQuery } from '../api/dashboard-queries.js';
import {
  APPLICATION_STATE_WORDS,
  applicationAction,
  collateralReleaseNote,
  documentsLink,
} from '../application-summary.js';
import { displayDate, displayRate, displayUsd } from '../display.js';
import { RenewAction } from '../../renewal/components/renew-action.js';
import { celsiusLoansName } from '../../refi/refi-loans.js';
import { nextPaymentWords, pastDueWords } from '../../loan/due-words.js';
import { RISK_LEVEL_WORDS } from '../../loan/loan-health.js';
import { LOAN_LTV_DECIMALS } from '../../loan/loan-view.js';
import { loanHealthSummary } from '../loan-health.js';
import { AdverseActionNotice } from './adverse-action-notice.js';
import { LoanRiskBanners } from './loan-risk-banner.js';

const LOAN_TYPE_WORDS: Readonly<Record<TLoanStatus['loanType'], string>> = {
  NEW_LOAN: 'Loan',
  RENEWAL: 'Renewed loan',
  REFINANCE: 'Refinanced loan',
};

/** What is due, as the loan page says it (the server's one next payment), with any arrears. */
function NextPaymentLines({ loan }: { loan: TLoanStatus }) {
  const next = loan.nextPayment;
  if (next == null) {
    if (loan.nextPaymentDue == null || loan.nextPaymentAmount == null) return null;
    return (
      <p className="dashboard-card__meta">
        Next payment: {displayUsd(loan.nextPaymentAmount)} due {displayDate(loan.nextPaymentDue)}
      </p>
    );
  }
  const pastDue = pastDueWords(next);
  return (
    <>
      <p className="dashboard-card__meta">Next payment: {nextPaymentWords(next)}</p>
      {pastDue !== null && <p className="dashboard-card__past-due">Past due: {pastDue}</p>}
    </>
  );
}

/** A loan's state in words; a loan past its maturity date says it is due rather than active. */
export function loanStateWords(
  loan: Pick<TLoanStatus, 'state' | 'status' | 'maturityDate'>,
): string {
  if (loan.state === 'COMPLETE' && loan.status === 'MATURED') {
    return `Matured on ${displayDate(loan.maturityDate)}: due in full`;
  }
  return APPLICATION_STATE_WORDS[loan.state];
}

/**
 * The loan's status page: a refinanced loan's is the refinancing's list of submitted loans (a
 * refinancing borrower's application pages lead to the dashboard, document 1 §2).
 */
function loanAction(loan: TLoanStatus, release: Parameters<typeof applicationAction>[0]) {
  if (loan.loanType === 'REFINANCE') {
    return loan.state === 'COMPLETE'
      ? { label: 'View loan status', href: paths.refinance.complete.getHref() }
      : applicationAction({ ...release, isCelsiusRefi: false });
  }
  return applicationAction(release);
}

function LoanCard({ loan, app }: { loan: TLoanStatus; app: TApplication | undefined }) {
  const collateral = `${formatCoin(loan.collateral.coinQuantity, COIN_DISPLAY_DECIMALS)} ${loan.collateral.type}`;
  const release = { state: loan.state, collateral: app?.collateral ?? null };
  const action = loanAction(loan, {
    appUuid: loan.appUuid,
    isRollForward: loan.loanType === 'RENEWAL',
    isCelsiusRefi: false,
    ...release,
  });
  const releaseNote = collateralReleaseNote(release);
  const health = loanHealthSummary(loan);
  return (
    <li className="dashboard-card">
      <h3 className="dashboard-card__title">
        {LOAN_TYPE_WORDS[loan.loanType]} of {displayUsd(loan.principalAmount)}
      </h3>
      <p className="dashboard-card__state">{loanStateWords(loan)}</p>
      {loan.loanType === 'REFINANCE' && app !== undefined && app.celsiusLoanNumbers.length > 0 && (
        <p className="dashboard-card__meta">
          Refinances {celsiusLoansName(app.celsiusLoanNumbers)}
        </p>
      )}
      {releaseNote !== null && <p className="dashboard-card__meta">{releaseNote}</p>}
      <FactList
        kind="dashboard-card__facts"
        facts={[
          { label: 'Interest rate', value: displayRate(loan.interestRate) },
          { label: 'APR', value: displayRate(loan.annualPercentageRate) },
          {
            label: 'Collateral',
            value: (
              <>
                {collateral}{' '}
                <span className="visually-hidden">
                  ({COLLATERAL_DISPLAY_NAMES[loan.collateral.type]})
                </span>
              </>
            ),
          },
          { label: 'Funded', value: displayDate(loan.fundedAt) },
          { label: 'Matures', value: displayDate(loan.maturityDate) },
        ]}
      />
      {health !== null && (
        <p className="dashboard-card__health">
          <span>LTV {formatPct(health.ltvPct, LOAN_LTV_DECIMALS)}</span>
          <span
            className={`risk-chip risk-chip--${health.level.toLowerCase().replaceAll('_', '-')}`}
          >
            <span className="visually-hidden">Loan health: </span>
            {RISK_LEVEL_WORDS[health.level]}
          </span>
        </p>
      )}
      <NextPaymentLines loan={loan} />
      <div className="dashboard-card__actions">
        <Link
          className={buttonClassName({ isFullWidth: false })}
          to={paths.loan.getHref(loan.loanUuid ?? loan.appUuid)}
        >
          Payments and balance
        </Link>
        {action !== null && (
          <Link
            className={buttonClassName({ variant: 'secondary', isFullWidth: false })}
            to={action.href}
          >
            {action.label}
          </Link>
        )}
        <RenewAction loan={loan} />
        <Link className="dashboard-card__link" to={appPath(loan.appUuid, 'documents')}>
          View documents
        </Link>
      </div>
    </li>
  );
}

/**
 * A card's title: a refinancing names its Celsius loans (two never read alike), any other
 * application its amount and coin.
 */
export function applicationTitle(app: TApplication): string {
  const offer = app.selectedOffer;
  const amount =
    offer === null ? null : `${displayUsd(offer.drawAmount)} against ${offer.collateral.type}`;
  if (app.isCelsiusRefi && app.celsiusLoanNumbers.length > 0) {
    const name = `Refinancing of ${celsiusLoansName(app.celsiusLoanNumbers)}`;
    return amount === null ? name : `${name}: ${displayUsd(offer?.amount ?? 0)}`;
  }
  return amount ?? `Application of ${displayDate(app.createdAt)}`;
}

function ApplicationCard({ app }: { app: TApplication }) {
  const action = applicationAction(app);
  const documents = documentsLink(app);
  const releaseNote = collateralReleaseNote(app);
  const offer = app.selectedOffer;
  const title = applicationTitle(app);
  const ending =
    app.state === 'CANCELLED' && app.ending !== undefined
      ? applicationEndWords(app.ending, {
          isRollForward: app.isRollForward,
          isCelsiusRefi: app.isCelsiusRefi,
          collateralType: offer?.collateral.type ?? app.rollForwardLoanDetails?.collateral.type,
        })
      : null;
  return (
    <li className="dashboard-card">
      <h3 className="dashboard-card__title">{title}</h3>
      <p className="dashboard-card__state">
        {ending === null ? APPLICATION_STATE_WORDS[app.state] : ending.title}
      </p>
      {ending !== null && (
        <div className="dashboard-card__ending">
          <p>{ending.whatHappened}</p>
          <p>{ending.whatToDo}</p>
        </div>
      )}
      {releaseNote !== null && <p className="dashboard-card__meta">{releaseNote}</p>}
      <p className="dashboard-card__meta">
        {app.isCelsiusRefi ? 'Refinancing' : app.isRollForward ? 'Renewal' : 'New loan'} · started{' '}
        {displayDate(app.createdAt)}
      </p>
      {app.state === 'DECLINED' && <AdverseActionNotice decidedOn={displayDate(app.updatedAt)} />}
      {(action !== null || documents !== null) && (
        <div className="dashboard-card__actions">
          {action !== null && (
            <Link className={buttonClassName({ isFullWidth: false })} to={action.href}>
              {action.label}
            </Link>
          )}
          {documents !== null && (
            <Link className="dashboard-card__link" to={documents.href}>
              {documents.label}
            </Link>
          )}
        </div>
      )}
    </li>
  );
}

function StartApplicationLink({ isPrimary }: { isPrimary: boolean }) {
  return (
    <div className="dashboard__start">
      <Link
        className={buttonClassName({
          variant: isPrimary ? 'primary' : 'secondary',
          isFullWidth: false,
        })}
        to={paths.start.getHref()}
      >
        Start an application
      </Link>
      <Link className="dashboard-card__link" to={paths.refinance.list.getHref()}>
        Refinance a Celsius loan
      </Link>
    </div>
  );
}

/**
 * The borrower's dashboard: funded loans (loanStatus) and applications (fetch-user/apps), each
 * with its state in plain words and the link to its next step.
 */
export function DashboardView() {
  const apps = useQuery(userAppsQuery);
  const loans = useQuery(loanStatusQuery);

  if (apps.isPending || loans.isPending) {
    return (
      <p className="loading" role="status">
        Loading your loans and applications…
      </p>
    );
  }
  if (apps.isError || loans.isError) {
    return (
      <RetryAlert
        title="We could not load your loans and applications."
        onRetry={() => {
          if (apps.isError) void apps.refetch();
          if (loans.isError) void loans.refetch();
        }}
      />
    );
  }

  const loanList = loans.data.loans;
  const loanUuids = new Set(loanList.map((loan) => loan.appUuid));
  const applications = apps.data.filter((app) => !loanUuids.has(app.appUuid));

  if (loanList.length === 0 && applications.length === 0) {
    return (
      <section className="panel dashboard-empty" aria-labelledby="dashboard-empty-title">
        <h2 id="dashboard-empty-title">No loans or applications yet</h2>
        <p>
          Borrow US dollars against your Bitcoin or Ethereum without selling them. It takes a few
          minutes to see your offer.
        </p>
        <StartApplicationLink isPrimary />
      </section>
    );
  }

  return (
    <div className="dashboard">
      <LoanRiskBanners loans={loanList} />
      {loanList.length > 0 && (
        <section aria-labelledby="dashboard-loans-title">
          <h2 id="dashboard-loans-title">Your loans</h2>
          <ul className="dashboard-list">
            {loanList.map((loan) => (
              <LoanCard
                key={loan.appUuid}
                loan={loan}
                app={apps.data.find((candidate) => candidate.appUuid === loan.appUuid)}
              />
            ))}
          </ul>
        </section>
      )}
      {applications.length > 0 && (
        <section aria-labelledby="dashboard-apps-title">
          <h2 id="dashboard-apps-title">Your applications</h2>
          <ul className="dashboard-list">
            {applications.map((app) => (
              <ApplicationCard key={app.appUuid} app={app} />
            ))}
          </ul>
        </section>
      )}
      <StartApplicationLink isPrimary={false} />
    </div>
  );
}
