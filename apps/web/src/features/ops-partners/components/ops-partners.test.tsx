import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getOpsBrands,
  getOpsPartnerApiKeys,
  getOpsPartnerSecrets,
  getOpsWebhookEndpoints,
  postOpsPartnerApiKey,
  postOpsWebhookEndpoint,
  type TControlledAction,
  type TGetOpsBrandsResponse,
  type TPartnerApiKey,
  type TPartnerDelivery,
  type TWebhookEndpoint,
} from '@pledge/contract';
import { jsonResponse, sentBody } from '../../../test/mock-fetch.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { answerProposal } from '../../ops/ops-test-data.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../../ops/ops-test-session.js';
import { brandRow } from '../../ops-brands/ops-brands-test-data.js';
import { utcInstantOf } from './webhook-deliveries.js';

signInAgentBeforeEach();

const PARTNER = '/service-ops/secure/api/v1/partner';
const ENDPOINT_ID = '0b7c3f0e-6a4f-4d0e-9d43-1f2a3b4c5d6e';
const EVENT_ID = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';
const PROPOSAL_ID = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const LONG_URL = `https://hooks.lender.example/${'very-long-path-segment-'.repeat(20)}end`;

const BRANDS: TGetOpsBrandsResponse = {
  brands: [brandRow(), brandRow({ orgCode: 'acme', companyName: 'Acme Credit' })],
};

const ENDPOINTS: TWebhookEndpoint[] = [
  {
    id: ENDPOINT_ID,
    brand: 'default',
    url: LONG_URL,
    description: 'lender core',
    status: 'ACTIVE',
    failingSince: '2026-11-28T10:00:00.000Z',
    disabledAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
  },
  {
    id: '1b7c3f0e-6a4f-4d0e-9d43-1f2a3b4c5d6e',
    brand: 'acme',
    url: 'https://acme.example/hooks',
    description: 'acme systems',
    status: 'DISABLED',
    failingSince: null,
    disabledAt: '2026-11-25T09:00:00.000Z',
    createdAt: '2026-11-19T09:00:00.000Z',
  },
];

const KEYS: TPartnerApiKey[] = [
  {
    keyId: 'pk_new',
    brand: 'default',
    label: 'lender core 2',
    scopes: ['loans:read'],
    createdAt: '2026-11-27T09:00:00.000Z',
    expiresAt: null,
    revokedAt: null,
    lastUsedAt: null,
    replacesKeyId: 'pk_old',
  },
  {
    keyId: 'pk_old',
    brand: 'default',
    label: 'lender core',
    scopes: ['loans:read', 'events:read'],
    createdAt: '2026-11-01T09:00:00.000Z',
    expiresAt: '2026-11-28T09:00:00.000Z',
    revokedAt: null,
    lastUsedAt: '2026-11-27T12:00:00.000Z',
    replacesKeyId: null,
  },
];

const DELIVERY: TPartnerDelivery = {
  id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  eventId: EVENT_ID,
  eventType: 'loan.funded',
  appUuid: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
  status: 'DELIVERED',
  isReplay: false,
  attempts: [
    {
      attemptedAt: '2026-11-28T10:00:00.000Z',
      statusCode: 500,
      isSuccess: false,
      error: null,
      latencyMs: 812,
      responseBody: 'oops',
    },
    {
      attemptedAt: '2026-11-28T10:00:30.000Z',
      statusCode: 200,
      isSuccess: true,
      error: null,
      latencyMs: 95,
      responseBody: null,
    },
  ],
  nextAttemptAt: '2026-11-28T10:00:30.000Z',
  createdAt: '2026-11-28T10:00:00.000Z',
};

/** What the server answers a proposal for the brand's partner: it waits for a second agent. */
function partnerProposal(summary: string): Partial<TControlledAction> {
  return {
    action: 'CREATE_WEBHOOK_ENDPOINT',
    label: 'Create a webhook endpoint',
    subject: { type: 'BRAND', id: 'default' },
    loanUuid: null,
    amountCents: null,
    summary,
  };
}

function baseHandlers(
  secrets: { proposalId: string; kind: 'API_KEY'; id: string; approvedAt: string }[],
) {
  return {
    [`GET ${getOpsBrands.path}`]: () => jsonResponse(BRANDS),
    [`GET ${getOpsWebhookEndpoints.path}`]: () => jsonResponse({ endpoints: ENDPOINTS }),
    [`GET ${getOpsPartnerApiKeys.path}`]: () => jsonResponse({ keys: KEYS }),
    [`GET ${getOpsPartnerSecrets.path}`]: () => jsonResponse({ secrets }),
  };
}

