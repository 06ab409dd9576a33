import { Component, useContext, useEffect, type ReactNode } from 'react';
import { RouteError } from '../ui/layout/route-error.js';
import { ScreensShownContext } from './lazy-screen.js';

/** The error, shown in place of a screen (and counted as one, for the focus). */
function ScreenError({ error }: { error: unknown }) {
  const { onScreenShown } = useContext(ScreensShownContext);
  useEffect(onScreenShown, [onScreenShown]);
  return <RouteError error={error} />;
}

interface TScreenErrorBoundaryProps {
  /** The current path: the error stays behind when the borrower goes elsewhere. */
  resetKey: string;
  children: ReactNode;
}

interface TScreenErrorBoundaryState {
  error: unknown;
  hasError: boolean;
  resetKey: string;
}

/** Shows a screen that failed to load or threw while rendering as an error inside the layout. */
export class ScreenErrorBoundary extends Component<
  TScreenErrorBoundaryProps,
  TScreenErrorBoundaryState
> {
  override state: TScreenErrorBoundaryState = {
    error: undefined,
    hasError: false,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<TScreenErrorBoundaryState> {
    return { error, hasError: true };
  }

  // Cleared in the same render as the navigation, so the next screen loads like any other.
  static getDerivedStateFromProps(
    props: TScreenErrorBoundaryProps,
    state: TScreenErrorBoundaryState,
  ): Partial<TScreenErrorBoundaryState> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: undefined, hasError: false, resetKey: props.resetKey };
  }

  override render(): ReactNode {
    return this.state.hasError ? <ScreenError error={this.state.error} /> : this.props.children;
  }
}
