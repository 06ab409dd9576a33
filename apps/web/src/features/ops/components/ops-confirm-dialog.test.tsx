import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TControlledAction } from '@pledge/contract';
import { PROPOSED_TITLE, OpsConfirmDialog, type TOpsCall } from './ops-confirm-dialog.js';

/** A call answered by `answers`, one per send (an Error is a refusal), counting its sends. */
function fakeCall<TAnswer>(answers: readonly (TAnswer | Error)[]) {
  const sent = vi.fn<(args: { amount: string }) => void>();
  function useFakeCall(): TOpsCall<{ amount: string }, TAnswer> {
    const [state, setState] = useState<{ error: Error | null; data?: TAnswer }>({ error: null });
    return {
      isPending: false,
      error: state.error,
      data: state.data,
      mutateAsync: async (args) => {
        sent(args);
        const answer = answers[sent.mock.calls.length - 1];
        // Pending reaches the screen a tick after the click, as a mutation's does.
        await Promise.resolve();
        if (answer === undefined) throw new Error('The test gave no answer for this send');
        if (answer instanceof Error) {
          setState({ error: answer });
          throw answer;
        }
        setState({ error: null, data: answer });
        return answer;
      },
    };
  }
  return { sent, useFakeCall };
}

const PROPOSAL = { summary: 'Wire of $100.00 to loan L-1' } as TControlledAction;

/** What every dialog of these tests asks and says. */
const TEXTS = {
  formId: 'test-record-wire',
  title: 'Record a wire',
  description: 'Proposed to a second agent.',
  confirmLabel: 'Propose wire',
};

function renderDialog(dialog: (onClose: () => void) => ReactNode) {
  const onClose = vi.fn();
  render(<MemoryRouter>{dialog(onClose)}</MemoryRouter>);
  return { user: userEvent.setup(), onClose, dialog: screen.getByRole('dialog') };
}

/** An action done at once, answered 'queued'; `argsOf` gives what its fields make of it. */
function renderAction(argsOf: () => { amount: string } | null) {
  const { sent, useFakeCall } = fakeCall(['queued']);
  const onDone = vi.fn();
  function Action({ onClose }: { onClose: () => void }) {
    const call = useFakeCall();
    return <OpsConfirmDialog {...TEXTS} {...{ call, argsOf, onDone, onClose }} />;
  }
  return { sent, onDone, ...renderDialog((onClose) => <Action onClose={onClose} />) };
}

describe('the console confirm dialog', () => {
  it('sends an action once however often it is confirmed, tells the agent, and closes', async () => {
    const { user, sent, onDone, onClose, dialog } = renderAction(() => ({ amount: '100' }));
    await user.dblClick(within(dialog).getByRole('button', { name: 'Propose wire' }));
    expect(sent).toHaveBeenCalledOnce();
    expect(sent).toHaveBeenCalledWith({ amount: '100' });
    expect(onDone).toHaveBeenCalledWith('queued');
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('sends nothing while the fields would be refused', async () => {
    const { user, sent, onClose, dialog } = renderAction(() => null);
    await user.click(within(dialog).getByRole('button', { name: 'Propose wire' }));
    expect(sent).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a refusal in place, titled by the action, and lets the agent propose again; then shows the proposal', async () => {
    const { sent, useFakeCall } = fakeCall<TControlledAction>([
      new Error('The loan is closed'),
      PROPOSAL,
    ]);
    function Wire({ onClose }: { onClose: () => void }) {
      const call = useFakeCall();
      return (
        <OpsConfirmDialog {...TEXTS} {...{ call, onClose }} argsOf={() => ({ amount: '100' })} />
      );
    }
    const { user, onClose, dialog } = renderDialog((close) => <Wire onClose={close} />);
    await user.click(within(dialog).getByRole('button', { name: 'Propose wire' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Propose wire failed');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The loan is closed');

    await user.click(within(dialog).getByRole('button', { name: 'Propose wire' }));
    expect(sent).toHaveBeenCalledTimes(2);
    expect(within(dialog).getByText(PROPOSED_TITLE)).toBeVisible();
    expect(within(dialog).getByText(PROPOSAL.summary)).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Propose wire' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
