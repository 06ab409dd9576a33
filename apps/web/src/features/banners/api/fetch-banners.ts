import { getBanners, type TBanner } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';

/**
 * The remote banners, fetched past every cache (an agent's change shows on the next page load).
 * Malformed data or a failed fetch means no banners (document 2 §8): never an error on the page.
 */
export async function fetchBanners(): Promise<TBanner[]> {
  try {
    return await apiRequest(getBanners, { cache: 'no-store' });
  } catch (error) {
    console.debug(`Banners not shown: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}
