/**
 * The secrets waiting for the signed-in agent: of endpoints and keys they proposed that a second
 * agent approved. Each is shown once, here, in a read-only field to copy; the server forgets it in
 * the same call, so the page says plainly that it will not be shown again.
 */
import { useState } from 'react';
import type { TPartnerSecretWaiting, TPostOpsRevealPartnerSecretResponse } from '@pledge/contract';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { CopyButton } from '../../../ui/copy-button/copy-button.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { formatDateTime } from '../../ops/format.js';
import { OpsSection } from '../../ops/components/ops-facts.js';
import { OpsQueryStatus } from '../../ops/components/ops-query-status.js';
import { usePartnerSecrets, useRevealPartnerSecret } from '../api/ops-partners.js';

const KIND_WORDS: Readonly<Record<TPartnerSecretWaiting['kind'], string>> = {
  WEBHOOK_ENDPOINT: 'Signing secret of webhook endpoint',
  API_KEY: 'API key',
};

export const NOT_AGAIN_TEXT =
  'Copy it now and keep it in the lender’s secret store: you will not see it again. It is not kept readable anywhere.';

/** The one showing of a secret, until the agent says it is saved. */
function RevealedSecret({
  revealed,
  onDone,
}: {
  revealed: TPostOpsRevealPartnerSecretResponse;
  onDone: () => void;
}) {
  const what = `${KIND_WORDS[revealed.kind]} ${revealed.id}`;
  return (
    <Alert variant="warn" isLive title={`${what}: shown once`}>
      <p>{NOT_AGAIN_TEXT}</p>
      <TextField
        label={revealed.kind === 'API_KEY' ? 'The API key' : 'The signing secret'}
        className="ops-break"
        isReadOnly
        value={revealed.secret}
        spellCheck={false}
        autoComplete="off"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p>
        <CopyButton text={revealed.secret} what={what} variant="secondary" />{' '}
        <Button variant="secondary" isFullWidth={false} onClick={onDone}>
          I have saved it
        </Button>
      </p>
    </Alert>
  );
}

export function PartnerSecrets() {
  const query = usePartnerSecrets();
  const reveal = useRevealPartnerSecret();
  const [revealed, setRevealed] = useState<TPostOpsRevealPartnerSecretResponse | null>(null);
  const secrets = query.data?.secrets;
  return (
    <OpsSection id="partner-secrets" title="Secrets waiting for you">
      {revealed !== null && <RevealedSecret revealed={revealed} onDone={() => setRevealed(null)} />}
      {reveal.error !== null && (
        <Alert variant="error" isLive title="The secret could not be shown">
          <p>{reveal.error.message}</p>
        </Alert>
      )}
      <OpsQueryStatus
        query={query}
        loadingText="Loading your approved proposals…"
        errorTitle="Your approved proposals could not be loaded"
      />
      {secrets !== undefined &&
        (secrets.length === 0 ? (
          <p role="status">
            No secret waits for you. Once another agent approves an endpoint or a key you proposed,
            its secret is shown here, to you alone, once.
          </p>
        ) : (
          <ul className="ops-partners__secrets">
            {secrets.map((secret) => (
              <li key={secret.proposalId}>
                <span className="ops-break">
                  {KIND_WORDS[secret.kind]} <span className="ops-hash">{secret.id}</span>, approved{' '}
                  {formatDateTime(secret.approvedAt)}.
                </span>{' '}
                <Button
                  variant="secondary"
                  isFullWidth={false}
                  isLoading={reveal.isPending && reveal.variables === secret.proposalId}
                  disabled={reveal.isPending || revealed !== null}
                  onClick={() =>
                    reveal.mutate(secret.proposalId, { onSuccess: (answer) => setRevealed(answer) })
                  }
                >
                  Show the secret once <span className="visually-hidden">of {secret.id}</span>
                </Button>
              </li>
            ))}
          </ul>
        ))}
    </OpsSection>
  );
}
