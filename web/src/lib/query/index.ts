export { connectCache } from './cache-sync.ts';
export { createQueryClient, queryClient } from './client.ts';
export * from './keys.ts';
