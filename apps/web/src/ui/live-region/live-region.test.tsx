import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_REGION_CLEAR_MS } from '@pledge/domain';
import { useLiveRegion, type TPoliteness } from './live-region.js';

function Announcer({ politeness }: { politeness?: TPoliteness }) {
  const { announce, liveRegion } = useLiveRegion(politeness);
  return (
    <>
      <button type="button" onClick={() => announce('Offer updated')}>
        Announce
      </button>
      {liveRegion}
    </>
  );
}

describe('useLiveRegion', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is in the page, empty, before anything is announced', () => {
    render(<Announcer />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('says a message and clears it LIVE_REGION_CLEAR_MS later', () => {
    vi.useFakeTimers();
    render(<Announcer />);
    fireEvent.click(screen.getByRole('button', { name: 'Announce' }));
    expect(screen.getByRole('status')).toHaveTextContent('Offer updated');
    act(() => {
      vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS - 1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Offer updated');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('announces the same message again after it was cleared', () => {
    vi.useFakeTimers();
    render(<Announcer />);
    fireEvent.click(screen.getByRole('button', { name: 'Announce' }));
    act(() => {
      vi.advanceTimersByTime(LIVE_REGION_CLEAR_MS);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Announce' }));
    expect(screen.getByRole('status')).toHaveTextContent('Offer updated');
  });

  it('interrupts when assertive', () => {
    render(<Announcer politeness="assertive" />);
    expect(screen.getByRole('alert')).toHaveAttribute('aria-live', 'assertive');
  });
});
