import { queryOptions } from '@tanstack/react-query';

/**
 * The remote banners, once per page load. The fetch and its schemas load with the first request,
 * after the page has rendered.
 */
export const bannersQuery = queryOptions({
  queryKey: ['banners'] as const,
  queryFn: async () => (await import('./fetch-banners.js')).fetchBanners(),
});
