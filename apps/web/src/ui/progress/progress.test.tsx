import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Progress, progressPercent } from './progress.js';

describe('progressPercent', () => {
  it.each([
    [0, 100, 0],
    [45, 100, 45],
    [3, 4, 75],
    [1, 3, 33],
    [2, 3, 67],
    [5, 4, 100],
    [-1, 4, 0],
    [1, 0, 0],
  ])('%j of %j → %j%', (value, max, percent) => {
    expect(progressPercent(value, max)).toBe(percent);
  });
});

describe('Progress', () => {
  it('is a labelled progress bar showing value over maximum as a percent', () => {
    render(<Progress label="Documents signed" value={3} max={4} />);
    const bar = screen.getByRole('progressbar', { name: 'Documents signed' });
    expect(bar).toHaveAttribute('value', '3');
    expect(bar).toHaveAttribute('max', '4');
    expect(bar).toHaveAttribute('aria-valuetext', '75%');
    expect(screen.getByText('75%')).toBeInTheDocument();
  });

  it('without a value is indeterminate and shows no percent', () => {
    render(<Progress label="Checking the deposit" />);
    const bar = screen.getByRole('progressbar', { name: 'Checking the deposit' });
    expect(bar).not.toHaveAttribute('value');
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });
});
