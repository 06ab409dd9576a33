import {
  createContext,
  isValidElement,
  lazy,
  useContext,
  useEffect,
  useReducer,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import { ScreenLoading } from '../ui/layout/app-layout.js';
import { isRouteHandle } from '../ui/layout/route-handle.js';
import { useRouteTitle } from '../ui/layout/use-route-title.js';

/** A lazily loaded screen or layout; `preload` loads its code (once) ahead of its first render. */
export type TLazyScreen = ComponentType & { preload: () => Promise<ComponentType> };

/** What every module under src/routes exports: its screen, and what the screen says of itself. */
export interface TScreenModule {
  Component: ComponentType;
  handle?: unknown;
}

interface TScreensShown {
  /** Whether this router has shown a screen yet: not during the first page load. */
  hasShownScreen: boolean;
  onScreenShown: () => void;
}

/** Provided by the layout, which outlives the screens shown in it. */
export const ScreensShownContext = createContext<TScreensShown>({
  hasShownScreen: true,
  onScreenShown: () => undefined,
});

// How many screens' code is on its way; the layout shows its progress bar meanwhile.
let loadingScreens = 0;
const listeners = new Set<() => void>();

// Counted after the current render: a screen asks for its code while React renders it.
function changeLoadingScreens(delta: number): void {
  queueMicrotask(() => {
    loadingScreens += delta;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function isAnyScreenLoading(): boolean {
  return loadingScreens > 0;
}

/** True while the code of a screen about to be shown is still loading. */
export function useIsScreenLoading(): boolean {
  return useSyncExternalStore(subscribe, isAnyScreenLoading, isAnyScreenLoading);
}

/** The screen, naming the page after its handle's title (or after the brand alone). */
function titledScreen({ Component, handle }: TScreenModule): ComponentType {
  const title = isRouteHandle(handle) ? handle.title : undefined;
  return function TitledScreen() {
    const { onScreenShown } = useContext(ScreensShownContext);
    useRouteTitle(title);
    useEffect(onScreenShown, [onScreenShown]);
    return <Component />;
  };
}

/**
 * A component whose code loads the first time it is shown. On the first page load the layout shows
 * "Loading…" until it is there; a later navigation suspends, so the current screen stays (the
 * router navigates in transitions) until the next one is ready. The first load is not a suspense:
 * React holds back content revealed after a suspense fallback for up to 300 ms.
 */
export function lazyComponent(load: () => Promise<ComponentType>): TLazyScreen {
  let component: ComponentType | undefined;
  let failure: { error: unknown } | undefined;
  let loading: Promise<ComponentType> | undefined;

  function preload(): Promise<ComponentType> {
    if (loading === undefined) {
      changeLoadingScreens(1);
      loading = load()
        .then(
          (loaded) => (component = loaded),
          (error: unknown) => {
            failure = { error };
            throw error;
          },
        )
        .finally(() => changeLoadingScreens(-1));
    }
    return loading;
  }

  const SuspendingComponent = lazy(async () => ({ default: await preload() }));

  function LazyComponent() {
    const { hasShownScreen } = useContext(ScreensShownContext);
    const [, onSettled] = useReducer((settledCount: number) => settledCount + 1, 0);
    const isFirstLoad = !hasShownScreen && component === undefined && failure === undefined;
    useEffect(() => {
      if (!isFirstLoad) return;
      let isMounted = true;
      const settle = () => {
        if (isMounted) onSettled();
      };
      preload().then(settle, settle);
      return () => {
        isMounted = false;
      };
    }, [isFirstLoad]);
    if (component !== undefined) {
      const Component = component;
      return <Component />;
    }
    // Into the layout's error boundary, which tells the borrower.
    if (failure !== undefined) throw failure.error;
    return isFirstLoad ? <ScreenLoading /> : <SuspendingComponent />;
  }
  return Object.assign(LazyComponent, { preload });
}

/** A screen of src/routes, loaded as lazyComponent loads, named after its handle's title. */
export function lazyScreen(load: () => Promise<TScreenModule>): TLazyScreen {
  return lazyComponent(() => load().then(titledScreen));
}

/**
 * The preload of the lazy screen in a route's element, looked for through wrapping guards
 * (`<RequireResidence><Screen /></RequireResidence>`); undefined for an element without one.
 */
export function screenPreloadOf(node: ReactNode): (() => Promise<unknown>) | undefined {
  if (!isValidElement<{ children?: ReactNode }>(node)) return undefined;
  const { type } = node;
  if (typeof type === 'function' && 'preload' in type && typeof type.preload === 'function') {
    return type.preload as () => Promise<unknown>;
  }
  const { children } = node.props;
  const nodes: ReactNode[] = Array.isArray(children) ? children : [children];
  for (const child of nodes) {
    const preload = screenPreloadOf(child);
    if (preload !== undefined) return preload;
  }
  return undefined;
}
