import { Link } from 'react-router';
import type { TIdentityFundingPrompt } from '@pledge/domain';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { buttonClassName } from '../../../ui/button/button.js';

/**
 * The tracker's word on the ID while the funds wait for it: no release goes out without an
 * approved ID, so a borrower who signed and deposited first is asked for one, then told it is in
 * review ('ID in Review', as the checklist says it).
 */
export function IdentityFundingPrompt({
  appUuid,
  prompt,
}: {
  appUuid: string;
  prompt: TIdentityFundingPrompt;
}) {
  if (prompt === 'in-review') {
    return (
      <Alert variant="info" title="ID in Review">
        <p>We’re reviewing your ID. We release your funds once it’s verified.</p>
      </Alert>
    );
  }
  return (
    <>
      <Alert variant="warn" title="We need your ID">
        <p>Upload your ID: we release your funds only after we verify it.</p>
      </Alert>
      <Link
        className={buttonClassName({ isFullWidth: false })}
        to={paths.application.identity.getHref(appUuid)}
      >
        Upload your ID
      </Link>
    </>
  );
}
