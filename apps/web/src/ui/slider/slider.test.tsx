import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatSliderUsd, Slider, sliderRange } from './slider.js';

describe('sliderRange', () => {
  it.each([
    [undefined, undefined, { min: 0, max: 100 }],
    [5000, undefined, { min: 5000, max: 5100 }],
    [undefined, 50, { min: 0, max: 50 }],
    [5000, 2000000, { min: 5000, max: 2000000 }],
  ])('min %j, max %j → %j', (min, max, expected) => {
    expect(sliderRange(min, max)).toEqual(expected);
  });
});

describe('formatSliderUsd', () => {
  it.each([
    [0, '$0'],
    [5000, '$5,000'],
    [2000000, '$2,000,000'],
    [5000.5, '$5,000.50'],
  ])('%j → %j', (dollars, text) => {
    expect(formatSliderUsd(dollars)).toBe(text);
  });
});

describe('Slider', () => {
  it('defaults to 0 to 100 with dollar footer labels', () => {
    render(<Slider label="Amount" />);
    const slider = screen.getByRole('slider', { name: 'Amount' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '100');
    expect(screen.getByText('$0')).toBeInTheDocument();
    expect(screen.getByText('$100')).toBeInTheDocument();
  });

  it('with only a minimum ends at the minimum plus 100', () => {
    render(<Slider label="Cash to borrow" min={5000} />);
    const slider = screen.getByRole('slider', { name: 'Cash to borrow' });
    expect(slider).toHaveAttribute('max', '5100');
    expect(screen.getByText('$5,100')).toBeInTheDocument();
  });

  it('speaks its value in dollars and reports changes', () => {
    const onValueChange = vi.fn();
    render(
      <Slider
        label="Cash to borrow"
        min={5000}
        max={100000}
        step={1000}
        defaultValue={20000}
        onValueChange={onValueChange}
      />,
    );
    const slider = screen.getByRole('slider', { name: 'Cash to borrow' });
    expect(slider).toHaveAttribute('aria-valuetext', '$20,000');
    fireEvent.change(slider, { target: { value: '21000' } });
    expect(onValueChange).toHaveBeenCalledWith(21000);
    expect(slider).toHaveAttribute('aria-valuetext', '$21,000');
  });

  it('read-only keeps its value', () => {
    const onValueChange = vi.fn();
    render(<Slider label="Cash" value={30} isReadOnly onValueChange={onValueChange} />);
    const slider = screen.getByRole('slider', { name: 'Cash' });
    fireEvent.change(slider, { target: { value: '40' } });
    expect(onValueChange).not.toHaveBeenCalled();
    expect(slider).toHaveValue('30');
    expect(slider).toHaveAttribute('aria-readonly', 'true');
  });

  it('can be invalid or disabled', () => {
    render(
      <>
        <Slider label="A" error="Amount maximum is $100" />
        <Slider label="B" isDisabled />
      </>,
    );
    expect(screen.getByRole('slider', { name: 'A' })).toHaveAccessibleDescription(
      'Error: Amount maximum is $100',
    );
    expect(screen.getByRole('slider', { name: 'B' })).toBeDisabled();
  });
});
