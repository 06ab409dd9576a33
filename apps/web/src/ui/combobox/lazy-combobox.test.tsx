import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LazyCombobox } from './lazy-combobox.js';

function Lookup() {
  const [text, setText] = useState('');
  return (
    <LazyCombobox
      label="Find your address"
      description="Start typing."
      options={[]}
      filtering="server"
      inputValue={text}
      onInputChange={setText}
      allowsCustomValue
    />
  );
}

// In this order: the first field of a page waits for the combobox's code, a later one does not.
describe('LazyCombobox', () => {
  it('shows the field at once, takes typing, then hands the text and the focus to the combobox', async () => {
    const user = userEvent.setup();
    render(<Lookup />);
    const field = screen.getByRole('textbox', { name: 'Find your address' });
    expect(field).toHaveAccessibleDescription('Start typing.');
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(field);
    await user.keyboard('108 E');

    const combobox = await screen.findByRole('combobox', { name: 'Find your address' });
    expect(combobox).toHaveValue('108 E');
    expect(combobox).toHaveFocus();
    expect(combobox).toHaveAccessibleDescription('Start typing.');
    await user.keyboard(' Broad');
    expect(combobox).toHaveValue('108 E Broad');
  });

  it('renders the combobox at once once its code is in', () => {
    render(<Lookup />);
    expect(screen.getByRole('combobox', { name: 'Find your address' })).toBeInTheDocument();
  });
});
