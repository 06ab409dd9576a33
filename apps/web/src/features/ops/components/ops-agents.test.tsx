import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getOpsAgents,
  postOpsDeactivateAgent,
  type TGetOpsAgentsResponse,
  type TOpsAgent,
} from '@pledge/contract';
import { jsonResponse } from '../../../test/mock-fetch.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { answerProposal, expectProposed } from '../ops-test-data.js';
import { renderApp } from '../../../test/render-app.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

signInAgentBeforeEach();

function agent(email: string, overrides: Partial<TOpsAgent> = {}): TOpsAgent {
  return {
    email,
    isActive: true,
    isYou: false,
    createdAt: '2025-01-02T03:04:05.000Z',
    deactivatedAt: null,
    deactivatedBy: null,
    ...overrides,
  };
}

describe('/ops/agents', () => {
  it('lists the agents and proposes deactivating another one with a reason, never oneself', async () => {
    const list: TGetOpsAgentsResponse = {
      agents: [
        agent('agent@example.com', { isYou: true }),
        agent('agent2@example.com'),
        agent('gone@example.com', {
          isActive: false,
          deactivatedAt: '2025-01-03T00:00:00.000Z',
          deactivatedBy: 'AGENT_EMAILS',
        }),
      ],
    };
    const bodies: unknown[] = [];
    mockAgentFetch({
      [`GET ${getOpsAgents.path}`]: () => jsonResponse(list),
      [`POST ${postOpsDeactivateAgent.path}`]: answerProposal(bodies, {
        action: 'DEACTIVATE_AGENT',
        label: 'Agent deactivation',
        amountCents: null,
        summary: 'Deactivate agent2@example.com: Laptop stolen',
      }),
    });
    const { user } = renderApp('/ops/agents');
    await findPageHeading('Agents');
    const table = await screen.findByRole('table', {}, LOADED);
    expect(table).toHaveTextContent('Active (you)');
    expect(table).toHaveTextContent('Deactivated (removed from AGENT_EMAILS)');

    const self = within(table).getByRole('button', { name: /Deactivate agent@example.com/ });
    expect(self).toBeDisabled();
    expect(self).toHaveAccessibleDescription('You cannot deactivate yourself.');

    await user.click(within(table).getByRole('button', { name: /Deactivate agent2@example.com/ }));
    const dialog = screen.getByRole('dialog', { name: 'Deactivate agent2@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Propose deactivation' }));
    expect(bodies).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Laptop stolen');
    await user.click(within(dialog).getByRole('button', { name: 'Propose deactivation' }));
    await waitFor(() =>
      expect(bodies).toEqual([{ email: 'agent2@example.com', reason: 'Laptop stolen' }]),
    );
    // Only proposed: the dialog says a second agent decides, and the agent is still active.
    await expectProposed(dialog, 'Deactivate agent2@example.com: Laptop stolen');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('table')).not.toHaveTextContent('Deactivated (agent@example.com)');
  });
});
