import { useId, useRef, useState, type FormEvent } from 'react';
import { ZPostWaitlistBody, type TValidState } from '@pledge/contract';
import { isApiError } from '../../../api/api-error.js';
import { useBrand } from '../../../brand/brand-context.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { EmailField } from '../../../ui/text-field/preset-fields.js';
import { useJoinWaitlist } from '../api/post-waitlist.js';

export interface TWaitlistFormProps {
  /** The state that is not serviced. */
  state: TValidState;
  /** The signed-in borrower's address, offered until the borrower types another. */
  signedInEmail: string | null;
}

/** The server's words for the address, when it refused it; otherwise null. */
function emailErrorOf(error: unknown): string | null {
  return isApiError(error) ? (error.fieldErrors('email')[0] ?? null) : null;
}

/**
 * 'Join Waitlist' for a state where loans are not offered yet (document 1 §2): an e-mail address,
 * prefilled when signed in; the sign-up is confirmed on the page and by e-mail.
 */
export function WaitlistForm({ state, signedInEmail }: TWaitlistFormProps) {
  const brand = useBrand();
  const id = useId();
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const joinWaitlist = useJoinWaitlist(brand.orgCode);
  const email = typedEmail ?? signedInEmail ?? '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZPostWaitlistBody.safeParse({ email: email.trim(), state: state.state });
    if (!parsed.success) {
      setEmailError(parsed.error.issues[0]?.message ?? null);
      emailInput.current?.focus();
      return;
    }
    setEmailError(null);
    joinWaitlist.mutate(parsed.data, {
      onError: (error) => {
        const serverEmailError = emailErrorOf(error);
        if (serverEmailError !== null) {
          setEmailError(serverEmailError);
          emailInput.current?.focus();
        }
      },
    });
  }

  if (joinWaitlist.isSuccess) {
    return (
      <Alert variant="success" title="You are on the waitlist" isLive>
        <p>
          {brand.companyName} will e-mail {joinWaitlist.data.email} when loans are offered in{' '}
          {state.name}.
        </p>
      </Alert>
    );
  }

  const failure = joinWaitlist.error;
  const showFailure = failure !== null && emailErrorOf(failure) === null;
  return (
    <form className="waitlist-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="waitlist-form__title">
        Join the waitlist for {state.name}
      </h2>
      <p>
        Leave your e-mail address and {brand.companyName} will let you know when loans are offered
        in {state.name}.
      </p>
      {showFailure && (
        <Alert variant="error" title="You could not be added to the waitlist">
          <p>{failure.message}</p>
        </Alert>
      )}
      <EmailField
        ref={emailInput}
        label="E-mail address"
        value={email}
        error={emailError}
        onChange={(event) => {
          setTypedEmail(event.target.value);
          setEmailError(null);
        }}
      />
      <Button type="submit" isLoading={joinWaitlist.isPending}>
        Join Waitlist
      </Button>
    </form>
  );
}
