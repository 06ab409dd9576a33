import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  BACKGROUND_MOTION_QUERY,
  BACKGROUND_POSTER_SRC,
  BACKGROUND_VIDEO_SRC,
  BackgroundVideo,
} from './background-video.js';

function allowMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === BACKGROUND_MOTION_QUERY && matches,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

let play: MockInstance<HTMLMediaElement['play']>;
let pause: MockInstance<HTMLMediaElement['pause']>;

beforeEach(() => {
  sessionStorage.clear();
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: false, configurable: true });
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    Object.defineProperty(this, 'paused', { value: true, configurable: true });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderIdle() {
  const view = render(<BackgroundVideo />);
  // Nothing before the browser is idle: the first paint is the page alone.
  expect(document.querySelector('video')).toBeNull();
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  return view;
}

describe('the background video', () => {
  it('plays muted and looping behind the page where motion is welcome, and can be paused', async () => {
    allowMotion(true);
    await renderIdle();
    const video = document.querySelector('video');
    expect(video).not.toBeNull();
    expect(video?.muted).toBe(true);
    expect(video?.loop).toBe(true);
    expect(video).toHaveAttribute('poster', BACKGROUND_POSTER_SRC);
    expect(video).toHaveAttribute('preload', 'none');
    expect(video?.querySelector('source')).toHaveAttribute('src', BACKGROUND_VIDEO_SRC);
    expect(video?.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(play).toHaveBeenCalledTimes(1);

    const toggle = screen.getByRole('button', { name: 'Pause background animation' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    expect(pause).toHaveBeenCalledTimes(1);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(sessionStorage.getItem('pledge.backgroundVideo.paused')).toBe('true');
  });

  it('shows only its still on a phone or with reduced motion, with nothing to pause', async () => {
    allowMotion(false);
    await renderIdle();
    expect(document.querySelector('video')).toHaveAttribute('poster', BACKGROUND_POSTER_SRC);
    expect(play).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Pause background animation' })).toBeNull();
  });

  it('stays still for a reader who paused it earlier in the visit', async () => {
    sessionStorage.setItem('pledge.backgroundVideo.paused', 'true');
    allowMotion(true);
    await renderIdle();
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pause background animation' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
