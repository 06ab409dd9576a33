import { queryOptions } from '@tanstack/react-query';
import { fetchBanners } from './fetch-banners.js';

/**
 * The remote banners, once per page load. The fetch and its schemas load with the banner area,
 * after the page has rendered.
 */
export const bannersQuery = queryOptions({
  queryKey: ['banners'] as const,
  queryFn: fetchBanners,
});
