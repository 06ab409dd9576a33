import { useState } from 'react';
import type { TSignInAudience } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { readPendingSignIn } from '../../session/session-storage.js';
import { beginSignIn } from '../../session/start-sign-in.js';

/** Leaves the password sign-in for the broker's: a code sent by e-mail, same return path. */
export function SwitchToCodeSignIn({
  audience,
  requestedRedirect,
  label,
}: {
  audience: TSignInAudience;
  requestedRedirect: string | null;
  label: string;
}) {
  const [isStarting, setIsStarting] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  async function onClick() {
    setIsStarting(true);
    setHasFailed(false);
    const pending = readPendingSignIn();
    const returnPath =
      requestedRedirect ?? (pending?.audience === audience ? pending.returnPath : '');
    try {
      await beginSignIn({ audience, returnPath, mode: 'broker' });
    } catch {
      setHasFailed(true);
      setIsStarting(false);
    }
  }
  return (
    <>
      {hasFailed && (
        <Alert variant="error">The code sign-in could not start. Try again in a moment.</Alert>
      )}
      <Button variant="secondary" isLoading={isStarting} onClick={() => void onClick()}>
        {label}
      </Button>
    </>
  );
}
