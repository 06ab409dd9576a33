/** What a route declares about itself in its `handle`. */
export interface TRouteHandle {
  /** The page title, shown before the brand's name in the browser tab. */
  title: string;
}

export function isRouteHandle(handle: unknown): handle is TRouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    typeof (handle as { title?: unknown }).title === 'string'
  );
}
