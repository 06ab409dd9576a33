import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stepper } from './stepper.js';

const STEPS = ['Application Complete', 'Collateral Received', 'Funds Disbursed'];

function step(name: string): HTMLElement {
  const item = screen.getByText(name).closest('li');
  if (item === null) throw new Error(`no step ${name}`);
  return item;
}

describe('Stepper', () => {
  it('is a named ordered list of N steps', () => {
    render(<Stepper label="Loan progress" steps={STEPS} currentIndex={1} />);
    const list = screen.getByRole('list', { name: 'Loan progress' });
    expect(list.tagName).toBe('OL');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it.each([0, 1, 2])('marks step %i as the current one, and only it', (currentIndex) => {
    render(<Stepper label="Loan progress" steps={STEPS} currentIndex={currentIndex} />);
    STEPS.forEach((name, index) => {
      if (index === currentIndex) expect(step(name)).toHaveAttribute('aria-current', 'step');
      else expect(step(name)).not.toHaveAttribute('aria-current');
    });
  });

  it('says which steps are completed, not only with a tick', () => {
    render(<Stepper label="Loan progress" steps={STEPS} currentIndex={2} />);
    expect(step('Application Complete')).toHaveTextContent('Application Complete (completed)');
    expect(step('Collateral Received')).toHaveTextContent('(completed)');
    expect(step('Funds Disbursed')).not.toHaveTextContent('(completed)');
  });

  it('past the last index every step is complete and none current', () => {
    render(<Stepper label="Loan progress" steps={STEPS} currentIndex={STEPS.length} />);
    for (const name of STEPS) {
      expect(step(name)).toHaveTextContent('(completed)');
      expect(step(name)).not.toHaveAttribute('aria-current');
    }
  });
});
