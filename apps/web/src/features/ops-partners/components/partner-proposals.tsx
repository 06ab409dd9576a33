/**
 * The forms that propose a webhook endpoint or an API key for a brand. Nothing is created until a
 * second agent approves the proposal on the Approvals page; the secret is then shown once to the
 * proposer, under "Secrets waiting for you".
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
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
import type { TParsed } from '../../ops/components/ops-record-dialog.js';
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

/**
 * The fields of a form that proposes something for a brand's partner (an endpoint, a key), from
 * `empty`: checked by the contract's schema (`parse`) before they are sent, sent once at a time,
 * emptied once proposed, and the proposal shown until the agent edits them again.
 */
function usePartnerProposal<TFields, TBody>(
  propose: UseMutationResult<TControlledAction, Error, TBody>,
  {
    empty,
    parse,
    errorsOf = (found) => found,
  }: {
    empty: TFields;
    parse: (fields: TFields) => TParsed<TBody>;
    /** The messages shown by field, from the schema's first message of each. */
    errorsOf?: (found: Record<string, string>) => TFieldErrors;
  },
) {
  const [fields, setFields] = useState(empty);
  const [errors, setErrors] = useState<TFieldErrors>({});
  const [proposal, setProposal] = useState<TControlledAction | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (propose.isPending) return;
    const parsed = parse(fields);
    if (!parsed.success) {
      setErrors(errorsOf(fieldErrorsOf(parsed.error.issues)));
      return;
    }
    setErrors({});
    propose.mutate(parsed.data, {
      onSuccess: (answer) => {
        setProposal(answer);
        setFields(empty);
      },
    });
  }

  return {
    fields,
    errors,
    edit(change: Partial<TFields>) {
      setFields((current) => ({ ...current, ...change }));
      setProposal(null);
    },
    onSubmit,
    propose,
    proposal,
  };
}

/** The form around a partner proposal's fields: its title, the refusal, the proposal made. */
function PartnerProposalForm({
  id,
  title,
  refusedTitle,
  submitLabel,
  form: { onSubmit, propose, proposal },
  children,
}: {
  id: string;
  title: string;
  refusedTitle: string;
  submitLabel: string;
  form: {
    onSubmit: (event: FormEvent<HTMLFormElement>) => void;
    propose: { isPending: boolean; error: Error | null };
    proposal: TControlledAction | null;
  };
  children: ReactNode;
}) {
  return (
    <form className="ops-partners__form" aria-labelledby={id} noValidate onSubmit={onSubmit}>
      <h3 id={id}>{title}</h3>
      {children}
      {propose.error !== null && (
        <Alert variant="error" isLive title={refusedTitle}>
          <p className="ops-break">{propose.error.message}</p>
        </Alert>
      )}
      {proposal !== null && <OpsProposedNotice proposal={proposal} />}
      <Button type="submit" isFullWidth={false} isLoading={propose.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}

export function ProposeEndpointForm({ brand }: { brand: string }) {
  const form = usePartnerProposal(useProposeWebhookEndpoint(), {
    empty: { url: '', description: '' },
    parse: (fields) => ZPostOpsWebhookEndpointBody.safeParse({ brand, ...fields }),
  });
  return (
    <PartnerProposalForm
      id="ops-propose-endpoint"
      title="Propose a webhook endpoint"
      refusedTitle="The endpoint could not be proposed"
      submitLabel="Propose the endpoint"
      form={form}
    >
      <TextField
        label="URL"
        description="https, on a public address (sandbox:webhooks/inbox names the sandbox's receiver)."
        isRequired
        maxLength={URL_MAX_LENGTH}
        inputMode="url"
        spellCheck={false}
        value={form.fields.url}
        error={form.errors.url}
        onChange={(event) => form.edit({ url: event.target.value })}
      />
      <TextField
        label="Description"
        isRequired
        maxLength={TEXT_MAX_LENGTH}
        value={form.fields.description}
        error={form.errors.description}
        onChange={(event) => form.edit({ description: event.target.value })}
      />
    </PartnerProposalForm>
  );
}

const NO_KEY = { label: '', scopes: [] as readonly TPartnerApiScope[], rotates: '' };

export function ProposeKeyForm({
  brand,
  keys,
}: {
  brand: string;
  /** The brand's keys: a current one (not rotated, not revoked) may be rotated. */
  keys: readonly TPartnerApiKey[];
}) {
  const form = usePartnerProposal(useProposePartnerApiKey(), {
    empty: NO_KEY,
    parse: ({ label, scopes, rotates }) =>
      ZPostOpsPartnerApiKeyBody.safeParse({
        brand,
        label,
        scopes,
        ...(rotates === '' ? {} : { rotatesKeyId: rotates }),
      }),
    errorsOf: (found) => ({
      ...found,
      scopes: found.scopes === undefined ? undefined : 'Choose a scope',
    }),
  });
  const { label, scopes, rotates } = form.fields;
  const rotatable = keys.filter((key) => key.expiresAt === null && key.revokedAt === null);

  return (
    <PartnerProposalForm
      id="ops-propose-key"
      title="Propose an API key"
      refusedTitle="The key could not be proposed"
      submitLabel="Propose the key"
      form={form}
    >
      <TextField
        label="Label"
        description="Whose systems use it, such as “lender core”."
        isRequired
        maxLength={TEXT_MAX_LENGTH}
        value={label}
        error={form.errors.label}
        onChange={(event) => form.edit({ label: event.target.value })}
      />
      <fieldset className="ops-partners__scopes">
        <legend>Scopes</legend>
        {form.errors.scopes !== undefined && (
          <p className="field__error" role="alert">
            {form.errors.scopes}
          </p>
        )}
        {PARTNER_API_SCOPES.map((scope) => (
          <Checkbox
            key={scope}
            label={SCOPE_WORDS[scope]}
            checked={scopes.includes(scope)}
            onCheckedChange={(isChecked) =>
              form.edit({
                scopes: isChecked ? [...scopes, scope] : scopes.filter((s) => s !== scope),
              })
            }
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
        onValueChange={(value) => form.edit({ rotates: value })}
      />
    </PartnerProposalForm>
  );
}
