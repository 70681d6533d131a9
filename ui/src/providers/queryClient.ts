// react-admin's query cache, tuned as spec §9 says: data is never stale on its own (mutations
// invalidate what they change), no interval refetch, no refetch on focus, no retries.
import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: Infinity,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      retry: false,
    },
  },
});
