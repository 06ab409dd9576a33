import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { CREDIT_OUTCOMES, type TCreditOutcomeState } from '../credit-outcomes.js';
import { CreditBureauList } from './credit-bureau-list.js';
import { CreditRetry } from './credit-retry.js';
import { OutcomePage } from './outcome-page.js';

/**
 * A page where the application stopped at the credit check or its decision: what happened, how to
 * go on (the check run again once the credit file is unblocked, with the bureaus' contacts), and
 * support; its words are the outcome's (credit-outcomes.ts).
 */
export function CreditOutcomePage({ state }: { state: TCreditOutcomeState }) {
  const { title, intro, next, retry, supportText, dashboardAction } = CREDIT_OUTCOMES[state];
  return (
    <OutcomePage
      state={state}
      title={title}
      supportText={supportText}
      hasDashboardLink={dashboardAction === undefined}
    >
      {intro.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      {next !== undefined && (
        <>
          <h2 className="outcome-page__subheading">{next.heading}</h2>
          {next.steps !== undefined && (
            <ol className="outcome-page__steps">
              {next.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          )}
          {next.paragraphs?.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </>
      )}
      {retry !== undefined && (
        <>
          <CreditRetry done={retry.done} state={state} stillText={retry.stillText} />
          <h2 className="outcome-page__subheading">The credit bureaus</h2>
          <CreditBureauList link={retry.bureauLink} />
        </>
      )}
      {dashboardAction !== undefined && (
        <Link className="button outcome-page__action" to={paths.dashboard.getHref()}>
          {dashboardAction}
        </Link>
      )}
    </OutcomePage>
  );
}
