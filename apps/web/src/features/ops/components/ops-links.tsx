import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { shortId } from '../format.js';

/** An application in a console list: its short id, the whole id on hover, to its detail. */
export function OpsApplicationLink({ appUuid }: { appUuid: string }) {
  return (
    <Link to={paths.opsApplication.getHref(appUuid)} title={appUuid} className="ops-id">
      {shortId(appUuid)}
    </Link>
  );
}

/** A funded loan in a console list: its short id, the whole id on hover, to its detail. */
export function OpsLoanLink({ loanUuid }: { loanUuid: string }) {
  return (
    <Link to={paths.opsLoan.getHref(loanUuid)} title={loanUuid} className="ops-id">
      {shortId(loanUuid)}
    </Link>
  );
}
