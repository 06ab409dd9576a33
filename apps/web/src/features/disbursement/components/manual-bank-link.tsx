import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { buttonClassName } from '../../../ui/button/button.js';

/** The way to type the bank account in by hand, where linking a bank is offered first. */
export function ManualBankLink({ appUuid }: { appUuid: string }) {
  return (
    <Link
      className={buttonClassName({ variant: 'secondary' })}
      to={paths.application.disbursementManuallyLink.getHref(appUuid)}
    >
      Enter account details manually
    </Link>
  );
}
