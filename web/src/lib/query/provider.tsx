import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { connectionStore, realtime } from '../socket.ts';
import { connectCache } from './cache-sync.ts';

function CacheSync({ client }: { client: QueryClient }) {
  useEffect(() => connectCache(realtime, connectionStore, client), [client]);
  return null;
}

/** The server-state cache for everything below it, kept current by the socket's events. */
export function QueryProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <CacheSync client={client} />
      {children}
    </QueryClientProvider>
  );
}
