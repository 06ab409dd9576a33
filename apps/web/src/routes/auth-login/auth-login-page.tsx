import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useBrand } from '../../brand/brand-context.js';
import { LegacySignIn } from '../../features/auth/components/legacy-sign-in.js';
import { OtpSignIn } from '../../features/auth/components/otp-sign-in.js';
import { PasswordSignInLink } from '../../features/auth/components/password-sign-in-link.js';
import { SwitchToCodeSignIn } from '../../features/auth/components/switch-to-code-sign-in.js';
import { UndoEmailChange } from '../../features/auth/components/undo-email-change.js';
import { parseLoginParams } from '../../features/auth/login-params.js';
import { useLoginPageMode } from '../../features/auth/use-login-page-mode.js';
import { createNonce } from '../../features/session/start-sign-in.js';
import type { TRouteHandle } from '../../ui/layout/route-handle.js';
import { PageHeading } from '../../ui/page-heading.js';

export const handle: TRouteHandle = { title: 'Sign in' };

/**
 * The sign-in page: the broker's hosted sign-in (a code by e-mail) or the legacy password
 * sign-in, for borrowers, or for agents with ?audience=agent.
 */
export function AuthLoginPage() {
  const { search } = useLocation();
  const brand = useBrand();
  const params = useMemo(() => parseLoginParams(search), [search]);
  const mode = useLoginPageMode(params);
  // A visit without the broker's nonce signs in with one of its own.
  const [ownNonce] = useState(createNonce);
  const { audience, redirectUrl } = params;
  const isAgent = audience === 'agent';

  if (params.undoEmailChangeToken !== null) {
    return (
      <section className="panel auth-panel">
        <PageHeading>Restore your sign-in address</PageHeading>
        <UndoEmailChange token={params.undoEmailChangeToken} signInHref="/auth/login" />
      </section>
    );
  }

  return (
    <section className="panel auth-panel">
      <PageHeading>Sign in</PageHeading>
      {isAgent && (
        <p className="auth-panel__audience">
          Operations console of {brand.companyName}, for agents with a provisioned address.
        </p>
      )}
      {mode === null && (
        <p className="loading" role="status">
          Loading…
        </p>
      )}
      {isAgent && params.forcedMode === 'legacy' && (
        <p className="auth-panel__audience">
          Agents have no password sign-in: we e-mail a sign-in code to your provisioned address.
        </p>
      )}
      {mode === 'broker' && (
        <OtpSignIn
          audience={audience}
          nonce={params.nonce ?? ownNonce}
          isBrokerNonce={params.nonce !== null}
          requestedRedirect={redirectUrl}
        />
      )}
      {mode === 'broker' && !isAgent && brand.flags.codeSignInFirst === true && (
        <PasswordSignInLink audience={audience} requestedRedirect={redirectUrl} />
      )}
      {mode === 'legacy' && (
        <>
          <LegacySignIn audience={audience} requestedRedirect={redirectUrl} />
          {params.forcedMode !== 'legacy' && (
            <div className="auth-panel__alternative">
              <p>New here, or no password? We can e-mail you a sign-in code.</p>
              <SwitchToCodeSignIn
                audience={audience}
                requestedRedirect={redirectUrl}
                label="Email me a sign-in code"
              />
            </div>
          )}
        </>
      )}
      <p className="auth-panel__help">
        Trouble signing in? Contact {brand.companyName} at{' '}
        <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a> or{' '}
        <a href={`tel:${brand.supportPhone.replace(/[^\d+]/g, '')}`}>{brand.supportPhone}</a>.
      </p>
    </section>
  );
}

export { AuthLoginPage as Component };
