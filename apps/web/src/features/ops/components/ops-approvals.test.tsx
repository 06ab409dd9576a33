import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildPath,
  getControlledActions,
  postApproveControlledAction,
  postRejectControlledAction,
  type TControlledAction,
} from '@pledge/contract';
import { OPS_REASON_MAX_LENGTH } from '@pledge/domain';
import { jsonResponse, sentBody } from '../../../test/mock-fetch.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';
import { renderApp } from '../../../test/render-app.js';
import { TEST_IDENTITY } from '../../session/session-test-utils.js';
import { makeControlledAction, TEST_PROPOSAL_UUID } from '../ops-test-data.js';
import { NOTHING_PENDING_TEXT } from './ops-approvals.js';

const MINE_UUID = '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c';
const OLDER_UUID = '7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';

signInAgentBeforeEach();

const MINE = makeControlledAction({
  id: MINE_UUID,
  action: 'REVERSE_PAYMENT',
  label: 'Payment reversal',
  amountCents: 50_000,
  summary: 'Reverse the wire of 500.00 USD: recorded twice',
  proposedBy: { identityUuid: TEST_IDENTITY.uuid, email: 'agent@example.com' },
});

function approveUrl(id: string) {
  return `POST ${buildPath(postApproveControlledAction.path, { proposalId: id })}`;
}

function rejectUrl(id: string) {
  return `POST ${buildPath(postRejectControlledAction.path, { proposalId: id })}`;
}

describe('/ops/approvals', { timeout: 60_000 }, () => {
  it('lists what waits for a second agent, and approves another agent’s proposal', async () => {
    let pending: TControlledAction[] = [makeControlledAction(), MINE];
    const approved: string[] = [];
    mockAgentFetch({
      [`GET ${getControlledActions.path}`]: () =>
        jsonResponse({ items: pending, nextCursor: null }),
      [approveUrl(TEST_PROPOSAL_UUID)]: () => {
        approved.push(TEST_PROPOSAL_UUID);
        pending = [MINE];
        return jsonResponse(
          makeControlledAction({ status: 'APPROVED', outcome: 'Wire of $1,234.00 recorded' }),
        );
      },
    });
    const { user } = renderApp('/ops/approvals');
    await findPageHeading('Approvals');
    const table = await screen.findByRole('table', {}, LOADED);
    const [, theirs, mine] = within(table).getAllByRole('row');
    expect(theirs).toHaveTextContent('Wire received');
    expect(theirs).toHaveTextContent('Wire of 1,234.00 USD received 2025-01-02, ref FED-1');
    expect(theirs).toHaveTextContent('$1,234.00');
    expect(theirs).toHaveTextContent('agent2@example.com');
    // The maker may only withdraw their own proposal.
    expect(mine).toHaveTextContent('agent@example.com (you)');
    expect(within(mine!).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(mine!).getByRole('button', { name: /^Withdraw/ })).toBeVisible();

    await user.click(within(theirs!).getByRole('button', { name: /^Approve/ }));
    const dialog = screen.getByRole('dialog', { name: 'Approve: Wire received?' });
    expect(dialog).toHaveTextContent('it takes effect as soon as you approve');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approved).toEqual([TEST_PROPOSAL_UUID]));
    expect(await screen.findByText('Wire of $1,234.00 recorded', {}, LOADED)).toBeVisible();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
  });

  it('rejects only with a reason, and shows the server’s refusal in the dialog', async () => {
    const bodies: unknown[] = [];
    mockAgentFetch({
      [`GET ${getControlledActions.path}`]: () =>
        jsonResponse({ items: [makeControlledAction()], nextCursor: null }),
      [rejectUrl(TEST_PROPOSAL_UUID)]: (_url, init) => {
        bodies.push(sentBody(init));
        return jsonResponse(
          { code: 'PROPOSAL_DECIDED', message: 'agent3@example.com already approved it' },
          409,
        );
      },
    });
    const { user } = renderApp('/ops/approvals');
    await user.click(await screen.findByRole('button', { name: /^Reject/ }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Reject: Wire received?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Give a reason')).toBeVisible();
    expect(bodies).toEqual([]);
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAttribute('maxLength', String(OPS_REASON_MAX_LENGTH));
    await user.type(reason, 'No such wire on the statement');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('agent3@example.com already approved it', {}, LOADED),
    ).toBeVisible();
    expect(bodies).toEqual([{ reason: 'No such wire on the statement' }]);
  });

  it('withdraws the agent’s own proposal with a reason', async () => {
    let pending: TControlledAction[] = [MINE];
    const bodies: unknown[] = [];
    mockAgentFetch({
      [`GET ${getControlledActions.path}`]: () =>
        jsonResponse({ items: pending, nextCursor: null }),
      [rejectUrl(MINE_UUID)]: (_url, init) => {
        bodies.push(sentBody(init));
        pending = [];
        return jsonResponse({ ...MINE, status: 'REJECTED', decisionReason: 'Typo' });
      },
    });
    const { user } = renderApp('/ops/approvals');
    await user.click(await screen.findByRole('button', { name: /^Withdraw/ }, LOADED));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw: Payment reversal?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Typo');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(NOTHING_PENDING_TEXT, {}, LOADED)).toBeVisible();
    expect(bodies).toEqual([{ reason: 'Typo' }]);
  });

  it('pages with “Show more” along the next cursor', async () => {
    const cursors: (string | null)[] = [];
    mockAgentFetch({
      [`GET ${getControlledActions.path}`]: (url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === null
          ? jsonResponse({ items: [makeControlledAction()], nextCursor: 'page-2' })
          : jsonResponse({
              items: [makeControlledAction({ id: OLDER_UUID, summary: 'An older wire' })],
              nextCursor: null,
            });
      },
    });
    const { user } = renderApp('/ops/approvals');
    await user.click(await screen.findByRole('button', { name: 'Show more' }, LOADED));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3), LOADED);
    expect(screen.getByRole('cell', { name: 'An older wire' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(cursors).toEqual([null, 'page-2']);
  });

  it('says when nothing waits, and shows a failed load with a retry', async () => {
    let fail = true;
    mockAgentFetch({
      [`GET ${getControlledActions.path}`]: () =>
        fail
          ? jsonResponse({ code: 'INTERNAL', message: 'The database is not answering' }, 500)
          : jsonResponse({ items: [], nextCursor: null }),
    });
    const { user } = renderApp('/ops/approvals');
    expect(await screen.findByText('The database is not answering', {}, LOADED)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NOTHING_PENDING_TEXT, {}, LOADED)).toBeVisible();
  });
});
