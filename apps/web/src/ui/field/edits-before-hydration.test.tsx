import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox } from '../checkbox/checkbox.js';
import { RadioGroup } from '../radio-group/radio-group.js';
import { Select } from '../select/select.js';
import { TextField } from '../text-field/text-field.js';
import { collectEditsBeforeHydration } from './edits-before-hydration.js';

function Form({ onState }: { onState: (state: object) => void }) {
  const [amount, setAmount] = useState('');
  const [coin, setCoin] = useState('BTC');
  const [agreed, setAgreed] = useState(false);
  const [where, setWhere] = useState('');
  onState({ amount, coin, agreed, where });
  return (
    <form>
      <TextField
        label="Amount"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Select
        label="Coin"
        value={coin}
        options={[
          { value: 'BTC', label: 'Bitcoin' },
          { value: 'ETH', label: 'Ethereum' },
        ]}
        onValueChange={setCoin}
      />
      <Checkbox label="I agree" checked={agreed} onCheckedChange={setAgreed} />
      <RadioGroup
        label="Where"
        name="where"
        value={where}
        options={[
          { value: 'US', label: 'United States' },
          { value: 'INTL', label: 'International' },
        ]}
        onValueChange={setWhere}
      />
    </form>
  );
}

describe('edits made before hydration', () => {
  let container: HTMLDivElement;
  afterEach(() => container.remove());

  async function hydrateAfter(edit: (root: HTMLElement) => void) {
    let state: object = {};
    container = document.createElement('div');
    container.innerHTML = renderToString(<Form onState={() => undefined} />);
    document.body.append(container);
    edit(container);
    collectEditsBeforeHydration(container);
    await act(async () => {
      hydrateRoot(container, <Form onState={(next) => (state = next)} />);
    });
    return state;
  }

  it('reach the form state: typed text, a chosen option, a checked box and a radio', async () => {
    const state = await hydrateAfter((root) => {
      root.querySelector<HTMLInputElement>('input[type="text"]')!.value = '12.5';
      root.querySelector('select')!.value = 'ETH';
      root.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true;
      root.querySelector<HTMLInputElement>('input[value="INTL"]')!.checked = true;
    });
    expect(state).toEqual({ amount: '12.5', coin: 'ETH', agreed: true, where: 'INTL' });
    expect(container.querySelector<HTMLInputElement>('input[type="text"]')!.value).toBe('12.5');
  });

  it('leave a page nobody touched as it was', async () => {
    const state = await hydrateAfter(() => undefined);
    expect(state).toEqual({ amount: '', coin: 'BTC', agreed: false, where: '' });
  });
});
