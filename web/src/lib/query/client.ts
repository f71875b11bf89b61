import { QueryClient } from '@tanstack/react-query';

/**
 * The app's server-state cache. A failed request is not retried on its own (the screens say it
 * failed and offer Refresh, and a retry of a money call is the idempotency key's job); socket
 * events and reconnects keep the cache current instead of focus refetches.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** The one client of the running app (tests make their own with `createQueryClient`). */
export const queryClient = createQueryClient();