/**
 * The partners page's answers with the endpoint's `deliveries`, each replay answered as `replayed`
 * events queued again; the replays' bodies, as sent.
 */
function serveReplays(deliveries: TPartnerDelivery[], replayed: number): unknown[] {
  const replays: unknown[] = [];
  mockAgentFetch({
    ...baseHandlers([]),
    [`GET ${PARTNER}/webhook-endpoints/${ENDPOINT_ID}/deliveries`]: () =>
      jsonResponse({ deliveries }),
    [`POST ${PARTNER}/webhook-endpoints/${ENDPOINT_ID}/replay`]: (_url, init) => {
      replays.push(sentBody(init));
      return jsonResponse({ replayed });
    },
  });
  return replays;
}

/** The default brand's endpoints, once the page has loaded them. */
function findDefaultEndpoints() {
  return screen.findByRole('table', { name: 'Webhook endpoints of default' }, LOADED);
}

describe('/ops/partners', () => {
  it('lists the brand’s endpoints and keys, and its delivery log with every attempt; replays one event after confirming', async () => {
    const replays = serveReplays([DELIVERY], 1);
    const { user } = renderApp('/ops/partners');
    await findPageHeading('Partner events');
    const endpoints = await findDefaultEndpoints();
    const row = within(endpoints).getByRole('row', { name: /lender core/ });
    expect(row).toHaveTextContent(LONG_URL);
    expect(row).toHaveTextContent('Nov 28, 2026, 10:00 UTC');
    // The other brand's endpoint is not this brand's.
    expect(endpoints).not.toHaveTextContent('acme.example');

    const keys = screen.getByRole('table', { name: 'API keys of default' });
    expect(within(keys).getByRole('row', { name: /^pk_new/ })).toHaveTextContent('Current');
    expect(within(keys).getByRole('row', { name: /^pk_old/ })).toHaveTextContent(
      /Rotated: stopped Nov 28, 2026, 09:00 UTC/,
    );
    expect(within(keys).getByRole('row', { name: /^pk_old/ })).toHaveTextContent(
      'loans:read, events:read',
    );

    await user.click(within(row).getByRole('button', { name: /Show deliveries/ }));
    const log = await screen.findByRole('table', { name: `Deliveries to ${LONG_URL}` }, LOADED);
    const delivery = within(log).getByRole('row', { name: /loan\.funded/ });
    expect(delivery).toHaveTextContent('HTTP 500, 812 ms');
    expect(delivery).toHaveTextContent('HTTP 200, 95 ms');
    expect(delivery).toHaveTextContent('Delivered');

    await user.click(within(delivery).getByRole('button', { name: /Send again/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this event again?' });
    expect(replays).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await screen.findByText('1 event queued again');
    expect(replays).toEqual([{ eventId: EVENT_ID }]);

    await user.selectOptions(screen.getByLabelText('Brand'), 'acme');
    const acme = await screen.findByRole('table', { name: 'Webhook endpoints of acme' });
    expect(within(acme).getByRole('row', { name: /acme systems/ })).toHaveTextContent(
      'Disabled since',
    );
    expect(screen.getByText('This brand has no API key.')).toBeInTheDocument();
  });

  it('refuses a faint endpoint or key before sending, then proposes them for a second agent', async () => {
    const proposed: unknown[] = [];
    mockAgentFetch({
      ...baseHandlers([]),
      [`POST ${postOpsWebhookEndpoint.path}`]: answerProposal(
        proposed,
        partnerProposal('Webhook endpoint for default'),
      ),
      [`POST ${postOpsPartnerApiKey.path}`]: answerProposal(
        proposed,
        partnerProposal('API key “core 3” for default: loans:read'),
      ),
    });
    const { user } = renderApp('/ops/partners');
    await findDefaultEndpoints();

    const endpointForm = screen.getByRole('form', { name: 'Propose a webhook endpoint' });
    await user.click(within(endpointForm).getByRole('button', { name: 'Propose the endpoint' }));
    expect(within(endpointForm).getByLabelText(/URL/)).toHaveAttribute('aria-invalid', 'true');
    expect(proposed).toEqual([]);
    await user.type(within(endpointForm).getByLabelText(/URL/), 'sandbox:webhooks/inbox');
    await user.type(within(endpointForm).getByLabelText(/Description/), 'sandbox receiver');
    await user.click(within(endpointForm).getByRole('button', { name: 'Propose the endpoint' }));
    expect(await within(endpointForm).findByText(/second agent must approve/)).toBeInTheDocument();
    expect(proposed).toEqual([
      { brand: 'default', url: 'sandbox:webhooks/inbox', description: 'sandbox receiver' },
    ]);

    const keyForm = screen.getByRole('form', { name: 'Propose an API key' });
    await user.type(within(keyForm).getByLabelText(/Label/), 'core 3');
    await user.click(within(keyForm).getByRole('button', { name: 'Propose the key' }));
    expect(within(keyForm).getByRole('alert')).toHaveTextContent('Choose a scope');
    expect(proposed).toHaveLength(1);
    await user.click(within(keyForm).getByLabelText(/loans:read/));
    // Only a current key can be rotated: the one already rotated is not offered.
    const replaces = within(keyForm).getByLabelText(/Replaces/);
    expect(within(replaces).queryByRole('option', { name: /pk_old/ })).toBeNull();
    await user.selectOptions(replaces, 'pk_new');
    await user.click(within(keyForm).getByRole('button', { name: 'Propose the key' }));
    expect(await within(keyForm).findByText(/second agent must approve/)).toBeInTheDocument();
    expect(proposed[1]).toEqual({
      brand: 'default',
      label: 'core 3',
      scopes: ['loans:read'],
      rotatesKeyId: 'pk_new',
    });
  });

  it('shows an approved secret once to its proposer, read-only, and says it will not be shown again', async () => {
    let reveals = 0;
    let waiting = [
      {
        proposalId: PROPOSAL_ID,
        kind: 'API_KEY' as const,
        id: 'pk_abc',
        approvedAt: '2026-11-29T10:00:00.000Z',
      },
    ];
    mockAgentFetch({
      ...baseHandlers([]),
      [`GET ${getOpsPartnerSecrets.path}`]: () => jsonResponse({ secrets: waiting }),
      [`POST ${PARTNER}/secrets/${PROPOSAL_ID}/reveal`]: () => {
        reveals += 1;
        waiting = [];
        return reveals === 1
          ? jsonResponse({ kind: 'API_KEY', id: 'pk_abc', secret: 'pk_abc.s3cr3t-value' })
          : jsonResponse({ code: 'SECRET_ALREADY_SHOWN', message: 'already shown' }, 410);
      },
    });
    const { user } = renderApp('/ops/partners');
    const section = (
      await screen.findByRole('heading', { name: 'Secrets waiting for you' }, LOADED)
    ).parentElement as HTMLElement;
    await user.click(
      await within(section).findByRole('button', { name: /Show the secret once/ }, LOADED),
    );
    const field = await within(section).findByLabelText('The API key');
    expect(field).toHaveValue('pk_abc.s3cr3t-value');
    expect(field).toHaveAttribute('readonly');
    expect(section).toHaveTextContent('you will not see it again');
    expect(reveals).toBe(1);
    // The list is read again: the secret no longer waits, so it cannot be asked for twice.
    expect(await within(section).findByText(/No secret waits for you/)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'I have saved it' }));
    expect(within(section).queryByLabelText('The API key')).toBeNull();
    expect(screen.queryByText(/s3cr3t/)).toBeNull();
  });

  it('replays a time range of at most a week, typed as UTC, refusing a longer one before sending', async () => {
    const replays = serveReplays([], 12);
    const { user } = renderApp('/ops/partners');
    const endpoints = await findDefaultEndpoints();
    await user.click(within(endpoints).getByRole('button', { name: /Show deliveries/ }));
    expect(await screen.findByText('Nothing was sent to this endpoint yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a time range again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send a time range again?' });
    const confirm = within(dialog).getByRole('button', { name: 'Send the range again' });
    await user.click(confirm);
    expect(within(dialog).getByLabelText(/From/)).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText(/From/), '2026-11-20T00:00');
    await user.type(within(dialog).getByLabelText(/To/), '2026-11-27T00:01');
    await user.click(confirm);
    expect(within(dialog).getByText(/at most a week later/)).toBeInTheDocument();
    expect(replays).toEqual([]);
    await user.clear(within(dialog).getByLabelText(/To/));
    await user.type(within(dialog).getByLabelText(/To/), '2026-11-27T00:00');
    await user.click(confirm);
    await screen.findByText('12 events queued again');
    expect(replays).toEqual([{ from: '2026-11-20T00:00:00.000Z', to: '2026-11-27T00:00:00.000Z' }]);
  });

  it('reads a replay range typed as UTC, and nothing that is not a time', () => {
    expect(utcInstantOf('2026-11-29T10:05')).toBe('2026-11-29T10:05:00.000Z');
    expect(utcInstantOf('2026-11-29')).toBeNull();
    expect(utcInstantOf('')).toBeNull();
  });
});
