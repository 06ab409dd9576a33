import { Link, useParams } from 'react-router';
import { ACH_FUNDS_BUSINESS_DAYS } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { buttonClassName } from '../../../ui/button/button.js';
import { PageHeading } from '../../../ui/page-heading.js';
import { ManualBankLink } from './manual-bank-link.js';

/**
 * /{appUuid}/disbursement: where a US borrower's loan is paid (document 1 §2): a linked bank
 * (recommended, instant) or account details typed in. International borrowers are paid in USDC:
 * the page stands behind the US bank rail's guard.
 */
export function DisbursementChoice() {
  const { appUuid = '' } = useParams();
  const { min, max } = ACH_FUNDS_BUSINESS_DAYS;
  return (
    <section className="panel disbursement">
      <PageHeading>Where should we send your loan funds?</PageHeading>
      <p>
        Your loan is paid by ACH transfer to a personal bank account in your name. Funds arrive in{' '}
        {min}-{max} business days.
      </p>
      <ul className="disbursement__choices">
        <li className="disbursement__choice">
          <h2 className="disbursement__choice-title">
            Link your bank <span className="disbursement__badge">Recommended</span>
          </h2>
          <p>Instant: sign in to your bank and choose the account. No numbers to type.</p>
          <Link
            className={buttonClassName()}
            to={paths.application.disbursementLinkAccount.getHref(appUuid)}
          >
            Link a bank account
          </Link>
        </li>
        <li className="disbursement__choice">
          <h2 className="disbursement__choice-title">Enter account details</h2>
          <p>Type in your bank’s routing number and your account number.</p>
          <ManualBankLink appUuid={appUuid} />
        </li>
      </ul>
      <Link className="disbursement__back" to={paths.application.nextSteps.getHref(appUuid)}>
        Back to final steps
      </Link>
    </section>
  );
}
