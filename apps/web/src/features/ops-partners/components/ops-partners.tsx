/**
 * The partner events of a brand (console /ops/partners): its webhook endpoints (URL, status,
 * failing since) with each one's delivery log and replays, its API keys (public id, scopes,
 * rotation), the forms proposing a new endpoint or key under four eyes, and the secrets waiting to
 * be read once by the agent who proposed them.
 */
import { useState } from 'react';
import type { TPartnerApiKey, TWebhookEndpoint } from '@pledge/contract';
import { Button } from '../../../ui/button/button.js';
import { Select } from '../../../ui/select/select.js';
import { useOpsBrands } from '../../ops-brands/api/ops-brands.js';
import { formatDateTime } from '../../ops/format.js';
import { OpsSection } from '../../ops/components/ops-facts.js';
import { OpsList } from '../../ops/components/ops-list.js';
import { OpsQueryStatus } from '../../ops/components/ops-query-status.js';
import type { TOpsColumn } from '../../ops/components/ops-table.js';
import { usePartnerApiKeys, useWebhookEndpoints } from '../api/ops-partners.js';
import { PartnerSecrets } from './partner-secrets.js';
import { ProposeEndpointForm, ProposeKeyForm } from './partner-proposals.js';
import { WebhookDeliveries } from './webhook-deliveries.js';

const ENDPOINT_STATUS_WORDS: Readonly<Record<TWebhookEndpoint['status'], string>> = {
  ACTIVE: 'Active',
  DISABLED: 'Disabled',
};

function endpointColumns(
  shownId: string | null,
  onShow: (endpoint: TWebhookEndpoint) => void,
): readonly TOpsColumn<TWebhookEndpoint>[] {
  return [
    { header: 'URL', cellClassName: 'ops-break', cell: (endpoint) => endpoint.url },
    { header: 'Description', cellClassName: 'ops-break', cell: (endpoint) => endpoint.description },
    {
      header: 'Status',
      cell: (endpoint) =>
        endpoint.disabledAt === null
          ? ENDPOINT_STATUS_WORDS[endpoint.status]
          : `${ENDPOINT_STATUS_WORDS[endpoint.status]} since ${formatDateTime(endpoint.disabledAt)}`,
    },
    {
      header: 'Failing since',
      cell: (endpoint) =>
        endpoint.failingSince === null ? '—' : formatDateTime(endpoint.failingSince),
    },
    { header: 'Created', cell: (endpoint) => formatDateTime(endpoint.createdAt) },
    {
      header: 'Deliveries',
      cell: (endpoint) => (
        <Button
          variant="secondary"
          isFullWidth={false}
          aria-pressed={shownId === endpoint.id}
          onClick={() => onShow(endpoint)}
        >
          Show deliveries <span className="visually-hidden">to {endpoint.url}</span>
        </Button>
      ),
    },
  ];
}

function keyLifetime(key: TPartnerApiKey): string {
  if (key.revokedAt !== null) return `Revoked ${formatDateTime(key.revokedAt)}`;
  if (key.expiresAt === null) return 'Current';
  const verb = Date.parse(key.expiresAt) > Date.now() ? 'Rotated: works until' : 'Rotated: stopped';
  return `${verb} ${formatDateTime(key.expiresAt)}`;
}

const KEY_COLUMNS: readonly TOpsColumn<TPartnerApiKey>[] = [
  { header: 'Public id', cellClassName: 'ops-hash', cell: (key) => key.keyId },
  { header: 'Label', cellClassName: 'ops-break', cell: (key) => key.label },
  { header: 'Scopes', cellClassName: 'ops-break', cell: (key) => key.scopes.join(', ') },
  { header: 'Created', cell: (key) => formatDateTime(key.createdAt) },
  { header: 'Rotated / expires', cell: keyLifetime },
  {
    header: 'Replaces',
    cellClassName: 'ops-hash',
    cell: (key) => key.replacesKeyId ?? '—',
  },
  {
    header: 'Last used',
    cell: (key) => (key.lastUsedAt === null ? 'Never' : formatDateTime(key.lastUsedAt)),
  },
];

function BrandPartners({ brand }: { brand: string }) {
  const endpoints = useWebhookEndpoints();
  const keys = usePartnerApiKeys();
  const [shownId, setShownId] = useState<string | null>(null);
  const brandEndpoints = endpoints.data?.endpoints.filter((endpoint) => endpoint.brand === brand);
  const brandKeys = keys.data?.keys.filter((key) => key.brand === brand);
  const shown = brandEndpoints?.find((endpoint) => endpoint.id === shownId);
  return (
    <>
      <OpsSection id="partner-endpoints" title="Webhook endpoints">
        <OpsList
          query={endpoints}
          loadingText="Loading the endpoints…"
          errorTitle="The endpoints could not be loaded"
          items={brandEndpoints}
          caption={`Webhook endpoints of ${brand}`}
          columns={endpointColumns(shownId, (endpoint) => setShownId(endpoint.id))}
          rowKey={(endpoint) => endpoint.id}
          emptyText="This brand has no webhook endpoint."
        />
        <ProposeEndpointForm brand={brand} />
      </OpsSection>
      {shown !== undefined && <WebhookDeliveries key={shown.id} endpoint={shown} />}
      <OpsSection id="partner-keys" title="API keys">
        <OpsList
          query={keys}
          loadingText="Loading the API keys…"
          errorTitle="The API keys could not be loaded"
          items={brandKeys}
          caption={`API keys of ${brand}`}
          columns={KEY_COLUMNS}
          rowKey={(key) => key.keyId}
          emptyText="This brand has no API key."
        />
        <ProposeKeyForm key={brand} brand={brand} keys={brandKeys ?? []} />
      </OpsSection>
    </>
  );
}

export function OpsPartners() {
  const brands = useOpsBrands();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = brands.data?.brands;
  const brand = chosen ?? list?.[0]?.orgCode ?? null;
  return (
    <>
      <PartnerSecrets />
      <OpsQueryStatus
        query={brands}
        loadingText="Loading the brands…"
        errorTitle="The brands could not be loaded"
      />
      {list !== undefined && list.length > 0 && brand !== null && (
        <>
          <Select
            label="Brand"
            options={list.map((row) => ({
              value: row.orgCode,
              label: `${row.companyName} (${row.orgCode})`,
            }))}
            value={brand}
            onValueChange={setChosen}
          />
          <BrandPartners key={brand} brand={brand} />
        </>
      )}
      {list?.length === 0 && <p role="status">No brand yet.</p>}
    </>
  );
}
