import { useSession } from '../use-session.js';
import { ChangeEmailForm } from './change-email-form.js';
import { SessionsPanel } from './sessions-panel.js';

/** Where a borrower manages how they sign in: the sign-in address and the signed-in devices. */
export function AccountSecurity() {
  const session = useSession('customer');
  const currentEmail = session.status === 'signed-in' ? session.identity.email : null;
  return (
    <div className="account-security">
      <ChangeEmailForm currentEmail={currentEmail} />
      <SessionsPanel />
    </div>
  );
}
