import { useState } from 'react';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { undoEmailChange } from '../api/sign-in-calls.js';
import { signInFailure } from '../sign-in-error.js';

interface TUndoEmailChangeProps {
  token: string;
  /** Where to sign in once the address is back. */
  signInHref: string;
}

/**
 * Opened from the e-mail that told the old address of a change of sign-in address: one button
 * restores it. A button, not the link itself, changes it, so that a mail scanner opening the link
 * changes nothing.
 */
export function UndoEmailChange({ token, signInHref }: TUndoEmailChangeProps) {
  const [restored, setRestored] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isUndoing, setIsUndoing] = useState(false);

  async function onUndo() {
    if (isUndoing) return;
    setIsUndoing(true);
    setError(null);
    try {
      const answer = await undoEmailChange(token);
      setRestored(answer.email);
    } catch (failure) {
      const { fieldErrors, message } = signInFailure(failure, ['token']);
      setError(fieldErrors.token ?? message);
    } finally {
      setIsUndoing(false);
    }
  }

  if (restored !== null) {
    return (
      <div className="auth-form">
        <Alert variant="success" isLive>
          Your sign-in address is {restored} again, and everyone has been signed out of the account.
        </Alert>
        <p>
          <a href={signInHref}>Sign in with {restored}</a>
        </p>
      </div>
    );
  }

  return (
    <div className="auth-form">
      <p>
        Your sign-in address was changed. If you did not make that change, restore your old address:
        this also signs everyone out of the account.
      </p>
      {error !== null && <Alert variant="error">{error}</Alert>}
      <Button isLoading={isUndoing} onClick={() => void onUndo()}>
        Restore my old address
      </Button>
    </div>
  );
}
