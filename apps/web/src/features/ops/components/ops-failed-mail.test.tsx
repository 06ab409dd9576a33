import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getOpsFailedMail,
  postOpsRetryMail,
  type TFailedMail,
  type TGetOpsFailedMailResponse,
} from '@pledge/contract';
import { jsonResponse } from '../../../test/mock-fetch.js';
import { mockAgentFetch, signInAgentBeforeEach } from '../ops-test-session.js';
import { renderApp } from '../../../test/render-app.js';
import { findPageHeading, LOADED } from '../../../test/loaded.js';

const OUTBOX_ID = '7c3a2f58-1b7e-4d2a-9a51-0e6f1c2d3b4a';

signInAgentBeforeEach();

const FAILED: TFailedMail = {
  outboxId: OUTBOX_ID,
  recipient: 'a••••@example.com',
  kind: 'sign-in-code',
  subject: 'Your sign-in code',
  lastError: '421 Service not available',
  attempts: 9,
  queuedAt: '2026-11-25T10:00:00.000Z',
};

describe('/ops/mail', () => {
  it('lists undelivered e-mails and sends one again after a confirmation', async () => {
    let list: TGetOpsFailedMailResponse = { messages: [FAILED] };
    const retried: string[] = [];
    mockAgentFetch({
      [`GET ${getOpsFailedMail.path}`]: () => jsonResponse(list),
      [`POST ${postOpsRetryMail.path.replace(':outboxId', OUTBOX_ID)}`]: () => {
        retried.push(OUTBOX_ID);
        list = { messages: [] };
        return jsonResponse(list);
      },
    });
    const { user } = renderApp('/ops/mail');
    await findPageHeading('Undelivered e-mails');
    const table = await screen.findByRole('table', {}, LOADED);
    expect(table).toHaveTextContent('a••••@example.com');
    expect(table).toHaveTextContent('421 Service not available');

    await user.click(within(table).getByRole('button', { name: /Send again/ }));
    const dialog = screen.getByRole('dialog', { name: 'Send “Your sign-in code” again?' });
    expect(retried).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(retried).toEqual([OUTBOX_ID]));
    expect(
      await screen.findByText('The message to a••••@example.com is queued again', {}, LOADED),
    ).toBeVisible();
    expect(await screen.findByText('Every e-mail was delivered.', {}, LOADED)).toBeVisible();
  });
});
