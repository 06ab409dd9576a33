/**
 * The forms that propose a webhook endpoint or an API key for a brand. Nothing is created until a
 * second agent approves the proposal on the Approvals page; the secret is then shown once to the
 * proposer, under "Secrets waiting for you".
 */
import { useState, type FormEvent } from 'react';
import {
  ZPostOpsPartnerApiKeyBody,
  ZPostOpsWebhookEndpointBody,
  type TControlledAction,
  type TPartnerApiKey,
} from '@pledge/contract';
import { PARTNER_API_SCOPES, type TPartnerApiScope } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import { Select } from '../../../ui/select/select.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { OpsProposedNotice } from '../../ops/components/ops-confirm-dialog.js';
import { useProposePartnerApiKey, useProposeWebhookEndpoint } from '../api/ops-partners.js';

/** The longest URL and text the server takes (packages/contract partner-ops.ts). */
const URL_MAX_LENGTH = 2_000;
const TEXT_MAX_LENGTH = 200;

type TFieldErrors = Readonly<Record<string, string | undefined>>;

/** The first message zod gives for each field. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return errors;
}

const SCOPE_WORDS: Readonly<Record<TPartnerApiScope, string>> = {
  'applications:read': 'Read applications (applications:read)',
  'loans:read': 'Read loans (loans:read)',
  'events:read': 'Read events (events:read)',
};

export function ProposeEndpointForm({ brand }: { brand: string }) {
  const propose = useProposeWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [proposal, setProposal] = useState<TControlledAction | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (propose.isPending) return;
    const parsed = ZPostOpsWebhookEndpointBody.safeParse({ brand, url, description });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    propose.mutate(parsed.data, {
      onSuccess: (answer) => {
        setProposal(answer);
        setUrl('');
        setDescription('');
      },
    });
  }

  return (
    <form
      className="ops-partners__form"
      aria-labelledby="ops-propose-endpoint"
      noValidate
      onSubmit={onSubmit}
    >
      <h3 id="ops-propose-endpoint">Propose a webhook endpoint</h3>
      <TextField
        label="URL"
        description="https, on a public address (sandbox:webhooks/inbox names the sandbox's receiver)."
        isRequired
        maxLength={URL_MAX_LENGTH}
        inputMode="url"
        spellCheck={false}
        value={url}
        error={errors.url}
        onChange={(event) => {
          setUrl(event.target.value);
          setProposal(null);
        }}
      />
      <TextField
        label="Description"
        isRequired
        maxLength={TEXT_MAX_LENGTH}
        value={description}
        error={errors.description}
        onChange={(event) => {
          setDescription(event.target.value);
          setProposal(null);
        }}
      />
      {propose.error !== null && (
        <Alert variant="error" isLive title="The endpoint could not be proposed">
          <p className="ops-break">{propose.error.message}</p>
        </Alert>
      )}
      {proposal !== null && <OpsProposedNotice proposal={proposal} />}
      <Button type="submit" isFullWidth={false} isLoading={propose.isPending}>
        Propose the endpoint
      </Button>
    </form>
  );
}

export function ProposeKeyForm({
  brand,
  keys,
}: {
  brand: string;
  /** The brand's keys: a current one (not rotated, not revoked) may be rotated. */
  keys: readonly TPartnerApiKey[];
}) {
  const propose = useProposePartnerApiKey();
  const [label, setLabel] = useState('');
  const [scopes, setScopes] = useState<readonly TPartnerApiScope[]>([]);
  const [rotates, setRotates] = useState('');
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [proposal, setProposal] = useState<TControlledAction | null>(null);
  const rotatable = keys.filter((key) => key.expiresAt === null && key.revokedAt === null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (propose.isPending) return;
    const parsed = ZPostOpsPartnerApiKeyBody.safeParse({
      brand,
      label,
      scopes,
      ...(rotates === '' ? {} : { rotatesKeyId: rotates }),
    });
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error.issues);
      setErrors({ ...found, scopes: found.scopes === undefined ? undefined : 'Choose a scope' });
      return;
    }
    setErrors({});
    propose.mutate(parsed.data, {
      onSuccess: (answer) => {
        setProposal(answer);
        setLabel('');
        setScopes([]);
        setRotates('');
      },
    });
  }

  return (
    <form
      className="ops-partners__form"
      aria-labelledby="ops-propose-key"
      noValidate
      onSubmit={onSubmit}
    >
      <h3 id="ops-propose-key">Propose an API key</h3>
      <TextField
        label="Label"
        description="Whose systems use it, such as “lender core”."
        isRequired
        maxLength={TEXT_MAX_LENGTH}
        value={label}
        error={errors.label}
        onChange={(event) => {
          setLabel(event.target.value);
          setProposal(null);
        }}
      />
      <fieldset className="ops-partners__scopes">
        <legend>Scopes</legend>
        {errors.scopes !== undefined && (
          <p className="field__error" role="alert">
            {errors.scopes}
          </p>
        )}
        {PARTNER_API_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            label={SCOPE_WORDS[scope]}
            checked={scopes.includes(scope)}
            onCheckedChange={(isChecked) => {
              setScopes((current) =>
                isChecked ? [...current, scope] : current.filter((s) => s !== scope),
              );
              setProposal(null);
            }}
          />
        ))}
      </fieldset>
      <Select
        label="Replaces"
        description="A rotated key keeps working for 24 hours after the new one is approved, then stops."
        options={[
          { value: '', label: 'No key (a new one)' },
          ...rotatable.map((key) => ({ value: key.keyId, label: `${key.keyId} (${key.label})` })),
        ]}
        value={rotates}
        onValueChange={(value) => {
          setRotates(value);
          setProposal(null);
        }}
      />
      {propose.error !== null && (
        <Alert variant="error" isLive title="The key could not be proposed">
          <p className="ops-break">{propose.error.message}</p>
        </Alert>
      )}
      {proposal !== null && <OpsProposedNotice proposal={proposal} />}
      <Button type="submit" isFullWidth={false} isLoading={propose.isPending}>
        Propose the key
      </Button>
    </form>
  );
}
