import { QueryClient } from '@tanstack/react-query';

/**
 * Query defaults of document 2 §7: data is fetched when a screen needs it and not again on mount,
 * reconnect or window focus, and a failed call is not retried (screens offer their own retry).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
