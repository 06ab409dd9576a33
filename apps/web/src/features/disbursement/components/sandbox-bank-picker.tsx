import { useEffect, useRef, useState, type FormEvent } from 'react';
import type {
  TBankInstitution,
  TPostBankLinkExchangeBody,
  TPostStoreLinkErrorBody,
} from '@pledge/contract';
import { isApiError } from '../../../api/client.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Modal } from '../../../ui/modal/modal.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { createSandboxPublicToken, useSandboxInstitutions } from '../api/bank-link.js';
import { BANK_LINK_MESSAGES } from '../messages.js';

export const SANDBOX_PICKER_MESSAGES = {
  usernameRequired: 'Please enter the username.',
  passwordRequired: 'Please enter the password.',
} as const;

type TLinkError = NonNullable<TPostStoreLinkErrorBody['linkError']>;

export interface TSandboxBankPickerProps {
  isOpen: boolean;
  linkToken: string;
  onSuccess(publicToken: string, metadata: TPostBankLinkExchangeBody['metadata']): void;
  onExit(exit: Omit<TPostStoreLinkErrorBody, 'appUuid'>): void;
}

function newLinkSessionId(): string {
  return `sandbox-session-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * The sandbox's bank-link widget (DESIGN §3): pick a test bank, sign in with the test credentials,
 * and hand back a public token as Plaid Link would. Closing it without a bank linked is an exit.
 */
export function SandboxBankPicker({
  isOpen,
  linkToken,
  onSuccess,
  onExit,
}: TSandboxBankPickerProps) {
  const institutions = useSandboxInstitutions({ enabled: isOpen });
  const [institution, setInstitution] = useState<TBankInstitution | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ username?: string; password?: string }>({});
  const [signInError, setSignInError] = useState<string | null>(null);
  const [isSigningIn, setIsSigningIn] = useState(false);
  const lastError = useRef<TLinkError | null>(null);
  const session = useRef(newLinkSessionId());
  const isLinked = useRef(false);

  useEffect(() => {
    // Opened again (a failed exchange is retried): a new session that can be exited.
    if (isOpen) isLinked.current = false;
  }, [isOpen]);

  function chooseInstitution(next: TBankInstitution | null) {
    setInstitution(next);
    setUsername('');
    setPassword('');
    setFieldErrors({});
    setSignInError(null);
  }

  function onClose() {
    // Closing after a link (the page closes it) is not an exit.
    if (isLinked.current) return;
    onExit({
      linkError: lastError.current,
      linkErrorMetadata: {
        institution,
        status: institution === null ? 'choose_institution' : 'requires_credentials',
        linkSessionId: session.current,
        requestId: null,
      },
    });
    chooseInstitution(null);
    lastError.current = null;
    session.current = newLinkSessionId();
  }

  async function onSignIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (institution === null || isSigningIn) return;
    const errors = {
      ...(username.trim() === '' ? { username: SANDBOX_PICKER_MESSAGES.usernameRequired } : {}),
      ...(password === '' ? { password: SANDBOX_PICKER_MESSAGES.passwordRequired } : {}),
    };
    setFieldErrors(errors);
    setSignInError(null);
    if (Object.keys(errors).length > 0) return;
    setIsSigningIn(true);
    try {
      const { publicToken } = await createSandboxPublicToken({
        linkToken,
        institutionId: institution.institutionId,
        username: username.trim(),
        password,
      });
      isLinked.current = true;
      onSuccess(publicToken, { institution, accounts: [], linkSessionId: session.current });
    } catch (error) {
      const isRefused = isApiError(error) && error.status === 400;
      const message = isRefused ? error.message : BANK_LINK_MESSAGES.unexpected;
      lastError.current = {
        errorType: isRefused ? 'ITEM_ERROR' : 'API_ERROR',
        errorCode: (isApiError(error) ? error.code : null) ?? 'INTERNAL_SERVER_ERROR',
        errorMessage: error instanceof Error ? error.message : String(error),
        displayMessage: message,
      };
      setSignInError(message);
      setPassword('');
    } finally {
      setIsSigningIn(false);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      className="bank-picker"
      title={institution === null ? 'Select your bank' : `Sign in to ${institution.name}`}
      description={
        institution === null
          ? 'Choose the bank that holds the account for your loan funds.'
          : 'This is a test bank. Sign in with the username user_good and the password pass_good.'
      }
      closeLabel="Close bank linking"
    >
      {institution === null ? (
        institutions.data !== undefined ? (
          <ul className="bank-picker__list" aria-label="Banks">
            {institutions.data.institutions.map((item) => (
              <li key={item.institutionId}>
                <button
                  type="button"
                  className="bank-picker__bank"
                  onClick={() => chooseInstitution(item)}
                >
                  {item.name}
                </button>
              </li>
            ))}
          </ul>
        ) : institutions.isError ? (
          <>
            <Alert variant="error">{BANK_LINK_MESSAGES.unexpected}</Alert>
            <Button type="button" variant="secondary" onClick={() => void institutions.refetch()}>
              Try again
            </Button>
          </>
        ) : (
          <p role="status" className="loading">
            Loading banks…
          </p>
        )
      ) : (
        <form className="bank-picker__form" noValidate onSubmit={(event) => void onSignIn(event)}>
          {signInError !== null && <Alert variant="error">{signInError}</Alert>}
          <TextField
            label="Username"
            name="username"
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={fieldErrors.username ?? null}
            isRequired
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={fieldErrors.password ?? null}
            isRequired
          />
          <div className="page-actions">
            <Button type="submit" isLoading={isSigningIn}>
              Sign in
            </Button>
            <Button type="button" variant="secondary" onClick={() => chooseInstitution(null)}>
              Choose another bank
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
