import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Accordion, AccordionItem } from './accordion.js';

function details(title: string): HTMLDetailsElement {
  const summary = screen.getByText(title);
  const element = summary.closest('details');
  if (element === null) throw new Error(`no <details> around ${title}`);
  return element;
}

describe('Accordion', () => {
  it('renders native disclosures, closed unless opened by default', () => {
    render(
      <Accordion>
        <AccordionItem title="What is LTV?" defaultOpen>
          <p>Loan-to-value.</p>
        </AccordionItem>
        <AccordionItem title="Is there a prepayment penalty?">
          <p>No.</p>
        </AccordionItem>
      </Accordion>,
    );
    expect(details('What is LTV?').open).toBe(true);
    expect(details('Is there a prepayment penalty?').open).toBe(false);
    expect(screen.getByText('What is LTV?').tagName).toBe('SUMMARY');
  });

  it('opens and closes from its summary and reports it', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <AccordionItem title="Is there a prepayment penalty?" onOpenChange={onOpenChange}>
        <p>No.</p>
      </AccordionItem>,
    );
    await user.click(screen.getByText('Is there a prepayment penalty?'));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenLastCalledWith(true));
    expect(details('Is there a prepayment penalty?').open).toBe(true);
    await user.click(screen.getByText('Is there a prepayment penalty?'));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenLastCalledWith(false));
  });

  it('follows a controlled open state', () => {
    const { rerender } = render(
      <AccordionItem title="Fees" isOpen={false}>
        <p>None.</p>
      </AccordionItem>,
    );
    expect(details('Fees').open).toBe(false);
    rerender(
      <AccordionItem title="Fees" isOpen>
        <p>None.</p>
      </AccordionItem>,
    );
    expect(details('Fees').open).toBe(true);
  });

  it('groups items by name so that one is open at a time', () => {
    render(
      <Accordion>
        <AccordionItem title="One" name="faq">
          <p>1</p>
        </AccordionItem>
        <AccordionItem title="Two" name="faq">
          <p>2</p>
        </AccordionItem>
      </Accordion>,
    );
    expect(details('One')).toHaveAttribute('name', 'faq');
    expect(details('Two')).toHaveAttribute('name', 'faq');
  });
});
