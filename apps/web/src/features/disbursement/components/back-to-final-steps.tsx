import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { buttonClassName } from '../../../ui/button/button.js';

/** A payout page's way back to the application's final steps, beside its own action. */
export function BackToFinalSteps({ appUuid }: { appUuid: string }) {
  return (
    <Link
      className={buttonClassName({ variant: 'secondary' })}
      to={paths.application.nextSteps.getHref(appUuid)}
    >
      Back to final steps
    </Link>
  );
}
