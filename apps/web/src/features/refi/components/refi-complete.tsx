import { Link } from 'react-router';
import { isRefiSubmitted } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { FactList } from '../../../ui/fact-list.js';
import { PendingData } from '../../application/components/application-load-error.js';
import { displayUsd } from '../../dashboard/display.js';
import { formatRate } from '../../offer/format.js';
import { useRefiApplications } from '../api/refi-applications.js';
import { offerTreatment, refiCards, refiStateText, TREATMENT_NAMES } from '../refi-loans.js';
import { RefiSignedInPage } from './refi-signed-in-page.js';

export const REFI_COMPLETE_TITLE = 'Submitted loans';

function SubmittedLoans({ identityUuid }: { identityUuid: string }) {
  const applications = useRefiApplications(identityUuid);
  if (applications.data === undefined) {
    return <PendingData query={applications} what="your loans" />;
  }
  const submitted = refiCards(applications.data).filter((app) => isRefiSubmitted(app.state));
  return (
    <>
      {submitted.length === 0 ? (
        <p>You haven’t submitted a loan yet.</p>
      ) : (
        <>
          <p>
            Thank you. We have your {submitted.length === 1 ? 'loan' : `${submitted.length} loans`}{' '}
            and will email you as each one moves on.
          </p>
          <ul className="refi-submitted">
            {submitted.map((app) => {
              const offer = app.selectedOffer;
              return (
                <li key={app.appUuid} className="refi-submitted__item">
                  <h2>Celsius loan {app.celsiusLoanNumbers.join(', ')}</h2>
                  <FactList
                    kind="refi-card__details"
                    facts={[
                      { label: 'Status', value: refiStateText(app.state, app.ending) },
                      ...(offer === null
                        ? []
                        : [
                            { label: 'New loan', value: displayUsd(offer.amount) },
                            { label: 'Treatment', value: TREATMENT_NAMES[offerTreatment(offer)] },
                            { label: 'APR', value: formatRate(offer.annualPercentageRate) },
                          ]),
                    ]}
                  />
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div className="page-actions">
        <Link className="button button--secondary" to={paths.refinance.list.getHref()}>
          Add another loan
        </Link>
      </div>
    </>
  );
}

/** /celsius-refi/complete (document 2 §2): the loans already submitted. */
export function RefiComplete() {
  return (
    <RefiSignedInPage title={REFI_COMPLETE_TITLE} className="panel refi-page">
      {(identityUuid) => <SubmittedLoans identityUuid={identityUuid} />}
    </RefiSignedInPage>
  );
}
