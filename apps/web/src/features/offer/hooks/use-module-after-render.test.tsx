import { Component, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { loadOnce, useModuleAfterRender } from './use-module-after-render.js';

const MODULE = { answer: 42 };

/** Catches what a screen throws, as the layout's boundary does. */
class Boundary extends Component<
  { onError: (error: unknown) => void; children: ReactNode },
  { hasFailed: boolean }
> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

describe('loadOnce', () => {
  it('loads once, and again after a failure', async () => {
    const load = vi
      .fn<() => Promise<typeof MODULE>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(MODULE);
    const loadModule = loadOnce(load);
    await expect(loadModule()).rejects.toThrow('offline');
    await expect(loadModule()).resolves.toBe(MODULE);
    await expect(loadModule()).resolves.toBe(MODULE);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useModuleAfterRender', () => {
  it('is undefined on the first render, even with the module already loaded', async () => {
    const load = loadOnce(() => Promise.resolve(MODULE));
    await load();
    function Probe() {
      return <p>{useModuleAfterRender(load) === undefined ? 'none' : 'loaded'}</p>;
    }
    expect(renderToString(<Probe />)).toBe('<p>none</p>');
  });

  it('answers the module once it has loaded after the render', async () => {
    const load = loadOnce(() => Promise.resolve(MODULE));
    const { result } = renderHook(() => useModuleAfterRender(load));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe(MODULE));
  });

  it('loads nothing while the module is not needed', async () => {
    const load = vi.fn(() => Promise.resolve(MODULE));
    const { result, rerender } = renderHook(
      ({ isNeeded }) => useModuleAfterRender(isNeeded ? load : null),
      { initialProps: { isNeeded: false } },
    );
    expect(result.current).toBeUndefined();
    expect(load).not.toHaveBeenCalled();
    rerender({ isNeeded: true });
    await waitFor(() => expect(result.current).toBe(MODULE));
  });

  it("throws a failure to load into the screen's error boundary", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failure = new Error('Failed to fetch dynamically imported module');
    const load = loadOnce(() => Promise.reject<typeof MODULE>(failure));
    const onError = vi.fn();
    renderHook(() => useModuleAfterRender(load), {
      wrapper: ({ children }) => <Boundary onError={onError}>{children}</Boundary>,
    });
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure));
  });
});
